/* eslint jest/no-standalone-expect: ['error', { additionalTestBlockFunctions: ['itWithRedis'] }] */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { AddressInfo, createServer } from 'node:net';
import { Controller, DynamicModule, Get, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { ApiConfig, Clock, ConfigModule, createHttpApp, AppLogger, Metrics } from '@craftstats/platform';
import { AppProcess, RunningApp, bootApp, startAppProcess, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { PublicRateLimit } from '../src/rate-limit/rate-limit.decorators';
import { RateLimitModule } from '../src/rate-limit/rate-limit.module';
import { RATE_LIMIT_WINDOW_MS } from '../src/rate-limit/rate-limit.constants';
import {
  CounterLimits,
  LocalCounters,
  SHARED_FLUSH_MS,
  SharedCounters,
  sharedFrom,
} from '../src/rate-limit/rate-limit.counters';
import {
  HttpAnswer,
  STAFF_RANK,
  TEST_ADMIN_KEY,
  bearer,
  Ingestor,
  createPlayer,
  get,
  postJson,
  postJsonFrom,
  postRawFrom,
  registerAndLogin,
  startIngestor,
} from './support/accounts';
import { TEST_REDIS_URL, itWithRedis } from './support/accounts-redis';

const LOGIN = '/account/login';
const REGISTER = '/account/register';
const ACCOUNT_LIMITED = { success: false, message: 'Příliš mnoho pokusů. Zkus to znovu za chvíli.' };
const LOGIN_FAILED = { success: false, message: 'Neplatné uživatelské jméno nebo heslo!' };
const PUBLIC_LIMITED = {
  status: 429,
  error: 'RATE_LIMITED',
  message: 'Příliš mnoho požadavků. Zkus to znovu za chvíli.',
};
const PASSWORD = 'Pepa-heslo-2026!';

/** The RateLimit-* headers of an answer (null when absent) and Retry-After. */
const limits = (res: HttpAnswer) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  retryAfter: res.headers.get('retry-after'),
});

const seconds = (value: string | null): number => Number(value ?? NaN);

/**
 * Moves the rate-limit clock of a running app (the windows are whole minutes of it): it starts just
 * after a minute begins, and `nextWindow()` jumps to the start of the next one, so recovery is tested
 * without waiting a minute.
 */
function controlClock(app: NestFastifyApplication): { nextWindow(): void } {
  const minuteStart = (ms: number) => Math.floor(ms / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
  let offset = minuteStart(Date.now()) + RATE_LIMIT_WINDOW_MS + 100 - Date.now();
  jest.spyOn(app.get(Clock), 'now').mockImplementation(() => Date.now() + offset);
  return {
    nextWindow: () => {
      const now = Date.now() + offset;
      offset += minuteStart(now) + RATE_LIMIT_WINDOW_MS + 100 - now;
    },
  };
}

/**
 * Waits, if need be, for a new one-minute window, so that a test which takes up to `ms` runs within
 * one window of the real clock (the counters' windows are whole minutes).
 */
async function withinOneWindow(ms: number): Promise<void> {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Runs `check` (which asserts) until it passes, for at most 2 s. */
async function eventually(check: () => void): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Longer than one flush of the shared counters and its round trips (with room for a loaded machine):
 * what another instance may lag behind (ADR 0073).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, SHARED_FLUSH_MS * 5));

describeEachDialect('rate limits of /account/register and /account/login', (fx) => {
  let running: RunningApp;
  let clock: { nextWindow(): void };

  const login = (from: string, username: string, password = 'spatne-heslo') =>
    postJsonFrom(from, running.url, LOGIN, { username, password });

  let ingestor: Ingestor;

  beforeAll(async () => {
    ingestor = await startIngestor(fx.db.url);
    await createPlayer(ingestor, 1, 'Admin_Pepa', STAFF_RANK);
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, ADMIN_KEY: TEST_ADMIN_KEY, RATE_LIMIT_AUTH: '3' }),
    );
    clock = controlClock(running.app);
    await registerAndLogin(running.url, 'Admin_Pepa', PASSWORD);
  });
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
  });

  it('sends RateLimit headers on every answer and a 429 with Retry-After and the Czech message after 3 attempts per client', async () => {
    clock.nextWindow();
    const answers: HttpAnswer[] = [];
    for (const username of ['Nikdo_1', 'Nikdo_2', 'Nikdo_3'])
      answers.push(await login('127.0.0.2', username));
    expect(answers.map((a) => [a.status, a.body, limits(a)])).toEqual([
      [401, LOGIN_FAILED, { limit: '3', remaining: '2', retryAfter: null }],
      [401, LOGIN_FAILED, { limit: '3', remaining: '1', retryAfter: null }],
      [401, LOGIN_FAILED, { limit: '3', remaining: '0', retryAfter: null }],
    ]);
    for (const a of answers) expect(seconds(a.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(59);

    const blocked = await login('127.0.0.2', 'Nikdo_4');
    expect({ status: blocked.status, body: blocked.body }).toEqual({ status: 429, body: ACCOUNT_LIMITED });
    expect(limits(blocked)).toMatchObject({ limit: '3', remaining: '0' });
    expect(seconds(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(seconds(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(blocked.headers.get('cache-control')).toBe('no-store');

    // The right password does not help a blocked client, nor does an invalid body or the other endpoint.
    expect((await login('127.0.0.2', 'Admin_Pepa', PASSWORD)).status).toBe(429);
    expect((await postJsonFrom('127.0.0.2', running.url, LOGIN, { username: 42 })).body).toEqual(
      ACCOUNT_LIMITED,
    );
    const register = await postJsonFrom('127.0.0.2', running.url, REGISTER, {
      username: 'Admin_Pepa',
      password: 'x'.repeat(9),
      adminKey: TEST_ADMIN_KEY,
    });
    expect({ status: register.status, body: register.body }).toEqual({ status: 429, body: ACCOUNT_LIMITED });

    // Another client is not affected.
    const other = await login('127.0.0.3', 'Nikdo_5');
    expect([other.status, limits(other).remaining]).toEqual([401, '2']);
  });

  it('slows an attacker hammering a member’s name from one address, while the member still logs in from another', async () => {
    clock.nextWindow();
    const attack: HttpAnswer[] = [];
    for (let i = 0; i < 40; i++) attack.push(await login('127.0.0.10', 'Admin_Pepa'));
    expect(attack.map((a) => a.status)).toEqual([401, 401, 401, ...Array<number>(37).fill(429)]);
    for (const refused of attack.slice(3)) {
      expect(refused.body).toEqual(ACCOUNT_LIMITED);
      expect(seconds(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // The 37 refused attempts were not counted against the name: the member logs in from home.
    const member = await login('127.0.0.11', 'Admin_Pepa', PASSWORD);
    expect([member.status, (member.body as { success?: boolean }).success, limits(member)]).toEqual([
      200,
      true,
      { limit: '3', remaining: '2', retryAfter: null },
    ]);
    expect((await login('127.0.0.10', 'Admin_Pepa', PASSWORD)).status).toBe(429);
  });

  it('bounds an attack from many addresses per username (10× the limit, any letter case), and recovers after the window', async () => {
    clock.nextWindow();
    const spellings = ['Admin_Pepa', 'admin_pepa', 'ADMIN_PEPA'];
    const answers: HttpAnswer[] = [];
    for (let address = 20; address < 30; address++) {
      for (const spelling of spellings) answers.push(await login(`127.0.0.${address}`, spelling));
    }
    // 10 addresses × 3 attempts: each within its address's budget, 30 for the name in all.
    expect(answers.map((a) => a.status)).toEqual(Array<number>(30).fill(401));
    expect(answers.slice(0, 3).map((a) => limits(a).remaining)).toEqual(['2', '1', '0']);

    // The name's budget is spent: even the right password from a fresh address waits for the window.
    const fresh = await login('127.0.0.30', 'Admin_Pepa', PASSWORD);
    expect({ status: fresh.status, body: fresh.body }).toEqual({ status: 429, body: ACCOUNT_LIMITED });
    expect(limits(fresh)).toMatchObject({ limit: '30', remaining: '0' });
    expect(seconds(fresh.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(seconds(fresh.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The same new client may still try another username.
    expect((await login('127.0.0.30', 'Nikdo_6')).status).toBe(401);

    clock.nextWindow();
    const recovered = await login('127.0.0.30', 'Admin_Pepa', PASSWORD);
    expect(recovered.status).toBe(200);
    expect(limits(recovered)).toEqual({ limit: '3', remaining: '2', retryAfter: null });
  });

  it('sends the RateLimit headers, without counting, on body errors answered before the hook counts', async () => {
    clock.nextWindow();
    const raw = (path: string, payload: string, contentType = 'application/json') =>
      postRawFrom('127.0.0.9', running.url, path, payload, contentType);
    const credentials = JSON.stringify({ username: 'Nikdo_10', password: PASSWORD });
    const bodyErrors = async () => [
      await raw(LOGIN, ''),
      await raw(LOGIN, JSON.stringify({ username: 'Nikdo_10', password: 'x'.repeat(17 * 1024) })),
      await raw(REGISTER, credentials, 'text/plain'),
      await raw(LOGIN, '{"username":'),
    ];
    const summary = (answers: HttpAnswer[]) =>
      answers.map((a) => [a.status, (a.body as { message?: string } | undefined)?.message, limits(a)]);
    const expected = (remaining: string) => [
      [400, 'Neplatný požadavek: tělo musí být JSON objekt.', { limit: '3', remaining, retryAfter: null }],
      [413, 'Tělo požadavku je příliš velké.', { limit: '3', remaining, retryAfter: null }],
      [
        415,
        'Nepodporovaný typ obsahu, použij application/json nebo application/x-www-form-urlencoded.',
        { limit: '3', remaining, retryAfter: null },
      ],
      [400, 'Neplatný požadavek: tělo musí být JSON objekt.', { limit: '3', remaining, retryAfter: null }],
    ];

    // No window yet: the full budget, and the reset a first attempt would open.
    const fresh = await bodyErrors();
    expect(summary(fresh)).toEqual(expected('3'));
    for (const a of fresh) expect(a.headers.get('ratelimit-reset')).toBe('60');

    const attempt = await raw(LOGIN, credentials);
    expect([attempt.status, limits(attempt).remaining]).toEqual([401, '2']);
    expect(summary(await bodyErrors())).toEqual(expected('2'));

    // The body errors were not counted: two more attempts are let through, the next one is blocked.
    expect([(await raw(LOGIN, credentials)).status, (await raw(LOGIN, credentials)).status]).toEqual([
      401, 401,
    ]);
    expect((await raw(LOGIN, credentials)).status).toBe(429);
    const blocked = await bodyErrors();
    expect(summary(blocked)).toEqual(expected('0'));
    for (const a of blocked) {
      expect(seconds(a.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      expect(seconds(a.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    }
  });

  it('shares one budget between register and login', async () => {
    clock.nextWindow();
    const attempts = [
      await postJsonFrom('127.0.0.8', running.url, REGISTER, {
        username: 'Admin_Pepa',
        password: PASSWORD,
        adminKey: 'spatny-klic',
      }),
      await postJsonFrom('127.0.0.8', running.url, LOGIN, { username: 'Nikdo_7', password: PASSWORD }),
      await postJsonFrom('127.0.0.8', running.url, REGISTER, {
        username: 'Nikdo_8',
        password: PASSWORD,
        adminKey: 'spatny-klic',
      }),
      await postJsonFrom('127.0.0.8', running.url, LOGIN, { username: 'Nikdo_9', password: PASSWORD }),
    ];
    expect(attempts.map((a) => [a.status, limits(a).remaining])).toEqual([
      [403, '2'],
      [401, '1'],
      [403, '0'],
      [429, '0'],
    ]);
  });

  it('counts form bodies like JSON bodies, per client and per username', async () => {
    clock.nextWindow();
    const form = (from: string, fields: Record<string, string>) =>
      postRawFrom(
        from,
        running.url,
        LOGIN,
        new URLSearchParams(fields).toString(),
        'application/x-www-form-urlencoded',
      );
    const perClient = [
      await form('127.0.0.10', { username: 'Nikdo_11', password: PASSWORD }),
      await postJsonFrom('127.0.0.10', running.url, LOGIN, { username: 'Nikdo_12', password: PASSWORD }),
      await form('127.0.0.10', { username: 'Nikdo_13', password: PASSWORD }),
      await form('127.0.0.10', { username: 'Admin_Pepa', password: PASSWORD }),
    ];
    expect(perClient.map((a) => [a.status, a.body, limits(a).remaining])).toEqual([
      [401, LOGIN_FAILED, '2'],
      [401, LOGIN_FAILED, '1'],
      [401, LOGIN_FAILED, '0'],
      [429, ACCOUNT_LIMITED, '0'],
    ]);

    // Per username (10× the per-client limit, from all clients together): form and JSON attempts and
    // any letter case fill the same counter.
    clock.nextWindow();
    const spellings = ['Admin_Pepa', 'admin_pepa', 'ADMIN_PEPA'];
    const perUsername = [];
    for (let address = 0; address < 10; address++) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const username = spellings[attempt] as string;
        perUsername.push(
          attempt === 1
            ? await postJsonFrom(`127.0.1.${address}`, running.url, LOGIN, {
                username,
                password: 'spatne-heslo',
              })
            : await form(`127.0.1.${address}`, { username, password: 'spatne-heslo' }),
        );
      }
    }
    const last = await form('127.0.1.99', { username: 'Admin_Pepa', password: PASSWORD });
    const notRefusedAsWrong = perUsername.filter(
      (a) => a.status !== 401 || !isDeepStrictEqual(a.body, LOGIN_FAILED),
    );
    expect(notRefusedAsWrong.map((a) => [a.status, a.body])).toEqual([]);
    expect(perUsername).toHaveLength(30);
    expect([last.status, last.body]).toEqual([429, ACCOUNT_LIMITED]);
  });

  it('does not limit or label the other endpoints', async () => {
    clock.nextWindow();
    const token = await registerAndLogin(running.url, 'Admin_Pepa', PASSWORD);
    const me = await get(running.url, '/account/me', bearer(token));
    const health = await get(running.url, '/health');
    for (const res of [me, health]) {
      expect(res.status).toBe(200);
      expect(limits(res)).toEqual({ limit: null, remaining: null, retryAfter: null });
    }
  });
});

describeEachDialect('rate limit of the account endpoints when Redis is unreachable', (fx) => {
  it('starts anyway, fails closed on in-process counters and logs the outage', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const running = await bootApp(
      'api',
      createApiApp,
      testConfig({
        DATABASE_URL: fx.db.url,
        REDIS_URL: `redis://127.0.0.1:${closedPort}`,
        RATE_LIMIT_AUTH: '2',
      }),
    );
    try {
      const answers: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await postJson(running.url, LOGIN, { username: `Nikdo${i}`, password: 'spatne-heslo' });
        answers.push([res.status, limits(res).limit, limits(res).remaining, limits(res).retryAfter !== null]);
      }
      // Counted per client in-process: two attempts, then 429 — never unlimited.
      expect(answers).toEqual([
        [401, '2', '1', false],
        [401, '2', '0', false],
        [429, '2', '0', true],
        [429, '2', '0', true],
      ]);
      const outage = running.logger.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l['context'] === 'RateLimit');
      expect(outage[0]).toMatchObject({
        level: 'error',
        msg: 'Rate-limit counters cannot reach Redis; each instance counts on its own until it is back',
      });
    } finally {
      await running.close();
    }
  });
});

describeEachDialect('rate limit of the account endpoints switched off (RATE_LIMIT_AUTH=0)', (fx) => {
  it('never answers 429 and sends no RateLimit headers', async () => {
    const running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, RATE_LIMIT_AUTH: '0' }),
    );
    try {
      for (let i = 0; i < 12; i++) {
        const res = await postJson(running.url, LOGIN, { username: 'Nikdo', password: 'spatne-heslo' });
        expect([res.status, limits(res)]).toEqual([401, { limit: null, remaining: null, retryAfter: null }]);
      }
    } finally {
      await running.close();
    }
  });
});

@PublicRateLimit()
@Controller('probe')
class PublicProbeController {
  @Get('a')
  a(): { status: 200; data: string } {
    return { status: 200, data: 'a' };
  }

  @Get('b')
  b(): { status: 200; data: string } {
    return { status: 200, data: 'b' };
  }
}

@Controller('free')
class FreeProbeController {
  @Get()
  free(): { status: 200; data: string } {
    return { status: 200, data: 'free' };
  }
}

/**
 * The public throttler is applied to the read endpoints by another feature; here it guards probe
 * endpoints in an app built like the API (createHttpApp: Fastify, the global error envelope) with the
 * real RateLimitModule.
 */
async function createProbeApp(config: ApiConfig, logger?: AppLogger): Promise<NestFastifyApplication> {
  @Module({})
  class ProbeModule {}
  const module: DynamicModule = {
    module: ProbeModule,
    imports: [ConfigModule.forRoot(config), RateLimitModule],
    controllers: [PublicProbeController, FreeProbeController],
  };
  const app = await createHttpApp(module, {
    name: 'api',
    bodyLimit: 16 * 1024,
    metrics: new Metrics('api'),
    logging: config.logging,
    logger,
  });
  await app.init();
  return app;
}

describe('rate limit of the public read endpoints (@PublicRateLimit)', () => {
  it('counts requests per client across all public endpoints and answers 429 RATE_LIMITED with Retry-After', async () => {
    const running = await bootApp('api', createProbeApp, testConfig({ RATE_LIMIT_PUBLIC: '2' }));
    try {
      const clock = controlClock(running.app);
      const first = await get(running.url, '/probe/a');
      const second = await get(running.url, '/probe/b');
      expect([first.status, first.body, limits(first)]).toEqual([
        200,
        { status: 200, data: 'a' },
        { limit: '2', remaining: '1', retryAfter: null },
      ]);
      expect([second.status, limits(second)]).toEqual([
        200,
        { limit: '2', remaining: '0', retryAfter: null },
      ]);
      expect(seconds(second.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(59);

      const blocked = await get(running.url, '/probe/a');
      expect({ status: blocked.status, body: blocked.body }).toEqual({ status: 429, body: PUBLIC_LIMITED });
      expect(limits(blocked)).toMatchObject({ limit: '2', remaining: '0' });
      expect(seconds(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(seconds(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

      const free = await get(running.url, '/free');
      expect([free.status, limits(free)]).toEqual([200, { limit: null, remaining: null, retryAfter: null }]);

      clock.nextWindow();
      const again = await get(running.url, '/probe/b');
      expect([again.status, limits(again)]).toEqual([200, { limit: '2', remaining: '1', retryAfter: null }]);
    } finally {
      await running.close();
    }
  });

  it('is off with RATE_LIMIT_PUBLIC=0: no 429 and no RateLimit headers', async () => {
    const running = await bootApp('api', createProbeApp, testConfig({ RATE_LIMIT_PUBLIC: '0' }));
    try {
      for (let i = 0; i < 5; i++) {
        const res = await get(running.url, '/probe/a');
        expect([res.status, limits(res)]).toEqual([200, { limit: null, remaining: null, retryAfter: null }]);
      }
    } finally {
      await running.close();
    }
  });
});

describe('rate-limit counters shared through Redis (SharedCounters)', () => {
  /** A clock at the start of a window, as every instance reads it. */
  class FixedClock extends Clock {
    current = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS + 1_000;
    now(): number {
      return this.current;
    }
  }
  const prefix = () => `craftstats-test:${process.pid}:${randomBytes(6).toString('hex')}`;
  /** Limits under 128: every key is sent from its first hit (`sharedFrom` is 1). */
  const SMALL: CounterLimits = { public: 100, 'auth-ip': 10, 'auth-user': 100 };

  itWithRedis(
    "count without a round trip per hit, and see the other instances' hits after a flush",
    async () => {
      const clock = new FixedClock();
      const shared = prefix();
      const a = new SharedCounters(clock, TEST_REDIS_URL, shared, SMALL);
      const b = new SharedCounters(clock, TEST_REDIS_URL, shared, SMALL);
      try {
        await settle(); // connected
        // Synchronous: the counts are there at once, before any flush.
        const onA = [1, 2, 3].map(() => a.hit('public', '198.51.100.7').hits);
        expect(onA).toEqual([1, 2, 3]);
        expect(b.peek('public', '198.51.100.7').hits).toBe(0);
        // One flush later b has heard of a's hits, and counts on from them.
        await a.flush();
        await eventually(() => expect(b.peek('public', '198.51.100.7').hits).toBe(3));
        expect(b.hit('public', '198.51.100.7').hits).toBe(4);
        await b.flush();
        await eventually(() => expect(a.peek('public', '198.51.100.7').hits).toBe(4));
        // Another key and another scope are counted apart.
        expect([a.peek('public', '198.51.100.8').hits, a.peek('auth-ip', '198.51.100.7').hits]).toEqual([
          0, 0,
        ]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );

  itWithRedis(
    'keep a key to one instance until it has used 1/64 of its limit there, then send all its hits',
    async () => {
      const clock = new FixedClock();
      const shared = prefix();
      const limits: CounterLimits = { public: 640, 'auth-ip': 10, 'auth-user': 100 };
      const from = sharedFrom(limits.public);
      expect([from, sharedFrom(600), sharedFrom(10)]).toEqual([10, 9, 1]);
      const a = new SharedCounters(clock, TEST_REDIS_URL, shared, limits);
      const b = new SharedCounters(clock, TEST_REDIS_URL, shared, limits);
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        await settle(); // connected
        // A thousand clients of one request each and one client just under the threshold: nothing
        // reaches Redis.
        for (let i = 0; i < 1_000; i++) a.hit('public', `198.18.${i >> 8}.${i & 255}`);
        const below = Array.from({ length: from - 1 }, () => a.hit('public', '198.51.100.9').hits);
        await a.flush();
        expect([below.at(-1), await redis.keys(`${shared}*`)]).toEqual([from - 1, []]);
        expect(b.peek('public', '198.51.100.9').hits).toBe(0);
        // The hit that reaches the threshold sends every hit of the key counted on a.
        expect(a.hit('public', '198.51.100.9').hits).toBe(from);
        await a.flush();
        await eventually(() => expect(b.peek('public', '198.51.100.9').hits).toBe(from));
        // b, below the threshold itself, counts on from what it heard; a does not see b's hit yet
        // (the documented tolerance: under sharedFrom per instance).
        expect(b.hit('public', '198.51.100.9').hits).toBe(from + 1);
        expect(a.peek('public', '198.51.100.9').hits).toBe(from);
        // Account limits are small: their keys are sent from the first hit.
        a.hit('auth-ip', '198.51.100.9');
        await a.flush();
        await eventually(() => expect(b.peek('auth-ip', '198.51.100.9').hits).toBe(1));
      } finally {
        redis.disconnect();
        await Promise.all([a.close(), b.close()]);
      }
    },
  );

  it('keep counting on each instance while Redis is unreachable (the limit is never off)', async () => {
    const clock = new FixedClock();
    const counters = new SharedCounters(clock, 'redis://127.0.0.1:1', prefix(), SMALL);
    try {
      const hits = Array.from({ length: 5 }, () => counters.hit('auth-ip', '203.0.113.9').hits);
      await counters.flush();
      expect([...hits, counters.peek('auth-ip', '203.0.113.9').hits]).toEqual([1, 2, 3, 4, 5, 5]);
    } finally {
      await counters.close();
    }
  });
});

describe('in-process rate-limit counters (LocalCounters)', () => {
  it('hold a million distinct client addresses in fixed memory and still count every one of them', () => {
    const clock = { now: () => 1_800_000_000_000 } as Clock;
    const counters = new LocalCounters(clock);
    const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000_000; i++) counters.hit('public', address(i));
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    // A flood of other addresses never resets anyone's count: a repeated client keeps all its hits.
    for (let i = 0; i < 600; i++) counters.hit('public', '192.0.2.1');
    expect(counters.peek('public', '192.0.2.1').hits).toBeGreaterThanOrEqual(600);
    // …and over-counts a quiet client by little: a million hits spread over the sketch.
    const quiet = Array.from({ length: 100 }, (_, i) => counters.peek('public', address(i * 9_973)).hits);
    expect(Math.max(...quiet)).toBeLessThan(40);
    expect(heapGrowth).toBeLessThan(32 * 1024 * 1024);
  });
});

// The two-process suites wait for clock minutes and one flush per attempt (about a minute each), and
// the counters they test live in Redis, not in the database: they run on MariaDB, the database such a
// deployment has, and not again on SQLite.
const SHARED_DEPLOYMENT = { dialects: ['mysql'] } as const;

describeEachDialect(
  'rate limits shared by two API processes through Redis',
  (fx) => {
    itWithRedis(
      'lets 5 attempts through across both instances and answers the 6th with 429',
      async () => {
        const env = {
          DATABASE_URL: fx.db.url,
          REDIS_URL: TEST_REDIS_URL,
          RATE_LIMIT_AUTH: '5',
          RATE_LIMIT_PREFIX: `craftstats-test:${process.pid}:${randomBytes(6).toString('hex')}`,
        };
        const processes: AppProcess[] = [];
        try {
          processes.push(await startAppProcess('api', env));
          processes.push(await startAppProcess('api', env));
          await withinOneWindow(15_000);
          const answers: HttpAnswer[] = [];
          for (let i = 0; i < 6; i++) {
            answers.push(
              await postJson(processes[i % 2].url, LOGIN, { username: 'Nikdo', password: 'spatne-heslo' }),
            );
            await settle(); // the other instance hears of it within one flush (ADR 0073)
          }
          expect(answers.map((a) => [a.status, limits(a).remaining])).toEqual([
            [401, '4'],
            [401, '3'],
            [401, '2'],
            [401, '1'],
            [401, '0'],
            [429, '0'],
          ]);
          expect(answers[5].body).toEqual(ACCOUNT_LIMITED);
          expect(seconds(answers[5].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          for (const p of processes) expect(p.output()).toContain('Rate-limit counters shared in Redis');
        } finally {
          await Promise.all(processes.map((p) => p.stop()));
        }
      },
      60_000,
    );
  },
  SHARED_DEPLOYMENT,
);

describeEachDialect(
  'brute-force limits of the account endpoints shared by two API processes through Redis',
  (fx) => {
    itWithRedis(
      'refuse an attacker at his address on both instances, let the member in from another, and bound the name across both',
      async () => {
        const ingestor = await startIngestor(fx.db.url);
        const env = {
          DATABASE_URL: fx.db.url,
          ADMIN_KEY: TEST_ADMIN_KEY,
          REDIS_URL: TEST_REDIS_URL,
          RATE_LIMIT_AUTH: '2', // 20 per username
          RATE_LIMIT_PREFIX: `craftstats-test:${process.pid}:${randomBytes(6).toString('hex')}`,
        };
        const processes: AppProcess[] = [];
        try {
          await createPlayer(ingestor, 2, 'Redis_Pepa', STAFF_RANK);
          processes.push(await startAppProcess('api', env));
          processes.push(await startAppProcess('api', env));
          await withinOneWindow(45_000);
          const on = (i: number) => processes[i % 2].url;
          // Each attempt once the other instance has heard of the previous one (one flush, ADR 0073).
          const attempt = async (from: string, i: number, password = 'spatne-heslo') => {
            const answer = await postJsonFrom(from, on(i), LOGIN, { username: 'Redis_Pepa', password });
            await settle();
            return answer;
          };
          const registered = await postJsonFrom('127.0.0.40', on(0), REGISTER, {
            username: 'Redis_Pepa',
            password: PASSWORD,
            adminKey: TEST_ADMIN_KEY,
          });
          expect(registered.status).toBe(200); // the name's 1st attempt
          await settle();

          const attacker: number[] = [];
          for (let i = 0; i < 8; i++) attacker.push((await attempt('127.0.0.41', i)).status);
          expect(attacker).toEqual([401, 401, 429, 429, 429, 429, 429, 429]); // 2 counted for the name

          expect((await attempt('127.0.0.42', 1, PASSWORD)).status).toBe(200); // the name's 4th

          // Eight more addresses, two attempts each on alternating instances, fill the name's 20; a ninth is refused.
          const spread: number[] = [];
          for (let address = 43; address <= 51; address++) {
            for (let i = 0; i < 2; i++) spread.push((await attempt(`127.0.0.${address}`, i)).status);
          }
          expect(spread).toEqual([...Array<number>(16).fill(401), 429, 429]);
          const member = await attempt('127.0.0.52', 0, PASSWORD);
          expect([member.status, member.body, limits(member).limit]).toEqual([429, ACCOUNT_LIMITED, '20']);
          expect(seconds(member.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        } finally {
          await Promise.all(processes.map((p) => p.stop()));
          await ingestor.stop();
        }
      },
      150_000,
    );
  },
  SHARED_DEPLOYMENT,
);
