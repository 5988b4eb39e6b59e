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
};
