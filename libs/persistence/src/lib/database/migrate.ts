import { DataSource, Migration } from 'typeorm';
import { dialectOf } from './data-source';
import { isRetryableTransactionError } from './database-errors';

const MYSQL_LOCK = 'craftstats_migrations';

/**
 * Applies pending migrations. Both apps call this on start, possibly at the same moment, so it is
 * serialized: a named lock on MySQL/MariaDB; on SQLite the file lock plus a retry when the other
 * process won the race (its migrations are then already recorded and nothing is left to do).
 */
export async function runMigrations(dataSource: DataSource): Promise<Migration[]> {
  if (dialectOf(dataSource) === 'mysql') {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.connect();
      const [row] = (await runner.query('SELECT GET_LOCK(?, 60) AS locked', [MYSQL_LOCK])) as Array<{
        locked: number;
      }>;
      if (Number(row?.locked) !== 1) throw new Error('Timed out waiting for the migration lock');
      try {
        return await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [MYSQL_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      const raced =
        isRetryableTransactionError(error) || /already exists|UNIQUE constraint failed/i.test(String(error));
      if (!raced || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
