import { DataSource, EntityManager } from 'typeorm';
import { dialectOf } from './data-source';
import { isRetryableTransactionError } from './database-errors';

const MAX_ATTEMPTS = 6;

/** A race with another writer that a fresh attempt of the whole transaction resolves. */
export function isRaceError(error: unknown): boolean {
  if (isRetryableTransactionError(error)) return true;
  const code =
    (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ??
    (error as { code?: string })?.code;
  // Two writers creating the same new player: the loser retries and then finds the row.
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** SQLite has one connection per DataSource: its transactions in this process run one after another. */
const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();

function exclusive<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dialectOf(dataSource) !== 'sqlite') return work();
  const run = (sqliteQueues.get(dataSource) ?? Promise.resolve()).then(work, work);
  sqliteQueues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Runs `work` in one transaction that writes projections: READ COMMITTED on MySQL/MariaDB (after
 * taking a player's row lock, every read sees what other transactions committed for that player),
 * the file's write lock on SQLite. Deadlocks, lock timeouts, SQLITE_BUSY and creation races roll back
 * and run the whole transaction again (up to 6 attempts, jittered backoff); other errors propagate.
 */
export async function inProjectionTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const mysql = dialectOf(dataSource) === 'mysql';
  for (let attempt = 1; ; attempt++) {
    try {
      return await exclusive(dataSource, () =>
        mysql ? dataSource.transaction('READ COMMITTED', work) : dataSource.transaction(work),
      );
    } catch (error) {
      if (!isRaceError(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}
