import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { MinecraftPinger, ServerListPinger } from './minecraft-pinger';
import { PlayerCountHistorySampler } from './player-count-history.sampler';
import { ServerStatusController } from './server-status.controller';
import { ServerStatusService } from './server-status.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [ServerStatusController],
  providers: [
    ServerStatusService,
    PlayerCountHistorySampler,
    microCacheProvider('server-status', CACHE_MAX_ENTRIES.fixed),
    { provide: MinecraftPinger, useClass: ServerListPinger },
  ],
})
export class ServerStatusModule {}
