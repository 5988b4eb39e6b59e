import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LogRepository } from '@craftstats/domain';
import { TypeOrmLogRepository } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

@Module({
  imports: [HttpCacheModule],
  controllers: [LogsController],
  providers: [
    LogsService,
    microCacheProvider('logs', CACHE_MAX_ENTRIES.fixed),
    {
      provide: LogRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new TypeOrmLogRepository(dataSource),
    },
  ],
})
export class LogsModule {}
