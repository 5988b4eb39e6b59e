import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_ROUTES, WEB_PAGE_ROUTES } from '@craftstats/contracts';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { WEBSITE_CSP } from '../src/website/website.routes';

// The website's files as `vite build` lays them out; the real build is tested in a browser by
// apps/web/test. The website does not depend on the database: one SQLite database.

const PAGE = `<!doctype html><html lang="cs"><head><title>craftstats</title>${'<meta name="x">'.repeat(40)}</head><body><div id="app"></div><script type="module" src="/assets/index-Bq3xZ1.js"></script></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('craftstats '.repeat(200))});`;
const ICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

interface Raw {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A GET that keeps the body's bytes as sent (fetch would decompress them). */
async function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') h.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function json(answer: Raw): unknown {
  return JSON.parse(answer.body.toString('utf8'));
}

describe('the website at the API origin', () => {
  let db: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-web-'));
    mkdirSync(path.join(dir, 'assets/img'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), PAGE);
    writeFileSync(path.join(dir, 'assets/index-Bq3xZ1.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets/img/icon-9f8e7d.png'), ICON);
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(env: Record<string, string>): Promise<RunningApp> {
    return bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url, ...env }));
  }

  describe('with WEB_ENABLED=true', () => {
    let running: RunningApp;
    beforeAll(async () => {
      running = await boot({ WEB_ENABLED: 'true', WEB_DIR: dir });
    });
    afterAll(async () => {
      await running?.close();
    });

    it.each([
      '/',
      '/zebricky',
      '/zebricky/craftcoins',
      '/zebricky/month-votes?month=2026-10',
      '/zebricky/neznamy',
      '/hrac/Pepa_Novak',
      '/hrac/uuid/069a79f4-44e9-4726-a5be-fca90e38aaf5',
      '/hrac/Nikdo/navic',
      '/zive',
      '/panel',
    ])('answers the page on %s with its CSP, revalidated by ETag', async (target) => {
      const answer = await raw(`${running.url}${target}`);
      expect(answer.status).toBe(200);
      expect(answer.body.toString('utf8')).toBe(PAGE);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy')).toBe(WEBSITE_CSP);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const again = await raw(`${running.url}${target}`, {
        'if-none-match': answer.headers.get('etag') as string,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it('allows only its own origin, plus data: images, in its CSP', () => {
      expect(WEBSITE_CSP).toContain("default-src 'self'");
      expect(WEBSITE_CSP).toContain("img-src 'self' data:");
      expect(WEBSITE_CSP).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*/);
    });

    it('serves the hashed assets with a year of immutable caching', async () => {
      const script = await raw(`${running.url}/assets/index-Bq3xZ1.js`);
      expect(script.status).toBe(200);
      expect(script.body.toString('utf8')).toBe(SCRIPT);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const icon = await raw(`${running.url}/assets/img/icon-9f8e7d.png`, { 'accept-encoding': 'gzip, br' });
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(icon.headers.get('content-encoding')).toBeNull();
      expect(icon.body).toEqual(ICON);
    });

    it('sends brotli or gzip as the client accepts, else the plain bytes', async () => {
      const url = `${running.url}/assets/index-Bq3xZ1.js`;
      const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toContain('Accept-Encoding');
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(SCRIPT);
      expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
      const gzip = await raw(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(SCRIPT);
      const plain = await raw(url, { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.body.toString('utf8')).toBe(SCRIPT);
      const page = await raw(`${running.url}/zive`, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(page.body).toString('utf8')).toBe(PAGE);
    });

    it('answers HEAD with the headers only', async () => {
      const head = await raw(`${running.url}/hrac/Pepa`, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(head.body.length).toBe(0);
    });

    it.each([
      '/assets/missing.js',
      '/assets/',
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/index.html',
      '/hrac',
      '/zive/',
      '/panel/',
      '/zebricky-x',
      '/favicon.ico',
      '/nikde',
    ])('keeps the JSON 404 of the API on %s', async (target) => {
      const answer = await raw(`${running.url}${target}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(json(answer)).toEqual({ status: 404, error: 'NOT_FOUND', message: expect.any(String) });
    });

    it('never answers an API route with the page', async () => {
      // The two log streams never end; they are Server-Sent Events (text/event-stream) in their own suite.
      const concrete = API_ROUTES.filter((route) => !route.endsWith('/stream')).map((route) =>
        route.replace(':mode', 'survival').replace(':nick', 'Pepa').replace(':uuid', '0'.repeat(32)),
      );
      for (const target of concrete) {
        const answer = await raw(`${running.url}${target}`);
        expect([target, answer.body.toString('utf8') === PAGE]).toEqual([target, false]);
      }
      const panel = await raw(`${running.url}/panel/economy/log`);
      expect(panel.status).toBe(401);
      expect(json(panel)).toMatchObject({ error: 'UNAUTHORIZED' });
      const docs = await raw(`${running.url}/docs`);
      expect(docs.headers.get('content-security-policy')).not.toBe(WEBSITE_CSP);
      expect(WEB_PAGE_ROUTES).toHaveLength(6);
    });
  });

  it('with WEB_ENABLED=false answers as without a website: / points to /docs, the pages are the JSON 404', async () => {
    const running = await boot({ WEB_ENABLED: 'false', WEB_DIR: dir });
    try {
      const home = await raw(`${running.url}/`);
      expect([home.status, home.headers.get('location')]).toEqual([302, '/docs']);
      for (const target of ['/zebricky', '/hrac/Pepa', '/panel', '/assets/index-Bq3xZ1.js']) {
        const answer = await raw(`${running.url}${target}`);
        expect([target, answer.status]).toEqual([target, 404]);
        expect(json(answer)).toMatchObject({ status: 404, error: 'NOT_FOUND' });
      }
    } finally {
      await running.close();
    }
  });

  it('without a build in WEB_DIR says so once and answers as without a website', async () => {
    const running = await boot({ WEB_ENABLED: 'true', WEB_DIR: path.join(dir, 'not-built') });
    try {
      const home = await raw(`${running.url}/`);
      expect([home.status, home.headers.get('location')]).toEqual([302, '/docs']);
      const answer = await raw(`${running.url}/zebricky`);
      expect(answer.status).toBe(404);
      expect(json(answer)).toMatchObject({ error: 'NOT_FOUND' });
      const warnings = running.logger
        .entries()
        .filter((line) => /no website build/.test(String(line['msg'])));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]['level']).toBe('warn');
    } finally {
      await running.close();
    }
  });
});
