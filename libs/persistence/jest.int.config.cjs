const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/** Integration tests: real repositories against real SQLite and MariaDB databases, one per test file. */
module.exports = {
  ...preset,
  displayName: 'persistence:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  globalSetup: path.join(__dirname, '../../tools/jest/mariadb-probe.cjs'),
  testTimeout: 60_000,
};
