import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, ApiConfig, ClockModule } from '@craftstats/platform';
import { AUTH_THROTTLER, PUBLIC_THROTTLER, RATE_LIMIT_WINDOW_MS } from './rate-limit.constants';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStorage } from './rate-limit.storage';

/** The counters' storage (on the platform's Clock), built before the ThrottlerModule options that hand the storage over. */
@Module({
  imports: [ClockModule],
  providers: [RateLimitStorage],
  exports: [RateLimitStorage],
})
export class RateLimitStorageModule {}

/**
 * Rate limiting of the API (global, so any feature module can use `@PublicRateLimit()` /
 * `@AuthRateLimit()` without importing anything). Named throttlers:
 * - 'public': RATE_LIMIT_PUBLIC requests per minute per client on the public read endpoints;
 * - 'auth': RATE_LIMIT_AUTH attempts per minute per client on the account endpoints, and
 *   AUTH_USERNAME_LIMIT_FACTOR times that per username from all clients together (docs/adr/0068).
 * Counters live in-process, or in Redis when REDIS_URL is set (keys prefixed with RATE_LIMIT_PREFIX).
 */
@Global()
@Module({
  imports: [
    RateLimitStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, RateLimitStorage],
      useFactory: (config: ApiConfig, storage: RateLimitStorage) => ({
        throttlers: [
          { name: PUBLIC_THROTTLER, limit: config.rateLimitPublic, ttl: RATE_LIMIT_WINDOW_MS },
          { name: AUTH_THROTTLER, limit: config.rateLimitAuth, ttl: RATE_LIMIT_WINDOW_MS },
        ],
        storage,
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard, RateLimitStorageModule, ThrottlerModule],
})
export class RateLimitModule {}
