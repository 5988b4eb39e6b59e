const preset = require('../../jest.preset.cjs');

/** Unit tests of the api app (services with mocked ports; no database, no network). */
module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
