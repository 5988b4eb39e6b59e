import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { LogStreams } from './log-streams';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [LogsController],
  providers: [LogsService, LogStreams, microCacheProvider('logs', CACHE_MAX_ENTRIES.fixed)],
})
export class LogsModule {}
