import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { EVENT_ACTIONS } from '@craftstats/contracts';
import {
  FuzzRequest,
  MariaDbServer,
  RunningApp,
  bootApp,
  fuzzHttp,
  nastyBody,
  nastyNumberLiteral,
  nastyString,
  oddHeaders,
  prototypeSnapshot,
  queryString,
  testConfig,
  toTarget,
  tokenHeaders,
} from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';

/** 400 runs of 10 concurrent requests: 4,000 requests against the ingestor (6,000 more hit the API). */
const PER_RUN = 10;
const RUNS = 400;
const TOKEN = 'survival-fuzz-token-0123456789';

const PATHS = ['/v1/events', '/v1/events/', '/v1/', '/health', '/health/ready', '/metrics', '/docs', '/'];

/** A JSON value as text: a nasty string, a number literal beyond 2^53 or BIGINT, or random JSON. */
const fieldValue = fc.oneof(
  nastyString.map((s) => JSON.stringify(s)),
  nastyNumberLiteral,
  fc.constantFrom('null', 'true', '[]', '{}', '{"__proto__":{"polluted":"yes"}}'),
);

/** An event that is nearly valid: real actions and field names, hostile values, reserved keys. */
const extraField = fc.tuple(
  fc.constantFrom(
    'old_value',
    'new_value',
    'server',
    'sender',
    'site',
    'mc_version',
    'ach_id',
    'ach_name',
    'ach_value',
    'mode',
    'level',
    'experience',
    'status',
    'web',
    'date',
    'id',
    '__proto__',
    'constructor',
    'prototype',
  ),
  fieldValue,
);
const event = fc
  .tuple(
    fc.oneof(
      fc.uuid().map((u) => JSON.stringify(`fz-${u}`)),
      fieldValue,
    ),
    fc.oneof(
      fc.constantFrom(...EVENT_ACTIONS).map((a) => JSON.stringify(a)),
      fieldValue,
    ),
    fc.oneof(fc.constant('"069a79f4-44e9-4726-a5be-fca90e38aaf5"'), fieldValue),
    fc.oneof(fc.constant('"Pepa_Novak"'), fieldValue),
    fc.oneof(fc.constant('1763726400000'), fieldValue),
    fc.array(extraField, { maxLength: 6 }),
  )
  .map(([id, action, uuid, nick, date, extra]) => {
    const pairs: Array<[string, string]> = [
      ['id', id],
      ['action', action],
      ['uuid', uuid],
      ['nick', nick],
      ['date', date],
      ...extra,
    ];
    return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  });
const eventsBody = fc
  .array(event, { minLength: 0, maxLength: 30 })
  .map((events) => `{"events":[${events.join(',')}]}`);

describe('log-ingestor fuzzing: hostile requests on every endpoint', () => {
  let server: MariaDbServer;
  let running: RunningApp;

  beforeAll(async () => {
    server = await MariaDbServer.start();
    await server.query('CREATE DATABASE craftstats CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    running = await bootApp(
      'log-ingestor',
      createIngestorApp,
      testConfig({ DATABASE_URL: server.url('craftstats'), INGEST_TOKENS: `survival:${TOKEN}` }),
    );
  });
  afterAll(async () => {
    await running?.close();
    await server?.destroy();
  });

  it('answers 4,000 hostile requests without a 5xx, always in the envelope, and stays healthy and unpolluted', async () => {
    const prototypeBefore = prototypeSnapshot();
    const nodeRealmObjectPrototype = Object.getPrototypeOf(EventEmitter.prototype) as Record<string, unknown>;

    const request: fc.Arbitrary<FuzzRequest> = fc
      .record({
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant('POST') },
          { weight: 2, arbitrary: fc.constant('GET') },
          {
            weight: 2,
            arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FOO'),
          },
        ),
        path: fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...PATHS) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom('/v1/events/', '/v1/', '/'), nastyString, fc.boolean())
              .map(([prefix, segment, raw]) => prefix + toTarget(segment.slice(0, 3000), raw)),
          },
        ),
        query: queryString(['events', 'id', 'token']),
        tokens: tokenHeaders([TOKEN]),
        odd: oddHeaders,
        body: fc.oneof({ weight: 3, arbitrary: eventsBody }, { weight: 2, arbitrary: nastyBody }),
      })
      .map(({ method, path, query, tokens, odd, body }) => ({
        method,
        path: path + query,
        headers: { ...odd, ...tokens },
        ...(method === 'GET' || method === 'HEAD' || body === undefined ? {} : { body }),
      }));

    const { sent, statuses } = await fuzzHttp(running.url, request, { runs: RUNS, perRun: PER_RUN });

    expect(sent).toBeGreaterThanOrEqual(4_000);
    // Not only refusals: batches were stored (200) and bad ones refused in several ways.
    expect(statuses[200]).toBeGreaterThan(100);
    expect(Object.keys(statuses).length).toBeGreaterThan(4);
    const after = await Promise.all(['/health', '/health/ready'].map((p) => fetch(`${running.url}${p}`)));
    expect(after.map((a) => a.status)).toEqual([200, 200]);
    // A valid batch is still stored exactly as before the storm.
    const valid = await fetch(`${running.url}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [
          {
            id: 'after-fuzz-1',
            action: 'ECONOMY_REGISTER',
            uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
            nick: 'Po_Fuzzu',
            date: 1763726400000,
          },
        ],
      }),
    });
    expect([valid.status, await valid.json()]).toEqual([200, { accepted: 1, duplicates: 0, rejected: [] }]);
    // No prototype pollution in the realm the app's modules run in (this Jest sandbox) nor in Node's.
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(nodeRealmObjectPrototype['polluted']).toBeUndefined();
    expect(prototypeSnapshot()).toEqual(prototypeBefore);
    expect(running.logger.lines.filter((line) => line.includes('Unhandled error'))).toEqual([]);
  });
});
