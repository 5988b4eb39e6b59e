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

// Swagger UI rendered by a real browser (Debian's Chromium). The OpenAPI document does not depend on
// the database: one SQLite database.
describeWithChromium('Swagger UI in a browser', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url }));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await db?.drop();
  });

  it('renders the operations of the API from assets served by the API itself', async () => {
    const page = await browser.newPage();
    const external: string[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The page runs under the API's Content-Security-Policy (helmet): a blocked script, style or
    // fetch would show up here as a console error.
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        cspViolations.push(message.text());
      }
    });
    // Anything not served by the API (a CDN, the online validator) is refused and recorded.
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(`${running.url}/`) || url.startsWith('data:')) return route.continue();
      external.push(url);
      return route.abort();
    });

    const response = await page.goto(`${running.url}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });

    expect(await page.textContent('.info .title')).toContain('craftstats API');
    const paths = await page.$$eval('.opblock-summary-path', (nodes) =>
      nodes.map((node) => node.getAttribute('data-path') ?? node.textContent ?? ''),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        '/economy/leaderboard/craftcoins',
        '/economy/leaderboard/week-votes',
        '/server/playercount',
        '/player/{nick}',
        '/player/uuid/{uuid}',
        '/account/login',
        '/account/me',
        '/health',
      ]),
    );
    const tags = await page.$$eval('.opblock-tag', (nodes) =>
      nodes.map((node) => node.getAttribute('data-tag')),
    );
    expect(tags).toEqual(expect.arrayContaining(['Žebříčky', 'Hráči', 'Účty', 'Provoz']));
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
