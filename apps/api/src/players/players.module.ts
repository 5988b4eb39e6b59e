import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [PlayersController],
  // A million players, most looked up once within a TTL: a profile is kept from its second load (ADR 0083).
  providers: [PlayersService, microCacheProvider('players', CACHE_MAX_ENTRIES.profiles, 'repeated')],
})
export class PlayersModule {}
