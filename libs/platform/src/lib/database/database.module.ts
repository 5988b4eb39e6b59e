import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { boundDatabaseWaits, createDataSource, destroyWithin, runMigrations } from '@craftstats/persistence';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';

/**
 * One TypeORM DataSource per process, migrated before the app accepts requests (the migration
 * runner serializes concurrent starts of both apps), destroyed last on shutdown. Every wait on it is
 * bounded (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS; closing: half of SHUTDOWN_TIMEOUT_MS).
 */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DataSource> => {
        const logger = new Logger('Database');
        const { dbConnectMs, dbQueryMs } = config.timeouts;
        const dataSource = createDataSource(config.database, { connectTimeoutMs: dbConnectMs });
        await dataSource.initialize();
        const applied = await runMigrations(dataSource);
        // Bounded after the migrations, which may rightly take longer than one request's query.
        boundDatabaseWaits(dataSource, { acquireMs: dbConnectMs, queryMs: dbQueryMs });
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
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    try {
      await destroyWithin(this.dataSource, Math.ceil(this.config.timeouts.shutdownMs / 2));
    } catch (error) {
      new Logger('Database').warn({
        msg: 'Database connections did not close in time; dropped them',
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
