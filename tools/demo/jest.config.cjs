const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/**
 * The demo smoke test: `node tools/start.mjs` in demo mode as its own process tree, checked over HTTP
 * like a user would (every public endpoint fills up, the printed staff login works, SIGTERM stops all).
 */
module.exports = {
  ...preset,
  displayName: 'demo',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
  // Whether MariaDB is there (the start-failure cases that need a real server's answers).
  globalSetup: path.join(__dirname, '../jest/mariadb-probe.cjs'),
};
