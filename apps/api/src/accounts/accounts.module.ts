import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { AuthModule } from '../auth/auth.module';
import { AccountsController } from './accounts.controller';
import { AccountErrorAnswer } from './accounts.errors';
import { PasswordHasher } from './accounts.credentials';
import { AccountsService } from './accounts.service';

/** Staff accounts: `/account/register`, `/account/login`, `/account/me`. */
@Module({
  imports: [PersistenceModule, AuthModule],
  controllers: [AccountsController],
  providers: [AccountsService, PasswordHasher, AccountErrorAnswer],
})
export class AccountsModule {}
