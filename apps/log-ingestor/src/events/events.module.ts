import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventStore } from '@craftstats/domain';
import { TypeOrmEventStore } from '@craftstats/persistence';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** `POST /v1/events`: game servers deliver their log events (SPEC section 5). */
@Module({
  controllers: [EventsController],
  providers: [
    EventsService,
    {
      provide: EventStore,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new TypeOrmEventStore(dataSource),
    },
  ],
})
export class EventsModule {}
