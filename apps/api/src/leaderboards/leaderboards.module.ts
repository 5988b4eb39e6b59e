import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { LeaderboardsController } from './leaderboards.controller';
import { LeaderboardsService } from './leaderboards.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [LeaderboardsController],
  providers: [LeaderboardsService, microCacheProvider('leaderboards', CACHE_MAX_ENTRIES.fixed)],
})
export class LeaderboardsModule {}
