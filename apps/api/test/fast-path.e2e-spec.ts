import { request as httpRequest } from 'node:http';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { AnsweredTargets } from '../src/http-cache/fast-path';
import { LeaderboardsService } from '../src/leaderboards/leaderboards.service';
import { LogsService } from '../src/logs/logs.service';
import { CACHE_EXPIRED, controlClock } from './support/clock';
import { useReadApi } from './support/read-api';

// Wednesday 2026-11-18 13:00 in Prague (CET, UTC+1).
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
// 2026-12-01 00:00 in Prague = 2026-11-30 23:00 UTC: a new vote month and week start.
const DECEMBER = Date.UTC(2026, 10, 30, 23, 0, 0);
const ORIGIN = 'https://web.example.cz';

interface RawAnswer {
  status: number;
  /** Header names and values in the order they were written, without `Date` (it is the wall-clock second). */
  headers: string[];
  body: Buffer;
}

/** One request on its own connection; the answer as the bytes arrived (header order included). */
function raw(url: string, method: 'GET' | 'HEAD', headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i].toLowerCase() !== 'date')
            pairs.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (answer: RawAnswer, name: string): string | undefined => {
  const at = answer.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name);
  return at < 0 ? undefined : answer.headers[at + 1];
};

/** Counter value of `http_requests_total` for a route and status in the metrics text. */
function requestsCounted(metrics: string, route: string, status: number): number {
  const line = metrics
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_requests_total{') &&
        l.includes(`route="${route}"`) &&
        l.includes(`status="${status}"`) &&
        l.includes('method="GET"'),
    );
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

describeEachDialect('fast path of cached reads (ADR 0050)', (fx) => {
  const api = useReadApi(fx, { now: T0, ingestor: false, env: { CORS_ORIGINS: ORIGIN } });
  const headers = { origin: ORIGIN, 'x-request-id': 'fast-path-test-1' };

  it('answers a fresh hit before Nest, with the bytes and headers a hit through Nest has', async () => {
    const board = jest.spyOn(api.app.get(LeaderboardsService), 'board');
    const url = `${api.url}/economy/leaderboard/craftcoins`;
    api.clock.advance(CACHE_EXPIRED);

    // 1: a miss, through Nest (loads). 2: a micro-cache hit through Nest — the target is forgotten first.
    // 3: the same target again: the fast path, the controller is not called.
    await raw(url, 'GET', headers);
    expect(board).toHaveBeenCalledTimes(1);
    (api.app.get(AnsweredTargets) as unknown as { targets: Map<string, unknown> }).targets.clear();
    const throughNest = await raw(url, 'GET', headers);
    expect(board).toHaveBeenCalledTimes(2);
    const fast = await raw(url, 'GET', headers);
    expect(board).toHaveBeenCalledTimes(2);

    expect(fast).toEqual(throughNest);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body.toString('utf8'))).toEqual({ status: 200, data: [] });
    expect(header(fast, 'access-control-allow-origin')).toBe(ORIGIN);
    expect(header(fast, 'x-request-id')).toBe('fast-path-test-1');
    expect(header(fast, 'x-content-type-options')).toBe('nosniff');
    expect(header(fast, 'cache-control')).toBe('public, max-age=2');
    expect(header(fast, 'content-length')).toBe(String(fast.body.length));
    board.mockRestore();
  });

  it('answers HEAD without a body and 304 for a matching If-None-Match, as Nest does', async () => {
    const logs = jest.spyOn(api.app.get(LogsService), 'economy');
    const url = `${api.url}/economy/log`;
    api.clock.advance(CACHE_EXPIRED);
    const answeredTargets = api.app.get(AnsweredTargets) as unknown as { targets: Map<string, unknown> };

    const get = await raw(url, 'GET', headers);
    answeredTargets.targets.clear();
    const headThroughNest = await raw(url, 'HEAD', headers);
    const headFast = await raw(url, 'HEAD', headers);
    expect(logs).toHaveBeenCalledTimes(2);
    expect(headFast).toEqual(headThroughNest);
    expect(headFast.status).toBe(200);
    expect(headFast.body).toHaveLength(0);
    expect(header(headFast, 'content-length')).toBe(String(get.body.length));
    expect(header(headFast, 'etag')).toBe(header(get, 'etag'));

    const etag = header(get, 'etag') as string;
    answeredTargets.targets.clear();
    const notModifiedThroughNest = await raw(url, 'GET', { ...headers, 'if-none-match': etag });
    const notModifiedFast = await raw(url, 'GET', { ...headers, 'if-none-match': `W/${etag}` });
    expect(logs).toHaveBeenCalledTimes(3);
    expect(notModifiedFast).toEqual(notModifiedThroughNest);
    expect(notModifiedFast.status).toBe(304);
    expect(notModifiedFast.body).toHaveLength(0);
    logs.mockRestore();
  });

  it('counts fast-path answers in the request metrics under their route', async () => {
    const url = `${api.url}/server/uniqueplayers`;
    api.clock.advance(CACHE_EXPIRED);
    await raw(url, 'GET');
    const metrics = async () => (await raw(`${api.url}/metrics`, 'GET')).body.toString('utf8');
    const before = requestsCounted(await metrics(), '/server/uniqueplayers', 200);
    for (let i = 0; i < 5; i++) await raw(url, 'GET');
    expect(requestsCounted(await metrics(), '/server/uniqueplayers', 200)).toBe(before + 5);
  });

  it('serves nothing past the TTL, and a vote board not past the end of its month', async () => {
    const service = api.app.get(LeaderboardsService);
    const board = jest.spyOn(service, 'board');
    const url = `${api.url}/economy/leaderboard/month-votes`;

    api.clock.set(DECEMBER - 500);
    await raw(url, 'GET');
    await raw(url, 'GET');
    expect(board).toHaveBeenCalledTimes(1);
    // 1 s later the November bytes are still within their 2 s TTL, but December has begun: through the
    // service that is another cache key, so the fast path must not answer with November's board.
    api.clock.advance(1_000);
    await raw(url, 'GET');
    expect(board).toHaveBeenCalledTimes(2);
    expect(await board.mock.results[1].value).toMatchObject({ period: { kind: 'month', key: '2026-12' } });

    // Past the TTL, the next request goes through Nest again.
    await raw(url, 'GET');
    expect(board).toHaveBeenCalledTimes(2);
    api.clock.advance(2_000);
    await raw(url, 'GET');
    expect(board).toHaveBeenCalledTimes(3);
    board.mockRestore();
  });
});

describeEachDialect('fast path with the public rate limit on', (fx) => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, RATE_LIMIT_PUBLIC: '3' }),
    );
    controlClock(running.app, T0);
  });
  afterAll(() => running.close());

  it('is not installed: every cached read is counted and the fourth in the window gets 429', async () => {
    const url = `${running.url}/economy/leaderboard/craftcoins`;
    const board = jest.spyOn(running.app.get(LeaderboardsService), 'board');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await raw(url, 'GET'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => header(a, 'ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    // The three hits went through the controller (and its guard); none was answered around it.
    expect(board).toHaveBeenCalledTimes(3);
    expect(running.app.get(AnsweredTargets).size).toBe(1);
    board.mockRestore();
  });
});
