import { DataSource } from 'typeorm';
import { dialectOf } from './data-source';
import { DatabaseTimeoutError, databaseWaitLimitsOf, withDatabaseTimeout } from './timeouts';

/** A result row as the driver returns it: column alias → value (mysql2: a BIGINT as a number when safe). */
export type DriverRow = Record<string, unknown>;

/** The parts of a mysql2 (callback API) pool connection used here. */
interface MysqlConnection {
  execute(sql: string, values: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
  release(): void;
  destroy(): void;
}

/** TypeORM's MysqlDriver: a pooled connection for a read (a replica with `replication`, else the pool). */
interface MysqlDriverConnections {
  obtainSlaveConnection(): Promise<MysqlConnection>;
}

interface SqliteStatement {
  get(...params: unknown[]): unknown;
}

/** better-sqlite3's Database, TypeORM's BetterSqlite3Driver `databaseConnection`. */
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
}

function execute(connection: MysqlConnection, sql: string, params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    connection.execute(sql, params, (error, rows) => (error ? reject(error) : resolve(rows)));
  });
}

function firstRow(rows: unknown): DriverRow | undefined {
  return Array.isArray(rows) ? (rows[0] as DriverRow | undefined) : undefined;
}

/**
 * One-row reads as prepared statements on the driver underneath TypeORM (ADR 0035): no query runner,
 * no query builder, no entity hydration — the caller maps the driver's row itself. Used by the profile
 * lookup only, the one read where it beats `manager.query` with the same SQL by a clear margin (about a
 * quarter less MariaDB CPU per lookup, docs/performance.md); every other raw read goes through
 * `manager.query` (ADR 0074).
 *
 * - MySQL/MariaDB: a connection of the mysql2 pool TypeORM made, taken the way a TypeORM read takes
 *   it (`obtainSlaveConnection`: a read replica when the DataSource has `replication`, the primary as
 *   their fallback, else the only pool), then `execute` — a server-side prepared statement that
 *   mysql2 caches per connection (by SQL text), so each connection prepares it once. The waits are
 *   bounded exactly as `boundDatabaseWaits` bounds TypeORM's own queries: acquire ≤ `acquireMs`,
 *   acquire plus query ≤ `queryMs`; a query that runs out of time destroys its connection.
 * - SQLite: better-sqlite3's `prepare`, cached per database handle and SQL text (callers pass a fixed
 *   set of statements, so the cache is bounded by the code, not by the requests).
 */
export class PreparedReads {
  private readonly sqliteStatements = new WeakMap<SqliteDatabase, Map<string, SqliteStatement>>();

  constructor(private readonly dataSource: DataSource) {}

  /** The first row `sql` returns for `params`, or undefined when there is none. */
  one(sql: string, params: unknown[]): Promise<DriverRow | undefined> {
    return dialectOf(this.dataSource) === 'mysql' ? this.mysqlOne(sql, params) : this.sqliteOne(sql, params);
  }

  private async mysqlOne(sql: string, params: unknown[]): Promise<DriverRow | undefined> {
    const driver = this.dataSource.driver as unknown as MysqlDriverConnections;
    const limits = databaseWaitLimitsOf(this.dataSource);
    if (limits === undefined) {
      const connection = await driver.obtainSlaveConnection();
      try {
        return firstRow(await execute(connection, sql, params));
      } finally {
        connection.release();
      }
    }
    // Set once the caller has been answered with a time-out: a connection that arrives (or a query
    // that ends) after that must not be used or handed back as if nothing happened.
    let abandoned = false;
    let held: MysqlConnection | undefined;
    const acquired = driver.obtainSlaveConnection().then((connection) => {
      if (abandoned) {
        connection.release();
        throw new DatabaseTimeoutError('acquire', limits.acquireMs);
      }
      held = connection;
      return connection;
    });
    const work = withDatabaseTimeout(acquired, 'acquire', limits.acquireMs, () => {
      abandoned = true;
    }).then(async (connection) => {
      try {
        return await execute(connection, sql, params);
      } finally {
        if (!abandoned) connection.release();
      }
    });
    const rows = await withDatabaseTimeout(work, 'query', limits.queryMs, () => {
      abandoned = true;
      // mysql2 would hand the connection back with the unanswered statement still queued on it.
      held?.destroy();
    });
    return firstRow(rows);
  }

  private async sqliteOne(sql: string, params: unknown[]): Promise<DriverRow | undefined> {
    const database = (this.dataSource.driver as unknown as { databaseConnection: SqliteDatabase })
      .databaseConnection;
    let statements = this.sqliteStatements.get(database);
    if (statements === undefined) {
      statements = new Map();
      this.sqliteStatements.set(database, statements);
    }
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement.get(...params) as DriverRow | undefined;
  }
}
