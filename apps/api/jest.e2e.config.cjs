const os = require('node:os');
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/** End-to-end: the whole app over HTTP on a real socket, against real SQLite and MariaDB databases. */
module.exports = {
  ...preset,
  displayName: 'api:e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: path.join(__dirname, '../../tools/jest/e2e-setup.cjs'),
  testTimeout: 60_000,
  // Two files at a time at least, even on 2 cores, where Jest's default is one: much of this suite
  // waits (for app processes, the real clock's rate-limit windows, Redis flushes, the database), and
  // every file has its own database, ports and Redis prefix (docs/testing.md, "How the suites run").
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
};
