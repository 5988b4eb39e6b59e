import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LogRepository } from '@craftstats/domain';
import { TypeOrmLogRepository } from '@craftstats/persistence';
import { AuthModule } from '../auth/auth.module';
import { PanelController } from './panel.controller';
import { PanelService } from './panel.service';

/** Staff panel: `/panel/economy/log`, `/panel/achievements/log` (JWT required). */
@Module({
  imports: [AuthModule],
  controllers: [PanelController],
  providers: [
    {
      provide: LogRepository,
      inject: [DataSource],
      useFactory: (ds: DataSource) => new TypeOrmLogRepository(ds),
    },
    PanelService,
  ],
})
export class PanelModule {}
