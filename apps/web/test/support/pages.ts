import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { JWT_LIFETIME_SECONDS } from '@craftstats/contracts';

/** The two widths every page must work at. */
export const WIDTHS = [360, 1440] as const;

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught exceptions, requests to any other origin. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * A page in a new context of `width`, recording what must never happen: console errors or warnings
 * (CSP violations show up there too), uncaught exceptions, and any request outside `origin` (which
 * is also refused, so a font CDN or an analytics script would fail the test, not slow it).
 */
export async function openPage(browser: Browser, origin: string, width: number): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
    problems.push(`request outside the service: ${url}`);
    return route.abort();
  });
  return { page, context, problems, close: () => context.close() };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now: `rule (impact): selectors`. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not apply.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How much wider than the viewport the page is (0 = nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Runs `check` (which asserts) until it passes or `timeoutMs` is over, then throws its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, pauseMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * The login token re-issued to expire at `expSeconds`, signed with the API's JWT_SECRET (HS256) as the
 * API signs it: `iat` moves along, since a token is valid only when `exp` is `iat` + 4 hours.
 */
export function withExpiry(token: string, secret: string, expSeconds: number): string {
  const [, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(
    JSON.stringify({ ...claims, iat: expSeconds - JWT_LIFETIME_SECONDS, exp: expSeconds }),
  );
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}
