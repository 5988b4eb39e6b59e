import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** `POST /v1/events`: game servers deliver their log events (docs/ingestion.md). */
@Module({
  imports: [PersistenceModule],
  controllers: [EventsController],
  providers: [EventsService],
})
export class EventsModule {}
