#!/usr/bin/env node
// Proves the lint gate enforces the module boundaries: writes probe files that break a rule, lints
// them with the workspace's ESLint config (Nx project graph included), and fails unless ESLint
// reports each violation. The probes are always removed again.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const probes = [
  {
    file: 'libs/domain/src/boundary-probe.ts',
    code: "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n",
    expect: /not allowed to import "@nestjs\/common"/,
  },
  {
    file: 'libs/domain/src/boundary-probe-orm.ts',
    code: "import { DataSource } from 'typeorm';\nexport const probe = DataSource;\n",
    expect: /not allowed to import/,
  },
  {
    file: 'libs/domain/src/boundary-probe-cv.ts',
    code: "import { IsString } from 'class-validator';\nexport const probe = IsString;\n",
    expect: /not allowed to import/,
  },
  {
    file: 'libs/contracts/src/boundary-probe.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
    expect: /no Node built-ins/,
  },
  {
    file: 'libs/contracts/src/boundary-probe-nest.ts',
    code: "import { Controller } from '@nestjs/common';\nexport const probe = Controller;\n",
    expect: /not allowed to import/,
  },
  {
    file: 'libs/domain/src/boundary-probe-node.ts',
    code: "import { createHash } from 'crypto';\nexport const probe = createHash;\n",
    expect: /no Node built-ins/,
  },
  {
    file: 'libs/domain/src/boundary-probe-lib.ts',
    code: "import { ENTITIES } from '@craftstats/persistence';\nexport const probe = ENTITIES;\n",
    expect: /tagged with|Circular dependency/,
  },
  {
    // The domain may import contracts (the wire constants live there once), never the other way round.
    file: 'libs/contracts/src/boundary-probe-domain.ts',
    code: "import { applyEvent } from '@craftstats/domain';\nexport const probe = applyEvent;\n",
    expect: /tagged with|Circular dependency/,
  },
  {
    // Apps inject repository ports bound by libs/persistence's PersistenceModule, never TypeORM.
    file: 'apps/api/src/boundary-probe-orm.ts',
    code: "import { DataSource } from 'typeorm';\nexport const probe = DataSource;\n",
    expect: /never typeorm/,
  },
  {
    file: 'apps/log-ingestor/src/boundary-probe-orm.ts',
    code: "import { Repository } from 'typeorm/repository/Repository';\nexport const probe = Repository;\n",
    expect: /never the database driver/,
  },
  {
    // The website talks to the service only through the contracts: no other library, no fetch.
    file: 'apps/web/src/boundary-probe-lib.ts',
    code: "import { nickKey } from '@craftstats/domain';\nexport const probe = nickKey;\n",
    expect: /tagged with/,
  },
  {
    file: 'apps/web/src/boundary-probe-fetch.tsx',
    code: "export const probe = () => fetch('/economy/log');\n",
    expect: /Pages never call fetch themselves/,
  },
  {
    file: 'apps/web/src/boundary-probe-node.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
    expect: /runs in a browser/,
  },
  {
    file: 'apps/api/src/boundary-probe.ts',
    code: "import { AppModule } from '../../log-ingestor/src/app.module';\nexport const probe = AppModule;\n",
    expect: /apps|project|boundar|relative/i,
  },
];

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
execFileSync(path.join(root, 'node_modules/.bin/nx'), ['graph', '--file=tmp/project-graph.json'], {
  cwd: root,
  env,
  stdio: 'ignore',
});

/** ESLint's messages for each probe file, from one run over all of them (one start-up, not one per probe). */
function lintProbes() {
  let output = '';
  try {
    output = execFileSync(
      path.join(root, 'node_modules/.bin/eslint'),
      ['--no-cache', '--format', 'json', ...probes.map((probe) => probe.file)],
      { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
  }
  let results;
  try {
    results = JSON.parse(output);
  } catch {
    throw new Error(`ESLint did not report its results as JSON: ${output.slice(0, 300)}`);
  }
  return new Map(results.map((result) => [path.relative(root, result.filePath), result.messages]));
}

let failures = 0;
try {
  for (const probe of probes) writeFileSync(path.join(root, probe.file), probe.code);
  const messagesOf = lintProbes();
  for (const probe of probes) {
    const messages = messagesOf.get(probe.file) ?? [];
    const boundaryRules = ['@nx/enforce-module-boundaries', 'no-restricted-imports', 'no-restricted-globals'];
    const boundaryErrors = messages.filter((m) => boundaryRules.includes(m.ruleId)).map((m) => m.message);
    const ok = boundaryErrors.some((message) => probe.expect.test(message));
    const detail = ok
      ? boundaryErrors[0].split('\n')[0].slice(0, 110)
      : `no boundary error reported ${JSON.stringify(messages).slice(0, 200)}`;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${probe.file}: ${detail}\n`);
    if (!ok) failures++;
  }
} finally {
  for (const probe of probes) rmSync(path.join(root, probe.file), { force: true });
}
process.stdout.write(`${probes.length - failures} passed, ${failures} failed\n`);
process.exit(failures === 0 ? 0 : 1);
