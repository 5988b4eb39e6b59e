const preset = require('../../jest.preset.cjs');

/** Unit tests of the persistence library (no database). */
module.exports = {
  ...preset,
  displayName: 'persistence',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
