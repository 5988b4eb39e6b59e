import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@craftstats/persistence';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';

/**
 * One TypeORM DataSource per process, migrated before the app accepts requests (the migration
 * runner serializes concurrent starts of both apps), destroyed last on shutdown.
 */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DataSource> => {
        const logger = new Logger('Database');
        const dataSource = createDataSource(config.database);
        await dataSource.initialize();
        const applied = await runMigrations(dataSource);
        logger.log({
          msg: 'Database ready',
          dialect: config.database.kind,
          migrationsApplied: applied.map((m) => m.name),
        });
        return dataSource;
      },
    },
  ],
  exports: [DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
