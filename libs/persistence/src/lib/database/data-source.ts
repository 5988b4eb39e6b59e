import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource, DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import { ENTITIES } from './entities';
import { MYSQL_MIGRATIONS } from '../migrations/mysql';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';

export type DatabaseSettings =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'mysql';
      /** TypeORM driver flavour: only schema introspection differs (default values, quoting). */
      flavor?: 'mysql' | 'mariadb';
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
    };

export type Dialect = DatabaseSettings['kind'];

export interface DataSourceExtras {
  /** Only for tests that compare entities with migrations; production schema comes from migrations. */
  synchronize?: boolean;
  logger?: TypeOrmLogger;
  /** mysql2 pool size (default 10). */
  poolSize?: number;
  /** Opening a MySQL/MariaDB connection, ms (default 5000); queries: `boundDatabaseWaits`. */
  connectTimeoutMs?: number;
}

export function dataSourceOptions(
  settings: DatabaseSettings,
  extras: DataSourceExtras = {},
): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    synchronize: extras.synchronize ?? false,
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    logging: extras.logger ? (['error', 'warn', 'migration'] as const).slice() : false,
    logger: extras.logger,
  };
  if (settings.kind === 'sqlite') {
    if (settings.path !== ':memory:')
      mkdirSync(path.dirname(path.resolve(settings.path)), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: settings.path,
      migrations: SQLITE_MIGRATIONS,
      // WAL lets the API read while the ingestor writes; writers wait for each other up to `timeout`.
      enableWAL: settings.path !== ':memory:',
      timeout: 10_000,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
      },
    };
  }
  return {
    ...common,
    type: settings.flavor ?? 'mysql',
    host: settings.host,
    port: settings.port,
    username: settings.user,
    password: settings.password,
    database: settings.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    // A BIGINT that fits in a double's exact integers arrives as a number, a larger one as a decimal
    // string; DECIMAL stays a string (column-types.ts). Decoding every BIGINT to a string cost a `Long`
    // and its toString per value: ~25 per profile row (docs/performance.md, "Where a profile lookup's
    // time goes").
    supportBigNumbers: true,
    bigNumberStrings: false,
    migrations: MYSQL_MIGRATIONS,
    poolSize: extras.poolSize ?? 10,
    connectTimeout: extras.connectTimeoutMs ?? 5_000,
    extra: { enableKeepAlive: true },
  };
}

export function createDataSource(settings: DatabaseSettings, extras: DataSourceExtras = {}): DataSource {
  return new DataSource(dataSourceOptions(settings, extras));
}

export function dialectOf(dataSource: DataSource): Dialect {
  return dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb' ? 'mysql' : 'sqlite';
}

type MysqlSettings = Extract<DatabaseSettings, { kind: 'mysql' }>;

/** How long a replica that refused a connection is left out before it is tried again. */
export const REPLICA_RETRY_AFTER_MS = 5_000;

/**
 * The DataSource for public reads with read replicas, through TypeORM's replication support (a mysql2
 * PoolCluster): SELECTs go to the first replica that accepts a connection (`ORDER`), and the primary
 * is listed last among them, so when every replica refuses, reads fall back to the primary. A replica
 * that refused a connection is left out for REPLICA_RETRY_AFTER_MS, then tried again. Writes through
 * this DataSource (there are none) would go to the primary.
 */
export function createReadDataSource(
  primary: MysqlSettings,
  replicas: readonly MysqlSettings[],
  extras: DataSourceExtras = {},
): DataSource {
  const base = dataSourceOptions(primary, extras) as Extract<
    DataSourceOptions,
    { type: 'mysql' | 'mariadb' }
  >;
  const credentials = (s: MysqlSettings) => ({
    host: s.host,
    port: s.port,
    username: s.user,
    password: s.password,
    database: s.database,
  });
  return new DataSource({
    ...base,
    replication: {
      master: credentials(primary),
      slaves: [...replicas.map(credentials), credentials(primary)],
      selector: 'ORDER',
      defaultMode: 'slave',
      canRetry: true,
      removeNodeErrorCount: 1,
      restoreNodeTimeout: REPLICA_RETRY_AFTER_MS,
    },
  });
}

/**
 * Opens one connection to the database of `settings`, asks it `SELECT 1` and closes it: whether an app
 * or a tool can start on it. Rejects with the driver's error (see `databaseErrorCode`).
 */
export async function probeDatabase(settings: DatabaseSettings, connectTimeoutMs: number): Promise<void> {
  const dataSource = createDataSource(settings, { poolSize: 1, connectTimeoutMs });
  await dataSource.initialize();
  try {
    await dataSource.query('SELECT 1');
  } finally {
    await dataSource.destroy();
  }
}
