import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';

describeEachDialect(
  'log-ingestor health and metrics',
  (fx) => {
    let running: RunningApp;
    beforeAll(async () => {
      running = await bootApp('log-ingestor', createIngestorApp, testConfig({ DATABASE_URL: fx.db.url }));
    });
    afterAll(() => running?.close());

    it('answers GET /health with 200 while the process runs', async () => {
      const res = await fetch(`${running.url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    });

    it('answers GET /health/ready with 200 when the database answers', async () => {
      const res = await fetch(`${running.url}/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
    });

    it('exposes Prometheus metrics including the requests it served', async () => {
      await fetch(`${running.url}/health`);
      const res = await fetch(`${running.url}/metrics`);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const body = await res.text();
      expect(body).toMatch(
        /http_requests_total\{method="GET",route="\/health",status="200",app="log-ingestor"\} [1-9]/,
      );
      expect(body).toContain('process_cpu_seconds_total');
    });

    it("sends helmet's security headers on every answer and no CORS headers (game servers are not browsers)", async () => {
      for (const path of ['/health', '/no/such/path', '/v1/events']) {
        const res = await fetch(`${running.url}${path}`, { headers: { origin: 'http://localhost:5173' } });
        expect({
          path,
          nosniff: res.headers.get('x-content-type-options'),
          frame: res.headers.get('x-frame-options'),
          referrer: res.headers.get('referrer-policy'),
          csp: res.headers.get('content-security-policy')?.includes("default-src 'self'"),
          cors: res.headers.get('access-control-allow-origin'),
        }).toEqual({
          path,
          nosniff: 'nosniff',
          frame: 'SAMEORIGIN',
          referrer: 'no-referrer',
          csp: true,
          cors: null,
        });
      }
    });

    it('answers an unknown path with the 404 NOT_FOUND envelope', async () => {
      const res = await fetch(`${running.url}/no/such/path`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        status: 404,
        error: 'NOT_FOUND',
        message: 'Požadovaný zdroj neexistuje.',
      });
    });
  },
  { migrate: false },
);
