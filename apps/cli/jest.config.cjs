const preset = require('../../jest.preset.cjs');

/** Unit tests of the operators' commands (argument parsing, the one-line failures). */
module.exports = {
  ...preset,
  displayName: 'cli',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
