const preset = require('../../jest.preset.cjs');

/** Unit tests of the website's pure modules (routing, formatting, periods, boards) and its budget script. */
module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/unit/**/*.spec.ts'],
};
