import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthController } from './health/health.controller';
import { Metrics, MetricsModule } from './metrics/metrics';
import { ClockModule } from './time/clock';

/** Configuration, database, clock, health and metrics: what every app of craftstats imports first. */
@Module({})
export class PlatformModule {
  static forApp(config: ServiceConfig, metrics: Metrics): DynamicModule {
    return {
      module: PlatformModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, ClockModule, MetricsModule.forApp(metrics)],
      controllers: [HealthController],
    };
  }
}
