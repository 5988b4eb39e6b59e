import { TestDatabase, createTestDatabase, mariaDbSkipReason } from '@craftstats/persistence/testing';
import { AppProcess, TcpProxy, startAppProcess } from '@craftstats/platform/testing';

// A database that freezes without closing its connections (a paused VM, a network partition): the
// TCP proxy between the apps and MariaDB stops forwarding, connections stay open. Every wait on the
// database is bounded, so both apps answer 503 with Retry-After within seconds, readiness says so,
// and SIGTERM ends within SHUTDOWN_TIMEOUT_MS. (SQLite is a file inside the process: it cannot
// freeze this way, so this suite is MariaDB only.)

const TIMEOUTS = { DB_QUERY_TIMEOUT_MS: '1500', DB_CONNECT_TIMEOUT_MS: '1500', SHUTDOWN_TIMEOUT_MS: '4000' };
/** The longest any single answer may take while frozen (query time-out plus a generous margin). */
const ANSWER_WITHIN_MS = 5_000;
const INGEST_TOKEN = 'survival-frozen-token-0123456789';
const UNAVAILABLE = {
  status: 503,
  error: 'UNAVAILABLE',
  message: 'Služba je dočasně nedostupná, zkus to za chvíli.',
};

interface Timed {
  status: number;
  retryAfter: string | null;
  body: unknown;
  ms: number;
}

/** A request that gives up after 20 s, so a hanging app fails the test instead of stalling it. */
async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: text === '' ? undefined : JSON.parse(text),
    ms: Date.now() - started,
  };
}

function ingest(ingestor: AppProcess, n: number): Promise<Timed> {
  return timed(`${ingestor.url}/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        {
          id: `frozen-${process.pid}-${n}`,
          action: 'ECONOMY_REGISTER',
          uuid: `069a79f4-44e9-4726-a5be-fca90e38a${String(n).padStart(3, '0')}`,
          nick: `Zamrzly_${n}`,
          date: Date.UTC(2026, 10, 18, 12, 0, n),
        },
      ],
    }),
  });
}

async function stopTimed(app: AppProcess): Promise<number> {
  const started = Date.now();
  await app.stop();
  return Date.now() - started;
}

const skipReason = mariaDbSkipReason();
const describeMariaDb = skipReason === null ? describe : describe.skip;

describeMariaDb(
  `both apps on a frozen database [mariadb]${skipReason === null ? '' : ` — skipped: ${skipReason}`}`,
  () => {
    let db: TestDatabase;
    let proxy: TcpProxy;
    let api: AppProcess;
    let ingestor: AppProcess;

    beforeAll(async () => {
      db = await createTestDatabase('mysql');
      const settings = db.settings as { host: string; port: number };
      proxy = new TcpProxy(settings.host, settings.port);
      await proxy.start();
      const viaProxy = new URL(db.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const env = { DATABASE_URL: viaProxy.toString(), ...TIMEOUTS };
      ingestor = await startAppProcess('log-ingestor', { ...env, INGEST_TOKENS: `survival:${INGEST_TOKEN}` });
      api = await startAppProcess('api', env);
    }, 60_000);
    afterAll(async () => {
      await api?.stop();
      await ingestor?.stop();
      await proxy?.stop();
      await db?.drop();
    });

    it('answers 503 with Retry-After within seconds, reports not ready, and stops within the deadline', async () => {
      // Warm: connections to the database are open in both pools.
      expect((await ingest(ingestor, 1)).status).toBe(200);
      expect((await timed(`${api.url}/player/Zamrzly_1`)).status).toBe(200);
      expect((await timed(`${api.url}/health/ready`)).status).toBe(200);

      proxy.freeze();

      const answers = {
        read: await timed(`${api.url}/player/Nikdo`),
        readAgain: await timed(`${api.url}/economy/log`),
        apiReady: await timed(`${api.url}/health/ready`),
        ingest: await ingest(ingestor, 2),
        ingestorReady: await timed(`${ingestor.url}/health/ready`),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect({ name, status: answer.status, retryAfter: answer.retryAfter, body: answer.body }).toEqual({
          name,
          status: 503,
          retryAfter: '5',
          body: UNAVAILABLE,
        });
        expect({ name, fast: answer.ms < ANSWER_WITHIN_MS }).toEqual({ name, fast: true });
      }
      // Readiness is bounded tighter than a request: 2 s at most.
      expect(answers.apiReady.ms).toBeLessThan(3_000);
      expect((await timed(`${api.url}/health`)).status).toBe(200); // the process itself is alive

      // SIGTERM while a request waits on the frozen database: it is answered, and the process ends
      // within SHUTDOWN_TIMEOUT_MS (4 s) although the database never says goodbye.
      const inFlight = timed(`${api.url}/player/Zase_Nikdo`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [apiStopMs, ingestorStopMs, last] = await Promise.all([
        stopTimed(api),
        stopTimed(ingestor),
        inFlight,
      ]);
      expect(last.status).toBe(503);
      expect(apiStopMs).toBeLessThan(4_000 + 1_500);
      expect(ingestorStopMs).toBeLessThan(4_000 + 1_500);
    }, 90_000);
  },
);
