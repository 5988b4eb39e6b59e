import { existsSync } from 'node:fs';
import { MariaDbServer } from '@craftstats/platform/testing';

/** The harness every fault test stands on: a private MariaDB server under the test's full control. */
describe('MariaDbServer (a private MariaDB server for fault tests)', () => {
  let server: MariaDbServer;
  beforeAll(async () => {
    server = await MariaDbServer.start();
  });
  afterAll(() => server?.destroy());

  it('runs on its own port with its own data directory, never the shared 3306 server', async () => {
    expect(server.port).not.toBe(3306);
    const [row] = await server.query<{ datadir: string; port: number }>(
      'SELECT @@datadir AS datadir, @@port AS port',
    );
    expect([row?.datadir.replace(/\/$/, ''), Number(row?.port)]).toEqual([server.dataDir, server.port]);
  });

  it('keeps committed rows through kill -9 and a clean stop, restarting on the same data', async () => {
    await server.query('CREATE DATABASE harness; CREATE TABLE harness.t (n INT PRIMARY KEY) ENGINE=InnoDB');
    await server.query('INSERT INTO harness.t VALUES (1), (2)');
    await server.kill();
    expect(server.running).toBe(false);
    await expect(server.query('SELECT 1')).rejects.toThrow();
    await server.restart();
    await server.query('INSERT INTO harness.t VALUES (3)');
    await server.stop();
    await server.restart();
    expect(await server.query('SELECT n FROM harness.t ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('freezes (a query hangs) and resumes (the same query completes)', async () => {
    server.freeze();
    const pending = server.query<{ one: number }>('SELECT 1 AS one');
    const early = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('hanging'), 1_500)),
    ]);
    server.resume();
    expect([early, await pending]).toEqual(['hanging', [{ one: 1 }]]);
  });

  it('removes its whole directory on destroy', async () => {
    const other = await MariaDbServer.start();
    const dir = other.dir;
    expect(existsSync(dir)).toBe(true);
    await other.destroy();
    expect([existsSync(dir), other.running]).toEqual([false, false]);
  });
});
