import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PlayerRepository } from '@craftstats/domain';
import { TypeOrmPlayerRepository } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({
  imports: [HttpCacheModule],
  controllers: [PlayersController],
  providers: [
    PlayersService,
    microCacheProvider('players', CACHE_MAX_ENTRIES.profiles),
    {
      provide: PlayerRepository,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new TypeOrmPlayerRepository(dataSource),
    },
  ],
})
export class PlayersModule {}
