import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { PersistenceModule } from '@craftstats/persistence';
import { APP_CONFIG, ApiConfig } from '@craftstats/platform';
import { AuthTokenService } from './auth-token.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JWT_ALGORITHMS, JwtStrategy } from './jwt.strategy';

/**
 * Staff authentication: the HS256 JWT (config.jwtSecret, validated at start: at least 32 bytes, required
 * in production, otherwise random per start), the passport strategy and `JwtAuthGuard`.
 */
@Module({
  imports: [
    PersistenceModule,
    PassportModule.register({ session: false }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: ApiConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: [...JWT_ALGORITHMS] },
      }),
    }),
  ],
  providers: [JwtStrategy, JwtAuthGuard, AuthTokenService],
  exports: [JwtAuthGuard, AuthTokenService, PassportModule],
})
export class AuthModule implements OnModuleInit {
  constructor(@Inject(APP_CONFIG) private readonly config: ApiConfig) {}

  onModuleInit(): void {
    if (this.config.jwtSecretGenerated) {
      new Logger('Auth').warn({
        msg: 'JWT_SECRET is not set: signing staff tokens with a random key generated for this start. Tokens become invalid on restart and are not accepted by other API instances; set JWT_SECRET (at least 32 bytes) to keep them.',
        variable: 'JWT_SECRET',
      });
    }
  }
}
