import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import {
  FuzzRequest,
  MariaDbServer,
  RunningApp,
  bootApp,
  fuzzHttp,
  nastyBody,
  nastyString,
  oddHeaders,
  prototypeSnapshot,
  queryString,
  sendRaw,
  testConfig,
  toTarget,
  tokenHeaders,
} from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { Ingestor, STAFF_RANK, T0, TEST_ADMIN_KEY, createPlayer, startIngestor } from './support/accounts';

/** Requests per property run (sent concurrently) and runs: 6,000 requests against the API. */
const PER_RUN = 10;
const RUNS = 600;

const STATIC_PATHS = [
  '/economy/leaderboard/craftcoins',
  '/economy/leaderboard/crafttokens',
  '/economy/leaderboard/votetokens',
  '/economy/leaderboard/achievement-points',
  '/economy/leaderboard/event-points',
  '/economy/leaderboard/total-votes',
  '/economy/leaderboard/month-votes',
  '/economy/leaderboard/week-votes',
  '/economy/leaderboard/levels/survival',
  '/server/playercount',
  '/server/uniqueplayers',
  '/server/stafflist',
  '/economy/log',
  '/achievements/log',
  '/player/Fuzz_Staff',
  '/player/uuid/00000000-0000-4000-8000-000000000001',
  '/account/register',
  '/account/login',
  '/account/me',
  '/panel/economy/log',
  '/panel/achievements/log',
  '/health',
  '/health/ready',
  '/metrics',
  '/docs',
  '/docs-json',
  '/',
];
const PARAM_PREFIXES = [
  '/player/',
  '/player/uuid/',
  '/economy/leaderboard/levels/',
  '/economy/leaderboard/',
  '/panel/',
  '/',
];
const QUERY_NAMES = [
  'uuid',
  'nick',
  'action',
  'server',
  'from',
  'to',
  'limit',
  'cursor',
  'month',
  'week',
  'mode',
];
const ACCOUNT_PATHS = ['/account/register', '/account/login'];

describe('API fuzzing: hostile requests on every endpoint', () => {
  let server: MariaDbServer;
  let ingestor: Ingestor;
  let running: RunningApp;
  let staffToken = '';

  beforeAll(async () => {
    server = await MariaDbServer.start();
    await server.query('CREATE DATABASE craftstats CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    ingestor = await startIngestor(server.url('craftstats'));
    const staff = await createPlayer(ingestor, 1, 'Fuzz_Staff', STAFF_RANK);
    await ingestor.send([
      { action: 'PLAYER_VOTE', uuid: staff.uuid, nick: staff.nick, site: 'craftlist.org', date: T0 + 5 },
      {
        action: 'ECONOMY_CRAFTCOINS_ADD',
        uuid: staff.uuid,
        nick: staff.nick,
        new_value: '250',
        date: T0 + 6,
      },
      {
        action: 'ACHIEVEMENT_COMPLETE',
        uuid: staff.uuid,
        nick: staff.nick,
        ach_id: 'first',
        ach_name: 'První',
        ach_value: 5,
        date: T0 + 7,
      },
    ]);
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: server.url('craftstats'), ADMIN_KEY: TEST_ADMIN_KEY }),
    );
    const password = 'fuzz-password-0123456789';
    const json = { 'content-type': 'application/json' };
    const registered = await sendRaw(running.url, {
      method: 'POST',
      path: '/account/register',
      headers: json,
      body: JSON.stringify({ username: staff.nick, password, adminKey: TEST_ADMIN_KEY }),
    });
    if (registered.status !== 200) throw new Error(`staff registration failed: ${registered.body}`);
    const login = await sendRaw(running.url, {
      method: 'POST',
      path: '/account/login',
      headers: json,
      body: JSON.stringify({ username: staff.nick, password }),
    });
    staffToken = (JSON.parse(login.body) as { token: string }).token;
    if (!/^ey/.test(staffToken)) throw new Error(`staff login failed: ${login.body}`);
  });
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
    await server?.destroy();
  });

  it('answers 6,000 hostile requests without a 5xx, always in the envelope, and stays healthy and unpolluted', async () => {
    const prototypeBefore = prototypeSnapshot();
    const nodeRealmObjectPrototype = Object.getPrototypeOf(EventEmitter.prototype) as Record<string, unknown>;

    const path = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...STATIC_PATHS) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...PARAM_PREFIXES), nastyString, fc.boolean())
          .map(([prefix, segment, raw]) => prefix + toTarget(segment.slice(0, 3000), raw)),
      },
    );
    const accountBody = fc
      .record({
        username: fc.oneof(nastyString, fc.constant('Fuzz_Staff')),
        password: nastyString,
        adminKey: fc.oneof(nastyString, fc.constant(TEST_ADMIN_KEY)),
      })
      .map((b) => JSON.stringify(b));
    const request: fc.Arbitrary<FuzzRequest> = fc
      .record({
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant('GET') },
          { weight: 3, arbitrary: fc.constant('POST') },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              'PUT',
              'DELETE',
              'PATCH',
              'OPTIONS',
              'HEAD',
              'TRACE',
              'PROPFIND',
              'FOO',
            ),
          },
        ),
        path,
        query: queryString(QUERY_NAMES),
        tokens: tokenHeaders([staffToken]),
        odd: oddHeaders,
        body: fc.oneof(nastyBody, accountBody),
      })
      .map(({ method, path: p, query, tokens, odd, body }) => ({
        method,
        path: p + query,
        headers: { ...odd, ...tokens },
        ...(method === 'GET' || method === 'HEAD' || body === undefined ? {} : { body }),
      }));

    const { sent, statuses } = await fuzzHttp(running.url, request, {
      runs: RUNS,
      perRun: PER_RUN,
      rules: { accountPaths: ACCOUNT_PATHS },
    });
    expect(sent).toBeGreaterThanOrEqual(6_000);
    // The answers are not all the same refusal: reads succeeded, and errors of several kinds came back.
    expect(Object.keys(statuses).length).toBeGreaterThan(4);
    expect(statuses[200]).toBeGreaterThan(500);
    // Healthy afterwards: liveness, readiness and a real read still work on the same process.
    const after = await Promise.all(
      ['/health', '/health/ready', '/player/Fuzz_Staff'].map((p) =>
        sendRaw(running.url, { method: 'GET', path: p, headers: {} }),
      ),
    );
    expect(after.map((a) => a.status)).toEqual([200, 200, 200]);
    // No prototype pollution, checked in the realm the app's modules run in (this Jest sandbox, where
    // Fastify, Nest and every parser were loaded) and in Node's own realm (core modules' objects).
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(nodeRealmObjectPrototype['polluted']).toBeUndefined();
    expect(prototypeSnapshot()).toEqual(prototypeBefore);
    // Nothing was an unexpected error on the server side either.
    expect(running.logger.lines.filter((line) => line.includes('Unhandled error'))).toEqual([]);
  });
});
