// Lint gates for the whole workspace. Module boundaries are enforced on two tag axes
// (type:* and scope:*), see docs/architecture.md.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import jest from 'eslint-plugin-jest';
import prettier from 'eslint-config-prettier';

const frameworkAndNodeModules = [
  '@nestjs/*',
  'typeorm',
  'class-validator',
  'class-transformer',
  'mysql2',
  'better-sqlite3',
  'argon2',
  'ioredis',
  'reflect-metadata',
  'node:*',
  'fs',
  'path',
  'crypto',
  'http',
  'https',
  'net',
  'dns',
  'os',
  'child_process',
  'stream',
  'buffer',
];

/** Which tagged projects may import which (docs/architecture.md). */
const DEP_CONSTRAINTS = [
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:persistence', 'type:contracts'],
  },
  {
    sourceTag: 'type:platform',
    onlyDependOnLibsWithTags: ['type:domain', 'type:persistence', 'type:contracts'],
  },
  { sourceTag: 'type:persistence', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'] },
  {
    // The domain may import the contracts: both are pure (no framework, no Node built-ins),
    // so the wire constants (event actions, economy types, sizes, messages) are defined once,
    // in contracts, and the domain builds its rules on them. Contracts imports nothing.
    sourceTag: 'type:domain',
    onlyDependOnLibsWithTags: ['type:contracts'],
    bannedExternalImports: frameworkAndNodeModules,
  },
  {
    sourceTag: 'type:contracts',
    onlyDependOnLibsWithTags: [],
    bannedExternalImports: frameworkAndNodeModules,
  },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
  { sourceTag: 'scope:ingestor', onlyDependOnLibsWithTags: ['scope:ingestor', 'scope:shared'] },
  { sourceTag: 'scope:demo', onlyDependOnLibsWithTags: ['scope:demo', 'scope:shared'] },
  { sourceTag: 'scope:ops', onlyDependOnLibsWithTags: ['scope:ops', 'scope:shared'] },
  { sourceTag: 'scope:faults', onlyDependOnLibsWithTags: ['scope:faults', 'scope:shared'] },
  // The website talks to the service only through the contracts (docs/architecture.md).
  {
    sourceTag: 'scope:web',
    onlyDependOnLibsWithTags: ['type:contracts'],
    bannedExternalImports: frameworkAndNodeModules,
  },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
];

export default [
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/tmp',
      '**/coverage',
      '.nx/**',
      'libs/contracts/consumer-check/node_modules',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: DEP_CONSTRAINTS,
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.fault-spec.ts', '**/test/**/*.ts'],
    ignores: ['**/test/support/**'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
      'no-console': 'off',
    },
  },
  {
    // Node built-ins are not npm packages, so the Nx rule above does not see them: the pure libraries
    // (what a browser bundle imports) ban them here.
    files: ['libs/domain/src/**/*.ts', 'libs/contracts/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:.*|fs|path|crypto|http|https|net|dns|os|child_process|stream|buffer|url|util|zlib|worker_threads)(/.*)?$',
              message: 'libs/domain and libs/contracts must run in a browser: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // Apps wire repository ports, never TypeORM: libs/persistence's PersistenceModule binds every port to
    // its adapter. (The e2e suites under apps/*/test may still reach the database to break it on purpose.)
    files: ['apps/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['typeorm', 'mysql2', 'better-sqlite3'].map((name) => ({
            name,
            message: `apps import repository ports (PersistenceModule of @craftstats/persistence), never ${name}.`,
          })),
          patterns: [
            {
              regex: '^(typeorm|mysql2|better-sqlite3)/',
              message:
                'apps import repository ports (PersistenceModule of @craftstats/persistence), never the database driver.',
            },
          ],
        },
      ],
    },
  },
  {
    // The website (a browser bundle): no Node built-ins, no server packages, and no `fetch` or
    // `EventSource` of its own — pages call the service only through @craftstats/contracts.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:.*|fs|path|crypto|http|https|net|dns|os|child_process|stream|buffer|url|util|zlib|worker_threads|@nestjs/.*|typeorm|mysql2|better-sqlite3)(/.*)?$',
              message:
                'apps/web runs in a browser and talks to the service only through @craftstats/contracts.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'EventSource', 'XMLHttpRequest', 'WebSocket'].map((name) => ({
          name,
          message: `Pages never call ${name} themselves: use the typed clients and subscribe functions of @craftstats/contracts.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['fetch', 'EventSource', 'XMLHttpRequest'].map((property) => ({
            object,
            property,
            message: 'Pages call the service only through @craftstats/contracts.',
          })),
        ),
      ],
    },
  },
  {
    // The website's browser suite starts the real apps and databases with the shared test harnesses;
    // the website's own code (src/) stays limited to the contracts.
    files: ['apps/web/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: DEP_CONSTRAINTS.map((constraint) =>
            constraint.sourceTag === 'scope:web'
              ? { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] }
              : constraint,
          ),
        },
      ],
    },
  },
  {
    // Test helpers (fixtures, factories, app harnesses) use Jest's globals but are not test files.
    files: ['**/testing/**/*.ts', '**/test/support/**/*.ts', 'tools/faults/support/**/*.ts'],
    languageOptions: { globals: jest.environments.globals.globals },
    rules: { 'no-console': 'off' },
  },
  prettier,
];
