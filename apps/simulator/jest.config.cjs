const preset = require('../../jest.preset.cjs');

/** Unit tests of the demo simulator: the seeded simulation, its configuration, the status responder. */
module.exports = {
  ...preset,
  displayName: 'simulator',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
