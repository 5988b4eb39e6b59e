// Shared Jest settings: SWC transpiles TypeScript (with decorator metadata, which NestJS DI needs);
// type errors are caught by the separate `typecheck` target, so tests stay fast.
const path = require('node:path');
const fs = require('node:fs');

const root = __dirname;
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@craftstats/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@craftstats/contracts/testing$': path.join(root, 'libs/contracts/src/testing/index.ts'),
    '^@craftstats/domain$': path.join(root, 'libs/domain/src/index.ts'),
    '^@craftstats/domain/testing$': path.join(root, 'libs/domain/src/testing/index.ts'),
    '^@craftstats/persistence$': path.join(root, 'libs/persistence/src/index.ts'),
    '^@craftstats/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '^@craftstats/platform/config$': path.join(root, 'libs/platform/src/config/index.ts'),
    '^@craftstats/platform/logging$': path.join(root, 'libs/platform/src/logging/index.ts'),
    '^@craftstats/platform/minecraft$': path.join(root, 'libs/platform/src/minecraft/index.ts'),
    '^@craftstats/platform/process$': path.join(root, 'libs/platform/src/process/index.ts'),
    '^@craftstats/platform/testing$': path.join(root, 'libs/platform/src/testing/index.ts'),
    '^@craftstats/persistence/testing$': path.join(root, 'libs/persistence/src/testing/index.ts'),
  },
  setupFiles: [path.join(root, 'tools/jest/setup.cjs')],
};
