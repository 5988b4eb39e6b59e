import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http, { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import {
  RunningApp,
  bootApp,
  describeWithChromium,
  launchChromium,
  testConfig,
} from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

// A frontend on another origin, as the website and the panel run: a page served by a second web
// server imports the contracts package (its ES module build, unbundled) and calls the API with
// createApiClient in Debian's Chromium. One page's origin is in CORS_ORIGINS, the other is not.
const ROOT = path.resolve(__dirname, '../../..');
const CONTRACTS_DIST = path.join(ROOT, 'dist/libs/contracts');

const PAGE = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>frontend</title></head><body>
<script type="module">
  import { createApiClient } from '/contracts/index.js';
  const outcome = async (call) => {
    try {
      return { ok: await call() };
    } catch (error) {
      return { error: error.name, status: error.status, code: error.code };
    }
  };
  window.callApi = async (baseUrl) => {
    const api = createApiClient({ baseUrl });
    return {
      uniquePlayers: await outcome(() => api.uniquePlayers()),
      login: await outcome(() => api.login({ username: 'Nikdo', password: 'spatne-heslo' })),
      me: await outcome(() => api.withToken('a.b.c').me()),
    };
  };
  window.ready = true;
</script>
</body></html>`;

/** The frontend's web server: the page and the contracts' ES modules, on its own port (origin). */
async function startFrontend(): Promise<{ server: Server; origin: string }> {
  const server = http.createServer((request, response) => {
    const url = (request.url ?? '/').split('?')[0];
    if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    const file = path.resolve(CONTRACTS_DIST, `.${url.replace(/^\/contracts/, '')}`);
    if (!url.startsWith('/contracts/') || !file.startsWith(CONTRACTS_DIST) || !file.endsWith('.js')) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describeWithChromium('the contracts client in a browser on another origin', () => {
  let db: TestDatabase;
  let api: RunningApp;
  let browser: Browser;
  let allowed: { server: Server; origin: string };
  let refused: { server: Server; origin: string };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'libs/contracts/build.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`contracts build failed: ${build.stderr}`);
    allowed = await startFrontend();
    refused = await startFrontend();
    db = await createTestDatabase('sqlite');
    api = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: db.url, CORS_ORIGINS: allowed.origin }),
    );
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await db?.drop();
    for (const frontend of [allowed, refused]) {
      await new Promise((resolve) => frontend?.server.close(resolve));
    }
  });

  async function callFrom(origin: string): Promise<unknown> {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => (globalThis as unknown as { ready?: boolean }).ready === true);
      return await page.evaluate(
        (baseUrl) => (globalThis as unknown as { callApi(url: string): Promise<unknown> }).callApi(baseUrl),
        api.url,
      );
    } finally {
      await page.close();
    }
  }

  it('works from an allowed origin: public read, login (JSON POST) and a bearer-token call', async () => {
    expect(await callFrom(allowed.origin)).toEqual({
      uniquePlayers: { ok: { amount: 0 } },
      login: {
        ok: {
          httpStatus: 401,
          body: { success: false, message: 'Neplatné uživatelské jméno nebo heslo!' },
        },
      },
      me: { error: 'ApiError', status: 401, code: 'UNAUTHORIZED' },
    });
  }, 60_000);

  it('is refused by the browser from an origin that is not allowed', async () => {
    expect(await callFrom(refused.origin)).toEqual({
      uniquePlayers: { error: 'ApiError', status: 0, code: 'NETWORK_ERROR' },
      login: { error: 'ApiError', status: 0, code: 'NETWORK_ERROR' },
      me: { error: 'ApiError', status: 0, code: 'NETWORK_ERROR' },
    });
  }, 60_000);
});
