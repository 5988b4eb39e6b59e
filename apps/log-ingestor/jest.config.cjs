const preset = require('../../jest.preset.cjs');

/** Unit tests of the log-ingestor app (services with mocked ports; no database, no network). */
module.exports = {
  ...preset,
  displayName: 'log-ingestor',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
