const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/**
 * `npm run test:faults`: the fault suite. Real app processes on loopback against private MariaDB
 * servers the suite starts and removes itself (never the machine's shared one), plus the fuzzers,
 * which boot each app in-process (`apps/<app>/test/*.fault-spec.ts`). See docs/testing.md.
 */
module.exports = {
  ...preset,
  displayName: 'faults',
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/tools/faults', '<rootDir>/apps/api/test', '<rootDir>/apps/log-ingestor/test'],
  testMatch: ['**/*.fault-spec.ts'],
  globalSetup: path.join(__dirname, 'global-setup.cjs'),
  // Generous: the machine running CI may be shared and slow; a hang still fails, only later.
  testTimeout: 600_000,
};
