import { DataSource, In } from 'typeorm';
import { EconomyLogEntity, PlayerEntity } from '@craftstats/persistence';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, TcpProxy, bootApp, testConfig } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';
import { EventPool, eventPool } from './support/event-pool';
import { INGEST_TOKENS, ingestOk, postEvents } from './support/ingest';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const UNAVAILABLE = {
  status: 503,
  error: 'UNAVAILABLE',
  message: 'Služba je dočasně nedostupná, zkus to za chvíli.',
};

describeEachDialect('POST /v1/events while the database is unavailable', (fx) => {
  /** Nothing of the pool reached the database: no log row (the record of stored ids), no player. */
  async function expectNothingStored(pool: EventPool): Promise<void> {
    const ids = pool.events.map((e) => e.id as string);
    expect([
      await fx.dataSource.getRepository(EconomyLogEntity).countBy({ eventId: In(ids) }),
      await fx.dataSource.getRepository(PlayerEntity).countBy({ uuid: In(pool.uuids) }),
    ]).toEqual([0, 0]);
  }

  /** The retried batch is stored once, completely; a further retry only finds duplicates. */
  async function expectRetryStoresOnce(url: string, pool: EventPool): Promise<void> {
    const n = pool.events.length;
    expect(await ingestOk(url, pool.events)).toEqual({ accepted: n, duplicates: 0, rejected: [] });
    expect(await ingestOk(url, pool.events)).toEqual({ accepted: 0, duplicates: n, rejected: [] });
    const rows = await fx.dataSource.getRepository(PlayerEntity).find({ where: { uuid: In(pool.uuids) } });
    expect(rows.map((r) => r.votesTotal)).toEqual(pool.uuids.map(() => pool.votesPerPlayer));
    expect(
      await fx.dataSource
        .getRepository(EconomyLogEntity)
        .countBy({ eventId: In(pool.events.map((e) => e.id as string)) }),
    ).toBe(n);
  }

  async function expect503(url: string, pool: EventPool): Promise<void> {
    const answer = await postEvents(url, { events: pool.events });
    expect([answer.status, answer.headers.get('retry-after'), answer.body]).toEqual([503, '5', UNAVAILABLE]);
  }

  if (fx.dialect === 'mysql') {
    describe('MariaDB reached through a TCP proxy the test controls', () => {
      let proxy: TcpProxy;
      let running: RunningApp;
      beforeAll(async () => {
        const settings = fx.db.settings as { host: string; port: number };
        proxy = new TcpProxy(settings.host, settings.port);
        await proxy.start();
        const viaProxy = new URL(fx.db.url);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port);
        running = await bootApp(
          'log-ingestor',
          createIngestorApp,
          testConfig({ DATABASE_URL: viaProxy.toString(), INGEST_TOKENS, TZ_COMMUNITY: TZ }),
        );
      });
      afterAll(async () => {
        await proxy?.stop();
        await running?.close();
      });

      it('answers 503 with Retry-After while the server is unreachable and takes the same batch once it is back', async () => {
        const warmUp = eventPool('warm', 100, 1, 1, T0);
        await ingestOk(running.url, warmUp.events); // the pool holds open connections now
        const pool = eventPool('down', 110, 3, 5, T0);
        await proxy.stop();
        try {
          await expect503(running.url, pool);
        } finally {
          await proxy.start();
        }
        await expectNothingStored(pool);
        await expectRetryStoresOnce(running.url, pool);
      });

      it('rolls back the whole batch when the connection drops in the middle of its transaction', async () => {
        const pool = eventPool('cut', 120, 4, 10, T0);
        // The ids are claimed first; the connection dies when the batch goes on to write the log.
        const cut = proxy.cutOnce('economy_log');
        await expect503(running.url, pool);
        await cut;
        await expectNothingStored(pool);
        await expectRetryStoresOnce(running.url, pool);
      });

      it('answers 503 and stores nothing when the COMMIT never reaches the server', async () => {
        const pool = eventPool('commit', 130, 4, 10, T0);
        const cut = proxy.cutOnce('COMMIT');
        await expect503(running.url, pool);
        await cut;
        await expectNothingStored(pool);
        await expectRetryStoresOnce(running.url, pool);
      });
    });
  } else {
    describe('SQLite', () => {
      let running: RunningApp;
      let appDataSource: DataSource;
      beforeAll(async () => {
        running = await bootApp(
          'log-ingestor',
          createIngestorApp,
          testConfig({ DATABASE_URL: fx.db.url, INGEST_TOKENS, TZ_COMMUNITY: TZ }),
        );
        appDataSource = running.app.get(DataSource);
      });
      afterAll(() => running?.close());

      it('answers 503 with Retry-After and stores nothing when the disk fills up during the transaction', async () => {
        const pool = eventPool('full', 300, 20, 25, T0); // 1000 events
        const [{ page_count: pages }] = (await appDataSource.query('PRAGMA page_count')) as Array<{
          page_count: number;
        }>;
        // SQLITE_FULL, as on a full disk: the database may grow by three pages only.
        await appDataSource.query(`PRAGMA max_page_count = ${pages + 3}`);
        try {
          await expect503(running.url, pool);
        } finally {
          await appDataSource.query('PRAGMA max_page_count = 4294967294');
        }
        await expectNothingStored(pool);
        await expectRetryStoresOnce(running.url, pool);
      });

      it('answers 503 with Retry-After while the database connection is closed', async () => {
        const pool = eventPool('closed', 400, 2, 3, T0);
        await appDataSource.destroy();
        try {
          await expect503(running.url, pool);
        } finally {
          await appDataSource.initialize();
        }
        await expectNothingStored(pool);
        await expectRetryStoresOnce(running.url, pool);
      });
    });
  }
});
