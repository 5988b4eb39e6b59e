const preset = require('../../jest.preset.cjs');

/**
 * The website in a real browser (Debian's Chromium through playwright-core) against the demo: the real
 * API, ingestor and simulator on SQLite, started by tools/start.mjs (which also builds the website).
 */
module.exports = {
  ...preset,
  displayName: 'web:e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
};
