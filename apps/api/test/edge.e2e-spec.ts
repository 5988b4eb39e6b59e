import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { RawAnswer, RunningApp, bootApp, httpRequest, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

// What faces browsers, reverse proxies and operators: CORS, security headers, /metrics, /docs and the
// client address behind a proxy. None of it depends on stored data: one SQLite database per suite.

const WEB = 'https://web.example.cz';
const EVIL = 'https://evil.example';
const LOCAL = 'http://localhost:5173';

function boot(db: TestDatabase, env: Record<string, string>): Promise<RunningApp> {
  return bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url, ...env }));
}

function preflight(running: RunningApp, path: string, origin: string, method = 'POST'): Promise<RawAnswer> {
  return httpRequest(running.url, path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

/** The CORS part of an answer. */
function cors(answer: RawAnswer) {
  return {
    status: answer.status,
    allowOrigin: answer.headers['access-control-allow-origin'] ?? null,
    credentials: answer.headers['access-control-allow-credentials'] ?? null,
  };
}

describe('API at the edge', () => {
  let db: TestDatabase;
  const running: RunningApp[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await boot(db, env);
    running.push(app);
    return app;
  };

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await db?.drop();
  });

  describe('CORS with CORS_ORIGINS="https://web.example.cz,*"', () => {
    let api: RunningApp;
    beforeAll(async () => {
      api = await start({ CORS_ORIGINS: `${WEB},*` });
    });

    it('answers the preflight of every route for a listed origin, account and panel included', async () => {
      for (const [path, method] of [
        ['/account/login', 'POST'],
        ['/account/register', 'POST'],
        ['/account/me', 'GET'],
        ['/panel/economy/log', 'GET'],
        ['/economy/leaderboard/craftcoins', 'GET'],
      ] as const) {
        const answer = await preflight(api, path, WEB, method);
        expect({ path, ...cors(answer) }).toEqual({ path, status: 204, allowOrigin: WEB, credentials: null });
        expect(String(answer.headers['access-control-allow-methods'])).toContain(method);
        expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toContain(
          'authorization',
        );
        expect(answer.headers['vary']).toContain('Origin');
      }
    });

    it('lets any origin read the public endpoints with "*", never with credentials', async () => {
      const answer = await httpRequest(api.url, '/server/uniqueplayers', { headers: { origin: EVIL } });
      expect(cors(answer)).toEqual({ status: 200, allowOrigin: '*', credentials: null });
      expect(cors(await preflight(api, '/economy/leaderboard/craftcoins', EVIL, 'GET'))).toEqual({
        status: 204,
        allowOrigin: '*',
        credentials: null,
      });
      const listed = await httpRequest(api.url, '/server/uniqueplayers', { headers: { origin: WEB } });
      expect(cors(listed)).toEqual({ status: 200, allowOrigin: WEB, credentials: null });
      expect(String(listed.headers['access-control-expose-headers'])).toContain('RateLimit-Remaining');
    });

    it('refuses an unlisted origin on the account and panel routes (no CORS headers, 404 envelope)', async () => {
      for (const [path, method] of [
        ['/account/login', 'POST'],
        ['/panel/economy/log', 'GET'],
        ['/account/me', 'GET'],
      ] as const) {
        const answer = await preflight(api, path, EVIL, method);
        expect({ path, ...cors(answer) }).toEqual({
          path,
          status: 404,
          allowOrigin: null,
          credentials: null,
        });
        expect(JSON.parse(answer.text)).toMatchObject({ status: 404, error: 'NOT_FOUND' });
      }
      const login = await httpRequest(api.url, '/account/login', {
        method: 'POST',
        headers: { origin: EVIL, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Nikdo', password: 'spatne-heslo' }),
      });
      expect(cors(login)).toEqual({ status: 401, allowOrigin: null, credentials: null });
    });
  });

  it('allows the local origins by default outside production, and no origin in production', async () => {
    const demo = await start({});
    expect(cors(await preflight(demo, '/account/login', LOCAL))).toMatchObject({
      status: 204,
      allowOrigin: LOCAL,
    });
    expect(cors(await preflight(demo, '/account/login', 'http://127.0.0.1:8080'))).toMatchObject({
      allowOrigin: 'http://127.0.0.1:8080',
    });
    expect(cors(await preflight(demo, '/account/login', WEB)).allowOrigin).toBeNull();

    const production = await start({ NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-0123456789' });
    expect(cors(await preflight(production, '/account/login', LOCAL))).toEqual({
      status: 404,
      allowOrigin: null,
      credentials: null,
    });
    const read = await httpRequest(production.url, '/server/uniqueplayers', { headers: { origin: LOCAL } });
    expect(cors(read)).toEqual({ status: 200, allowOrigin: null, credentials: null });
  });

  it("sends helmet's security headers on every answer, with a CSP that keeps /docs working", async () => {
    const api = await start({});
    for (const path of ['/health', '/server/uniqueplayers', '/nikde', '/docs', '/docs-json', '/player/%']) {
      const answer = await httpRequest(api.url, path);
      expect({
        path,
        nosniff: answer.headers['x-content-type-options'],
        frame: answer.headers['x-frame-options'],
        referrer: answer.headers['referrer-policy'],
      }).toEqual({ path, nosniff: 'nosniff', frame: 'SAMEORIGIN', referrer: 'no-referrer' });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('keeps /metrics behind METRICS_TOKEN in production', async () => {
    const token = 'metrics-token-0123456789';
    const withToken = await start({ NODE_ENV: 'production', METRICS_TOKEN: token });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', token]) {
      const answer = await httpRequest(withToken.url, '/metrics', {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect([answer.status, answer.headers['www-authenticate'], JSON.parse(answer.text)]).toEqual([
        401,
        'Bearer',
        { status: 401, error: 'UNAUTHORIZED', message: expect.any(String) },
      ]);
    }
    const scraped = await httpRequest(withToken.url, '/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('http_requests_total');

    const withoutToken = await start({ NODE_ENV: 'production' });
    expect((await httpRequest(withoutToken.url, '/metrics')).status).toBe(401);
    expect(withoutToken.logger.lines.join('\n')).toContain('METRICS_TOKEN is not set');

    const development = await start({});
    expect((await httpRequest(development.url, '/metrics')).status).toBe(200);
  });

  it('switches the API documentation off with DOCS_ENABLED=false', async () => {
    const api = await start({ DOCS_ENABLED: 'false' });
    for (const path of ['/docs', '/docs-json', '/docs/swagger-ui-bundle.js']) {
      const answer = await httpRequest(api.url, path);
      expect([path, answer.status, JSON.parse(answer.text)]).toEqual([
        path,
        404,
        expect.objectContaining({ status: 404, error: 'NOT_FOUND' }),
      ]);
    }
    expect((await httpRequest(api.url, '/server/uniqueplayers')).status).toBe(200);
    // GET / names the health check instead of a documentation that is not there.
    const home = await httpRequest(api.url, '/');
    expect([home.status, JSON.parse(home.text)]).toEqual([
      200,
      { status: 200, data: { service: 'craftstats API', health: '/health' } },
    ]);
  });

  it("sends a person who opens the API's address (GET /) to the API documentation at /docs", async () => {
    const api = await start({});
    const home = await httpRequest(api.url, '/', { headers: { accept: 'text/html' } });
    expect([home.status, home.headers['location']]).toEqual([302, '/docs']);
    expect((await httpRequest(api.url, '/docs')).status).toBe(200);
    expect((await httpRequest(api.url, '/', { method: 'POST' })).status).toBe(404);
  });

  describe('client address behind a reverse proxy (TRUST_PROXY), public limit of 2 per minute', () => {
    /** Statuses of GET /server/uniqueplayers sent with these X-Forwarded-For values, in order. */
    async function statuses(api: RunningApp, forwardedFor: string[]): Promise<number[]> {
      const result: number[] = [];
      for (const xff of forwardedFor) {
        result.push(
          (await httpRequest(api.url, '/server/uniqueplayers', { headers: { 'x-forwarded-for': xff } }))
            .status,
        );
      }
      return result;
    }
    const loggedClients = (api: RunningApp) =>
      api.logger.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line['msg'] === 'request' && line['route'] === '/server/uniqueplayers')
        .map((line) => line['ip']);

    it('counts each client of a trusted proxy on its own and logs its address', async () => {
      const api = await start({ RATE_LIMIT_PUBLIC: '2', TRUST_PROXY: '127.0.0.1' });
      expect(await statuses(api, ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.9'])).toEqual([
        200, 200, 429, 200,
      ]);
      expect(loggedClients(api)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.9']);
    });

    it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
      const envs: Record<string, string>[] = [{}, { TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }];
      for (const env of envs) {
        const api = await start({ RATE_LIMIT_PUBLIC: '2', ...env });
        // Forged addresses change nothing: one client, one budget.
        expect(await statuses(api, ['203.0.113.7', '198.51.100.9', '192.0.2.1'])).toEqual([200, 200, 429]);
        expect(loggedClients(api)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
      }
    });
  });
});
