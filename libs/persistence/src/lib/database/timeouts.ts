import { DataSource, QueryRunner } from 'typeorm';

/** Error code of a database wait that ran out of time; `isDatabaseUnavailableError` maps it to 503. */
export const DATABASE_TIMEOUT_CODE = 'DATABASE_TIMEOUT';

/** A database wait (pool acquire, query, close) that did not end within its bound. */
export class DatabaseTimeoutError extends Error {
  readonly code = DATABASE_TIMEOUT_CODE;
  constructor(
    readonly wait: 'acquire' | 'query' | 'close',
    readonly ms: number,
  ) {
    super(`Database ${wait} did not finish within ${ms} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

export interface DatabaseWaitLimits {
  /** Waiting for a pooled connection (which may include opening one). */
  acquireMs: number;
  /** One query, from asking for its connection to its result. */
  queryMs: number;
}

/** The limits `boundDatabaseWaits` put on each DataSource, for reads that go to the driver directly. */
const LIMITS = new WeakMap<DataSource, DatabaseWaitLimits>();

/**
 * The wait limits of a DataSource bounded by `boundDatabaseWaits` (undefined for SQLite and for a
 * DataSource left unbounded, e.g. while migrating). A read that bypasses TypeORM's query runners
 * (`PreparedReads`) applies them itself.
 */
export function databaseWaitLimitsOf(dataSource: DataSource): DatabaseWaitLimits | undefined {
  return LIMITS.get(dataSource);
}

/** Resolves like `promise`, or rejects with DatabaseTimeoutError after `ms` (then calls `onTimeout`). */
export function withDatabaseTimeout<T>(
  promise: Promise<T>,
  wait: DatabaseTimeoutError['wait'],
  ms: number,
  onTimeout: () => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new DatabaseTimeoutError(wait, ms));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The parts of a mysql2 pool connection used here. */
interface PooledConnection {
  release(): void;
  destroy(): void;
}

type BoundedRunner = QueryRunner & {
  databaseConnection?: PooledConnection;
  connect(): Promise<PooledConnection>;
};

/**
 * Bounds every wait of a MySQL/MariaDB DataSource, so a database that freezes without closing its
 * connections (a paused VM, a network partition) costs a request seconds, not the length of the
 * freeze. Every query runner TypeORM creates (repositories, `query`, transactions) gets:
 * - pool acquire ≤ `acquireMs` (a connection that arrives later is given back to the pool);
 * - each query ≤ `queryMs`; on time-out its connection is destroyed — mysql2 would otherwise return
 *   it to the pool with the unanswered query still queued on it — and the runner refuses further
 *   queries at once (a transaction's ROLLBACK does not wait another `queryMs`).
 * Opening a connection is bounded by mysql2's `connectTimeout` (dataSourceOptions). SQLite is a file
 * in this process and is left alone.
 */
export function boundDatabaseWaits(dataSource: DataSource, limits: DatabaseWaitLimits): void {
  const type = dataSource.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return;
  LIMITS.set(dataSource, limits);
  const driver = dataSource.driver as unknown as {
    createQueryRunner(mode: 'master' | 'slave'): QueryRunner;
  };
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode) as BoundedRunner;
    const connect = runner.connect.bind(runner);
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    let broken: DatabaseTimeoutError | null = null;
    runner.connect = () => {
      if (runner.databaseConnection !== undefined) return connect();
      const pending = connect();
      return withDatabaseTimeout(pending, 'acquire', limits.acquireMs, () => {
        pending.then(
          (connection) => {
            if (runner.isReleased) connection.release();
          },
          () => undefined,
        );
      });
    };
    (runner as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      if (broken !== null) return Promise.reject(broken);
      return withDatabaseTimeout(query(...args), 'query', limits.queryMs, () => {
        broken = new DatabaseTimeoutError('query', limits.queryMs);
        runner.databaseConnection?.destroy();
      });
    };
    return runner;
  };
}

/**
 * `dataSource.destroy()` within `ms`. Past it (connections that never answer the goodbye), every
 * pooled socket is destroyed instead and DatabaseTimeoutError thrown, so shutdown always ends.
 */
export async function destroyWithin(dataSource: DataSource, ms: number): Promise<void> {
  if (!dataSource.isInitialized) return;
  await withDatabaseTimeout(dataSource.destroy(), 'close', ms, () => {
    const pool = (dataSource.driver as unknown as { pool?: { _allConnections?: { toArray?(): unknown[] } } })
      .pool;
    for (const connection of pool?._allConnections?.toArray?.() ?? []) {
      (connection as PooledConnection).destroy();
    }
  });
}
