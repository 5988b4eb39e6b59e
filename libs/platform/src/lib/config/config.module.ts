import { DynamicModule, Global, Module } from '@nestjs/common';
import { ServiceConfig } from './app-config';

/** Injection token of the validated ServiceConfig: `@Inject(APP_CONFIG) config: ServiceConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
