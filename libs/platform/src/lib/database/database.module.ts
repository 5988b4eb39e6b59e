import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  PUBLIC_READ_DATA_SOURCE,
  boundDatabaseWaits,
  createDataSource,
  createReadDataSource,
  destroyWithin,
  runMigrations,
} from '@craftstats/persistence';
import { APP_CONFIG } from '../config/config.module';
import { ServiceConfig } from '../config/app-config';

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
      useFactory: async (config: ServiceConfig): Promise<DataSource> => {
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
    {
      // Public reads: the replicas of DATABASE_REPLICA_URLS (primary as the fallback), else the primary.
      provide: PUBLIC_READ_DATA_SOURCE,
      inject: [APP_CONFIG, DataSource],
      useFactory: async (config: ServiceConfig, primary: DataSource): Promise<DataSource> => {
        if (config.database.kind !== 'mysql' || config.databaseReplicas.length === 0) return primary;
        const { dbConnectMs, dbQueryMs } = config.timeouts;
        const reads = createReadDataSource(config.database, config.databaseReplicas, {
          connectTimeoutMs: dbConnectMs,
        });
        await reads.initialize();
        boundDatabaseWaits(reads, { acquireMs: dbConnectMs, queryMs: dbQueryMs });
        new Logger('Database').log({
          msg: 'Public reads use read replicas',
          replicas: config.databaseReplicas.length,
        });
        return reads;
      },
    },
  ],
  exports: [DataSource, PUBLIC_READ_DATA_SOURCE],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: ServiceConfig,
    @Inject(PUBLIC_READ_DATA_SOURCE) private readonly publicReads: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    const ms = Math.ceil(this.config.timeouts.shutdownMs / 2);
    const sources =
      this.publicReads === this.dataSource ? [this.dataSource] : [this.publicReads, this.dataSource];
    for (const source of sources) {
      try {
        await destroyWithin(source, ms);
      } catch (error) {
        new Logger('Database').warn({
          msg: 'Database connections did not close in time; dropped them',
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}
