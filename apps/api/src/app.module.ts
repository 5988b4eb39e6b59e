import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, Metrics, PlatformModule } from '@craftstats/platform';

/** The public read API, staff accounts and the staff panel. Feature modules are listed here. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forApp(config, metrics)],
    };
  }
}
