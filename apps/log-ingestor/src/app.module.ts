import { DynamicModule, Module } from '@nestjs/common';
import { IngestorConfig, Metrics, PlatformModule } from '@craftstats/platform';
import { EventsModule } from './events/events.module';

/** The write path: game servers post their events here. Feature modules are listed here. */
@Module({})
export class AppModule {
  static forRoot(config: IngestorConfig, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forApp(config, metrics), EventsModule],
    };
  }
}
