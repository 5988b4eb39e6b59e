const preset = require('../../jest.preset.cjs');

/** Unit tests: pure code, no database, no network. */
module.exports = {
  ...preset,
  displayName: 'domain',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
