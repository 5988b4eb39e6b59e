import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, startAppProcess, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

describeEachDialect(
  'api health, metrics and errors',
  (fx) => {
    let running: RunningApp;
    beforeAll(async () => {
      running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: fx.db.url }));
    });
    afterAll(() => running?.close());

    it('migrates the empty database on start and reports ready', async () => {
      const res = await fetch(`${running.url}/health/ready`);
      expect(res.status).toBe(200);
      const applied = await fx.dataSource.query('SELECT name FROM migrations');
      expect(applied.length).toBeGreaterThan(0);
    });

    it('answers GET /health with 200', async () => {
      const res = await fetch(`${running.url}/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('answers an unknown path with the 404 NOT_FOUND envelope, never HTML', async () => {
      const res = await fetch(`${running.url}/definitely/not/here`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        status: 404,
        error: 'NOT_FOUND',
        message: 'Požadovaný zdroj neexistuje.',
      });
    });

    it('answers malformed JSON with the 400 envelope', async () => {
      const res = await fetch(`${running.url}/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"broken',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' });
    });

    it('matches doubled slashes as one: the same answer and ETag, the matched route in the log and metrics', async () => {
      const single = await fetch(`${running.url}/economy/leaderboard/craftcoins`);
      const doubled = await fetch(`${running.url}//economy//leaderboard/craftcoins`);
      expect([single.status, doubled.status]).toEqual([200, 200]);
      const etag = single.headers.get('etag');
      expect(etag).toMatch(/^"/);
      expect(doubled.headers.get('etag')).toBe(etag);
      expect(await doubled.text()).toBe(await single.text());
      const revalidated = await fetch(`${running.url}//economy/leaderboard//craftcoins`, {
        headers: { 'if-none-match': etag ?? '' },
      });
      expect(revalidated.status).toBe(304);
      // A private route is reached (and guarded) as well; a trailing slash is still another path.
      expect((await fetch(`${running.url}//account//me`)).status).toBe(401);
      expect((await fetch(`${running.url}/economy/leaderboard/craftcoins/`)).status).toBe(404);

      const line = running.logger.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'request' && l.path === '//economy//leaderboard/craftcoins');
      expect(line).toMatchObject({ route: '/economy/leaderboard/craftcoins', status: 200 });
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      expect(metrics).toMatch(
        /http_requests_total\{method="GET",route="\/economy\/leaderboard\/craftcoins",status="304",app="api"\} 1\n/,
      );
      expect(metrics).not.toMatch(/route="[^"]*\/\/[^"]*"/);
    });

    it('logs structured JSON lines for requests', async () => {
      await fetch(`${running.url}/health`);
      const line = running.logger.lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'request' && l.route === '/health');
      expect(line).toMatchObject({ level: 'info', app: 'api', method: 'GET', status: 200 });
    });
  },
  { migrate: false },
);

describe('api start with a bad configuration', () => {
  it('stops with exit code 78 and a message naming the variable', async () => {
    await expect(
      startAppProcess('api', { DATABASE_URL: 'sqlite::memory:', TZ_COMMUNITY: 'Mars/Olympus_Mons' }),
    ).rejects.toThrow(/exited with 78 before listening:[\s\S]*Invalid configuration: TZ_COMMUNITY/);
  });

  it.each([
    ['LOG_LEVEL', 'loud', 'verbose, debug, log, warn, error'],
    ['NODE_ENV', 'prod', 'development, production, test'],
  ])(
    'stops with exit code 78 for %s=%s, naming the variable and the allowed values',
    async (name, value, allowed) => {
      await expect(
        startAppProcess('api', { DATABASE_URL: 'sqlite::memory:', [name]: value }),
      ).rejects.toThrow(`api: Invalid configuration: ${name} must be one of ${allowed}, got "${value}"`);
    },
  );

  it('refuses to start in production without JWT_SECRET', async () => {
    await expect(
      startAppProcess('api', { DATABASE_URL: 'sqlite::memory:', NODE_ENV: 'production', JWT_SECRET: '' }),
    ).rejects.toThrow(
      /exited with 78 before listening:[\s\S]*JWT_SECRET is required when NODE_ENV=production/,
    );
  });
});
