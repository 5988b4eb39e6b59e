import { request as httpRequest } from 'node:http';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { EarlyAnswers, earlyAnswersOf } from '@craftstats/platform';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { PLAYER_RANK, createPlayer, startIngestor } from './support/accounts';
import { controlClock } from './support/clock';

/** An answer as it came off the wire: header names in the order they were sent. */
interface WireAnswer {
  status: number;
  names: string[];
  headers: Record<string, string>;
  body: Buffer;
}

/** GET or HEAD `path` with node:http (`rawHeaders` keeps the order of the fields). */
function wire(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<WireAnswer>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const names: string[] = [];
        const fields: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = (res.rawHeaders[i] as string).toLowerCase();
          names.push(name);
          fields[name] = res.rawHeaders[i + 1] as string;
        }
        resolve({ status: res.statusCode ?? 0, names, headers: fields, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Header fields that differ from one answer to the next by design. */
const PER_REQUEST = ['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'connection'];
const stable = (answer: WireAnswer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_REQUEST.includes(name)));

describeEachDialect('public reads answered before Fastify (ADR 0082)', (fx) => {
  let running: RunningApp;
  let early: EarlyAnswers;
  /** What each call of `early.answer` returned: true = answered early. */
  let answeredEarly: boolean[];

  beforeAll(async () => {
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({
        DATABASE_URL: fx.db.url,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PUBLIC: '600',
        CORS_ORIGINS: 'https://web.example.cz',
        LOG_REQUESTS: 'on',
      }),
    );
    controlClock(running.app, Date.UTC(2026, 10, 27, 12));
    early = earlyAnswersOf(running.app.getHttpAdapter());
    const answer = early.answer.bind(early);
    jest.spyOn(early, 'answer').mockImplementation((req, res) => {
      const answered = answer(req, res);
      answeredEarly.push(answered);
      return answered;
    });
  });
  beforeEach(() => {
    answeredEarly = [];
  });
  afterAll(() => running?.close());

  it('repeats a fresh answer with the fields of the answer through Nest, in the same order, and the same bytes', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7', origin: 'https://web.example.cz' };
    const first = await wire(running.url, '/economy/leaderboard/craftcoins', from);
    const second = await wire(running.url, '/economy/leaderboard/craftcoins', from);
    expect(answeredEarly).toEqual([false, true]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.names).toEqual(first.names);
    expect(stable(second)).toEqual(stable(first));
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers).toMatchObject({
      'access-control-allow-origin': 'https://web.example.cz',
      vary: 'Origin',
      'ratelimit-remaining': String(Number(first.headers['ratelimit-remaining']) - 1),
      'content-length': String(first.body.length),
    });
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    // Counted for the client X-Forwarded-For names (TRUST_PROXY), like any other answer.
    const other = await wire(running.url, '/economy/leaderboard/craftcoins', {
      'x-forwarded-for': '198.51.100.20',
    });
    expect([answeredEarly[2], other.headers['ratelimit-remaining']]).toEqual([
      true,
      first.headers['ratelimit-remaining'],
    ]);
  });

  it('repeats the answer of a doubled-slash path as that of the single-slash one: same status, fields and bytes (ADR 0068)', async () => {
    const single = await wire(running.url, '/economy/leaderboard/crafttokens');
    const doubled = [
      await wire(running.url, '//economy//leaderboard/crafttokens'),
      await wire(running.url, '//economy//leaderboard/crafttokens'),
    ];
    expect(answeredEarly).toEqual([false, false, true]);
    for (const answer of doubled) {
      expect(answer.status).toBe(200);
      expect(stable(answer)).toEqual(stable(single));
      expect(answer.body.equals(single.body)).toBe(true);
    }
  });

  it('answers 304 early when If-None-Match names the ETag, and echoes a sane request id', async () => {
    const first = await wire(running.url, '/economy/log');
    const again = await wire(running.url, '/economy/log', {
      'if-none-match': first.headers.etag ?? '',
      'x-request-id': 'web-1234',
    });
    expect(answeredEarly).toEqual([false, true]);
    expect([again.status, again.body.length, again.headers.etag]).toEqual([304, 0, first.headers.etag]);
    expect(again.headers['x-request-id']).toBe('web-1234');
    expect(again.headers['content-type']).toBeUndefined();
  });

  it('counts and logs an early answer under its route, as the hooks do for the others', async () => {
    await wire(running.url, '/server/uniqueplayers');
    await wire(running.url, '/server/uniqueplayers', { 'x-forwarded-for': '192.0.2.44' });
    expect(answeredEarly).toEqual([false, true]);
    const lines = running.logger.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request' && l.route === '/server/uniqueplayers');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      level: 'info',
      app: 'api',
      method: 'GET',
      path: '/server/uniqueplayers',
      status: 200,
      ip: '192.0.2.44',
    });
    expect(typeof lines[1]?.reqId).toBe('string');
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\/server\/uniqueplayers",status="200",app="api"\} 2\n/,
    );
  });

  it('repeats a profile only from its second load: the micro-cache keeps no one-off profile (ADR 0083)', async () => {
    const ingestor = await startIngestor(fx.db.url);
    try {
      await createPlayer(ingestor, 83, 'Jednou_Jen', PLAYER_RANK);
    } finally {
      await ingestor.stop();
    }
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await wire(running.url, '/player/Jednou_Jen'));
    expect(answeredEarly).toEqual([false, false, true]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[2]?.body.equals(answers[0]?.body as Buffer)).toBe(true);
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    expect(metrics).toMatch(/read_cache_loads_total\{cache="players",app="api"\} 2\n/);
  });

  it('leaves HEAD and a bad Host to Fastify', async () => {
    await wire(running.url, '/server/stafflist');
    const head = await wire(running.url, '/server/stafflist', {}, 'HEAD');
    const badHost = await wire(running.url, '/server/stafflist', { host: 'not a host' });
    const asGet = await wire(running.url, '/server/stafflist');
    expect(answeredEarly).toEqual([false, false, false, true]);
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([
      200,
      0,
      asGet.headers['content-length'],
    ]);
    expect([badHost.status, JSON.parse(badHost.body.toString()).error]).toEqual([400, 'BAD_REQUEST']);
  });
});
