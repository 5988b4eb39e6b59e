import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { AuthModule } from '../auth/auth.module';
import { PanelController } from './panel.controller';
import { PanelService } from './panel.service';

/** Staff panel: `/panel/economy/log`, `/panel/achievements/log` (JWT required). */
@Module({
  imports: [PersistenceModule, AuthModule],
  controllers: [PanelController],
  providers: [PanelService],
})
export class PanelModule {}
