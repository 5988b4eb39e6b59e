import { DataSource } from 'typeorm';
import { PreparedReads } from './prepared-reads';
import { DATABASE_TIMEOUT_CODE, boundDatabaseWaits } from './timeouts';

/** A pooled mysql2 connection whose statements answer only when the test says so. */
class FakeConnection {
  released = 0;
  destroyed = 0;
  executed: { sql: string; values: unknown[] }[] = [];
  private pending: ((error: Error | null, rows: unknown) => void)[] = [];

  execute(sql: string, values: unknown[], callback: (error: Error | null, rows: unknown) => void): void {
    this.executed.push({ sql, values });
    this.pending.push(callback);
  }
  answer(rows: unknown): void {
    this.pending.shift()?.(null, rows);
  }
  release(): void {
    this.released++;
  }
  destroy(): void {
    this.destroyed++;
  }
}

/** A MySQL DataSource whose driver hands out `connection` when `grant()` is called. */
function fakeMysql(connection: FakeConnection) {
  const waiting: ((c: FakeConnection) => void)[] = [];
  const driver = {
    obtainSlaveConnection: () => new Promise<FakeConnection>((resolve) => waiting.push(resolve)),
    createQueryRunner: () => ({}),
  };
  const dataSource = { options: { type: 'mariadb' }, driver } as unknown as DataSource;
  return { dataSource, grant: () => waiting.shift()?.(connection) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PreparedReads on MySQL/MariaDB', () => {
  afterEach(() => jest.useRealTimers());

  it('executes the statement on a pooled connection, answers its first row and releases the connection', async () => {
    const connection = new FakeConnection();
    const { dataSource, grant } = fakeMysql(connection);
    boundDatabaseWaits(dataSource, { acquireMs: 1_000, queryMs: 2_000 });
    const read = new PreparedReads(dataSource).one('SELECT ?', [1]);
    grant();
    await flush();
    connection.answer([{ a: 1 }, { a: 2 }]);
    await expect(read).resolves.toEqual({ a: 1 });
    expect(connection.executed).toEqual([{ sql: 'SELECT ?', values: [1] }]);
    expect([connection.released, connection.destroyed]).toEqual([1, 0]);
  });

  it('answers undefined for no row', async () => {
    const connection = new FakeConnection();
    const { dataSource, grant } = fakeMysql(connection);
    const read = new PreparedReads(dataSource).one('SELECT 1', []);
    grant();
    await flush();
    connection.answer([]);
    await expect(read).resolves.toBeUndefined();
    expect(connection.released).toBe(1);
  });

  it('bounds the statement by DB_QUERY_TIMEOUT_MS and destroys its connection instead of releasing it', async () => {
    jest.useFakeTimers();
    const connection = new FakeConnection();
    const { dataSource, grant } = fakeMysql(connection);
    boundDatabaseWaits(dataSource, { acquireMs: 1_000, queryMs: 2_000 });
    const read = new PreparedReads(dataSource).one('SELECT SLEEP(60)', []);
    const outcome = read.catch((error: unknown) => error);
    grant();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toMatchObject({ code: DATABASE_TIMEOUT_CODE, wait: 'query', ms: 2_000 });
    expect([connection.released, connection.destroyed]).toEqual([0, 1]);
    connection.answer([{ late: true }]); // the frozen server answers after all: nothing is released twice
    await jest.advanceTimersByTimeAsync(10);
    expect([connection.released, connection.destroyed]).toEqual([0, 1]);
  });

  it('bounds the wait for a connection and hands a late connection straight back to the pool', async () => {
    jest.useFakeTimers();
    const connection = new FakeConnection();
    const { dataSource, grant } = fakeMysql(connection);
    boundDatabaseWaits(dataSource, { acquireMs: 1_000, queryMs: 2_000 });
    const outcome = new PreparedReads(dataSource).one('SELECT 1', []).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toMatchObject({ code: DATABASE_TIMEOUT_CODE, wait: 'acquire', ms: 1_000 });
    grant();
    await jest.advanceTimersByTimeAsync(10);
    expect(connection.executed).toEqual([]);
    expect([connection.released, connection.destroyed]).toEqual([1, 0]);
  });
});
