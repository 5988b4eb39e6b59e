import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, driven by playwright-core (which never downloads a browser). With CI=true the
 * browser suites are mandatory; elsewhere a machine without it skips them, with the reason in the title.
 */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
const hasChromium = existsSync(CHROMIUM);

/** Starts a headless Chromium for one suite (close it in afterAll). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/**
 * `describe` for a suite that needs the browser: runs it where Chromium is installed; without it, fails
 * with CI=true (install the Debian package "chromium") and skips elsewhere with the reason in its title.
 */
export function describeWithChromium(title: string, suite: () => void): void {
  if (hasChromium) {
    describe(title, suite);
    return;
  }
  if (process.env['CI'] === 'true') {
    describe(title, () => {
      it(`needs ${CHROMIUM} with CI=true (install the Debian package "chromium")`, () => {
        expect(existsSync(CHROMIUM)).toBe(true);
      });
    });
    return;
  }
  // Skipped on purpose, with the reason in the title: the browser is optional outside CI.
  describe.skip(`${title} — skipped: ${CHROMIUM} not found (set CI=true to require it)`, suite);
}
