import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LeaderboardRepository } from '@craftstats/domain';
import { TypeOrmLeaderboardRepository } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { LeaderboardsController } from './leaderboards.controller';
import { LeaderboardsService } from './leaderboards.service';

@Module({
  imports: [HttpCacheModule],
  controllers: [LeaderboardsController],
  providers: [
    LeaderboardsService,
    microCacheProvider('leaderboards', CACHE_MAX_ENTRIES.fixed),
    {
      provide: LeaderboardRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new TypeOrmLeaderboardRepository(dataSource),
    },
  ],
})
export class LeaderboardsModule {}
