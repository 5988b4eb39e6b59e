import { DataSource } from 'typeorm';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, TcpProxy, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

const UNAVAILABLE = {
  status: 503,
  error: 'UNAVAILABLE',
  message: 'Služba je dočasně nedostupná, zkus to za chvíli.',
};

/** Public reads that go to the database (nothing cached yet for these keys). */
const READS = [
  '/player/Nikdo',
  '/player/uuid/069a79f4-44e9-4726-a5be-fca90e38aaf5',
  '/economy/log',
  '/server/stafflist',
];

describeEachDialect('API while the database is unavailable', (fx) => {
  let running: RunningApp;
  /** Takes the database away from the running API; returns how to bring it back. */
  let takeDatabaseAway: () => Promise<() => Promise<void>>;
  let proxy: TcpProxy | undefined;

  beforeAll(async () => {
    let url = fx.db.url;
    if (fx.dialect === 'mysql') {
      // MariaDB behind a TCP proxy the test controls: stopping it refuses and drops connections.
      const settings = fx.db.settings as { host: string; port: number };
      const started = new TcpProxy(settings.host, settings.port);
      proxy = started;
      await started.start();
      const viaProxy = new URL(fx.db.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(started.port);
      url = viaProxy.toString();
      takeDatabaseAway = async () => {
        await started.stop();
        return () => started.start();
      };
    }
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: url, RATE_LIMIT_PUBLIC: '0' }));
    if (fx.dialect === 'sqlite') {
      // SQLite is a file in this process: closing the connection is how it becomes unreachable.
      const dataSource = running.app.get(DataSource);
      takeDatabaseAway = async () => {
        await dataSource.destroy();
        return async () => {
          await dataSource.initialize();
        };
      };
    }
  });
  afterAll(async () => {
    await proxy?.stop();
    await running?.close();
  });

  it('answers 503 UNAVAILABLE with Retry-After on public reads and readiness, then recovers', async () => {
    const bringBack = await takeDatabaseAway();
    try {
      for (const path of [...READS, '/health/ready']) {
        const res = await fetch(`${running.url}${path}`);
        expect({
          path,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: await res.json(),
        }).toEqual({ path, status: 503, retryAfter: '5', body: UNAVAILABLE });
      }
      expect((await fetch(`${running.url}/health`)).status).toBe(200); // the process itself is alive
    } finally {
      await bringBack();
    }
    expect((await fetch(`${running.url}/health/ready`)).status).toBe(200);
    expect((await fetch(`${running.url}/player/Nikdo`)).status).toBe(404);
  });
});
