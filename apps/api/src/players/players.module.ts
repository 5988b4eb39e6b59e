import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [PlayersController],
  providers: [PlayersService, microCacheProvider('players', CACHE_MAX_ENTRIES.profiles)],
})
export class PlayersModule {}
