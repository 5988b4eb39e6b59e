import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';
import { INGEST_TOKENS, SURVIVAL_TOKEN, nextId } from './support/ingest';

describeEachDialect(
  'log-ingestor health and metrics',
  (fx) => {
    let running: RunningApp;
    beforeAll(async () => {
      running = await bootApp(
        'log-ingestor',
        createIngestorApp,
        testConfig({ DATABASE_URL: fx.db.url, INGEST_TOKENS }),
      );
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

    it('matches doubled slashes as one (//health/ready, //v1//events), under the matched route', async () => {
      const ready = await fetch(`${running.url}//health//ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', database: 'up' }]);
      // The events route is reached: its token guard answers (an unknown path would be 404).
      const events = await fetch(`${running.url}//v1//events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"events":[]}',
      });
      expect(events.status).toBe(401);
      // With a game server's token the events are stored, as through /v1/events.
      const event = {
        id: nextId('slashes'),
        action: 'ECONOMY_REGISTER',
        uuid: '0f1e2d3c-4b5a-4968-8776-655443322110',
        nick: 'Dvoji_Lomitko',
        date: Date.UTC(2026, 10, 27, 12),
      };
      const post = (): Promise<Response> =>
        fetch(`${running.url}//v1//events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${SURVIVAL_TOKEN}` },
          body: JSON.stringify({ events: [event] }),
        });
      const stored = await post();
      expect([stored.status, await stored.json()]).toEqual([
        200,
        { accepted: 1, duplicates: 0, rejected: [] },
      ]);
      const again = await post();
      expect([again.status, await again.json()]).toEqual([200, { accepted: 0, duplicates: 1, rejected: [] }]);
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      expect(metrics).toMatch(
        /http_requests_total\{method="POST",route="\/v1\/events",status="401",app="log-ingestor"\} 1\n/,
      );
      expect(metrics).toMatch(
        /http_requests_total\{method="POST",route="\/v1\/events",status="200",app="log-ingestor"\} 2\n/,
      );
      expect(metrics).not.toMatch(/route="[^"]*\/\/[^"]*"/);
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
