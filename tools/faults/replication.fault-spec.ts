import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { createIngestClient } from '@craftstats/contracts';
import { AppProcess, MariaDbServer } from '@craftstats/platform/testing';
import { SERVERS, sleep, startApi, startIngestor, testUuid, waitFor, workload } from './support/stack';

const T0 = Date.UTC(2026, 9, 20, 10, 0, 0);
/**
 * Login attempts per minute per client: small, so the test reaches it. Public reads: never reached
 * (the file's other tests read ~2,000 times a minute from 127.0.0.1), and a key is shared from its
 * 100th read on an instance (1/64 of the limit, ADR 0080).
 */
const AUTH_LIMIT = 6;
const PUBLIC_LIMIT = 6_400;
const PUBLIC_SHARED_FROM = PUBLIC_LIMIT / 64;
/**
 * How long a hit counted on one instance takes to reach the other: the shared counters flush every
 * 200 ms (ADR 0073's tolerance); five flushes leave room for a busy machine.
 */
const SHARE_MS = 1_000;
/** The counters' windows are clock minutes: a sequence of `ms` starts early enough to end in one. */
async function withinOneWindow(ms: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms + 2_000) await sleep(left + 100);
}
const ADMIN_KEY = 'replication-admin-key-0123456789';
/** Public reads every instance must answer identically. */
const READS = [
  '/economy/leaderboard/craftcoins',
  '/economy/leaderboard/total-votes',
  '/economy/log',
  '/server/uniqueplayers',
  '/server/stafflist',
  '/player/repl_7',
  `/player/uuid/${testUuid(8)}`,
];

/** Makes `replica` replicate `primary` from the start of its binary log (GTID positions). */
async function replicate(primary: MariaDbServer, replica: MariaDbServer): Promise<void> {
  await replica.query(
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root',
       MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1; START SLAVE`,
  );
}

/** The replica's replication threads and their last errors, for a failure message. */
async function replicaStatus(replica: MariaDbServer): Promise<string> {
  const [status] = await replica.query<Record<string, unknown>>('SHOW SLAVE STATUS');
  const fields = ['Slave_IO_Running', 'Slave_SQL_Running', 'Last_IO_Error', 'Last_SQL_Error', 'Gtid_IO_Pos'];
  return fields.map((field) => `${field}: ${String(status?.[field] ?? '(none)')}`).join(', ');
}

/**
 * Waits until the replica has applied everything the primary has written so far. The link is
 * MariaDB's, not the code under test: a wait that runs out restarts the replica's threads (and says
 * so) before the next, and only a replica still behind after the last one fails the test.
 */
async function caughtUp(primary: MariaDbServer, replica: MariaDbServer): Promise<void> {
  const [row] = await primary.query<{ pos: string }>('SELECT @@gtid_binlog_pos AS pos');
  const pos = row?.pos ?? '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const [wait] = await replica.query<{ r: number }>('SELECT MASTER_GTID_WAIT(?, 20) AS r', [pos]);
    if (Number(wait?.r) === 0) return;
    const status = await replicaStatus(replica);
    if (attempt === 3) throw new Error(`the replica did not reach ${pos} within 3 × 20 s: ${status}`);
    console.warn(`replica behind ${pos} after 20 s (${status}); restarting its threads`);
    await replica.query('STOP SLAVE; START SLAVE');
  }
}

async function body(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

describe('read replicas: a primary, a replica, two APIs, two ingestors, one Redis', () => {
  let primary: MariaDbServer;
  let replica: MariaDbServer;
  const apis: AppProcess[] = [];
  const ingestors: AppProcess[] = [];
  const prefix = `craftstats-faults-${randomBytes(6).toString('hex')}`;
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });

  beforeAll(async () => {
    [primary, replica] = await Promise.all([
      MariaDbServer.start({ serverId: 1 }),
      MariaDbServer.start({ serverId: 2, args: ['--read-only'] }),
    ]);
    await replicate(primary, replica);
    await primary.query('CREATE DATABASE craftstats CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    const env = {
      DATABASE_REPLICA_URLS: replica.url('craftstats'),
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PREFIX: prefix,
      RATE_LIMIT_PUBLIC: String(PUBLIC_LIMIT),
      RATE_LIMIT_AUTH: String(AUTH_LIMIT),
      // The tests connect from 127.0.0.1; the rate-limit test speaks for a client of its own.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_KEY,
    };
    // Migrations run on the primary (first ingestor); the replica receives them through the binlog.
    ingestors.push(await startIngestor(primary.url('craftstats')));
    ingestors.push(await startIngestor(primary.url('craftstats')));
    await caughtUp(primary, replica);
    apis.push(await startApi(primary.url('craftstats'), env));
    apis.push(await startApi(primary.url('craftstats'), env));
    await redis.connect();
  });
  afterAll(async () => {
    for (const app of [...apis, ...ingestors]) await app.stop();
    const keys = await redis.keys(`${prefix}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([replica?.destroy(), primary?.destroy()]);
  });

  it('shares the rate-limit counters of both API instances through Redis', async () => {
    // A client of its own: the counts it leaves (every instance keeps them in memory for the rest of
    // the minute) do not limit the other tests' requests.
    const client = { 'x-forwarded-for': '203.0.113.77' };
    // Public reads: once the client has used 1/64 of its limit on one instance, that instance sends
    // its hits to Redis, and the other counts on from them.
    const remaining: Array<string | null> = [];
    const read = async (api: AppProcess | undefined) => {
      const res = await fetch(`${api?.url}/server/uniqueplayers`, { headers: client });
      await res.arrayBuffer();
      remaining.push(res.headers.get('ratelimit-remaining'));
    };
    await withinOneWindow(15 * SHARE_MS);
    for (let i = 0; i < PUBLIC_SHARED_FROM; i++) await read(apis[0]);
    await sleep(SHARE_MS);
    for (let i = 0; i < 5; i++) await read(apis[1]);
    expect(remaining).toEqual(
      Array.from({ length: PUBLIC_SHARED_FROM + 5 }, (_, i) => String(PUBLIC_LIMIT - 1 - i)),
    );
    // Logins: the limit is reached across both instances, then both refuse with 429.
    const statuses: number[] = [];
    await withinOneWindow((AUTH_LIMIT + 4) * SHARE_MS);
    for (let i = 0; i < AUTH_LIMIT + 4; i++) {
      if (i > 0) await sleep(SHARE_MS);
      const res = await fetch(`${apis[i % 2]?.url}/account/login`, {
        method: 'POST',
        headers: { ...client, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Nikdo_Neni', password: 'wrong-password-123' }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), ...Array(4).fill(429)]);
    // The counts are in Redis, under this deployment's prefix (removed after the file).
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
  });

  it('counts an event sent to both ingestors once, and both APIs answer identically from the replica', async () => {
    const events = workload('repl', 20, 30, T0); // 600 events
    // Every event goes to both ingestors, concurrently, as two game-server proxies might resend it.
    const send = (ingestor: AppProcess, token: string) =>
      createIngestClient({ baseUrl: ingestor.url, token, maxBatch: 100 }).send(events);
    const token = SERVERS[0]?.token ?? '';
    const [a, b] = await Promise.all([
      send(ingestors[0] as AppProcess, token),
      send(ingestors[1] as AppProcess, token),
    ]);
    expect([a.accepted + b.accepted, a.duplicates + b.duplicates, a.rejected, b.rejected]).toEqual([
      600,
      600,
      [],
      [],
    ]);
    await caughtUp(primary, replica);
    const [{ n }] = await replica.query<{ n: number }>('SELECT COUNT(*) AS n FROM craftstats.economy_log');
    expect(Number(n)).toBe(600);
    const votes = events.filter((e) => e.action === 'PLAYER_VOTE').length;
    const [{ total }] = await replica.query<{ total: string }>(
      'SELECT SUM(votes_total) AS total FROM craftstats.players',
    );
    expect(Number(total)).toBe(votes);

    await sleep(3_000); // past the micro-caches' lifetime
    for (const path of READS) {
      const [one, two] = await Promise.all(apis.map((api) => body(`${api.url}${path}`)));
      expect({ path, one }).toEqual({ path, one: two });
      expect({ path, status: one.status }).toEqual({ path, status: 200 });
    }
  });

  it('serves public reads from the replica, the panel and accounts from the primary', async () => {
    await replica.query('STOP SLAVE');
    try {
      const fresh = createIngestClient({ baseUrl: ingestors[0]?.url ?? '', token: SERVERS[0]?.token ?? '' });
      const uuid = testUuid(900);
      await fresh.send([
        { id: 'repl-staff-reg', action: 'ECONOMY_REGISTER', uuid, nick: 'Repl_Staff', date: T0 },
        {
          id: 'repl-staff-rank',
          action: 'PLAYER_UPDATE_RANK',
          uuid,
          nick: 'Repl_Staff',
          old_value: '0',
          new_value: '10',
          date: T0 + 1,
        },
      ]);
      await sleep(3_000);
      // The replica does not have the new staff member yet: the public profile says so on both APIs...
      for (const api of apis) expect((await fetch(`${api.url}/player/Repl_Staff`)).status).toBe(404);
      // ...while registration, login and the panel, all on the primary, already see them.
      const json = { 'content-type': 'application/json' };
      const password = 'replication-password-0123';
      const register = await fetch(`${apis[0]?.url}/account/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'Repl_Staff', password, adminKey: ADMIN_KEY }),
      });
      expect(register.status).toBe(200);
      const login = await fetch(`${apis[1]?.url}/account/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'Repl_Staff', password }),
      });
      const { token } = (await login.json()) as { token: string };
      const panel = await fetch(`${apis[0]?.url}/panel/economy/log?uuid=${uuid}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const page = (await panel.json()) as { data: Array<{ action: string }> };
      expect([panel.status, page.data.map((e) => e.action).sort()]).toEqual([
        200,
        ['ECONOMY_REGISTER', 'PLAYER_UPDATE_RANK'],
      ]);
    } finally {
      await replica.query('START SLAVE');
    }
    await caughtUp(primary, replica);
    await waitFor(
      'the profile on the replica',
      async () => (await fetch(`${apis[0]?.url}/player/Repl_Staff`)).status === 200,
    );
  });

  it('changes nothing for clients when the replica stops mid-run: reads fall back to the primary', async () => {
    const expected = await Promise.all(READS.map((path) => body(`${apis[0]?.url}${path}`)));
    let running = true;
    const answers: Array<{ path: string; status: number; same: boolean }> = [];
    const loops = [0, 1, 2, 3].map(async (k) => {
      for (let i = k; running; i++) {
        const index = i % READS.length;
        const path = READS[index] ?? '/';
        const got = await body(`${apis[i % 2]?.url}${path}`).catch((error: unknown) => ({
          status: -1,
          body: String(error),
        }));
        answers.push({
          path,
          status: got.status,
          same: JSON.stringify(got.body) === JSON.stringify(expected[index]?.body),
        });
        await sleep(20);
      }
    });
    await sleep(1_500);
    const before = answers.length;
    await replica.stop();
    await sleep(8_000);
    running = false;
    await Promise.all(loops);

    expect(answers.length - before).toBeGreaterThan(50);
    expect(answers.filter((a) => a.status !== 200 || !a.same)).toEqual([]);
  });
});
