#!/usr/bin/env node
// `npm test`: every gate, in order, stopping at the first failure.
//   format → lint (zero warnings) → module boundaries → lock and native binaries → typecheck → unit tests → persistence integration tests →
//   e2e tests of both apps → contracts consumer check → browser and demo checks (when present) →
//   the website (budget, browser suite, Lighthouse) → the fault suite (`npm run test:faults`).
// The integration and e2e suites run on SQLite and on MariaDB (a fresh database per test file,
// dropped afterwards). Without a reachable MariaDB they are reported as skipped; with CI=true an
// unreachable MariaDB fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** A project's Nx target, run as `npm test` runs every suite: through Nx, output streamed, never cached. */
const nxTarget = (target) => [bin('nx'), ['run', target, '--outputStyle=stream', '--skipNxCache']];
const has = (file) => existsSync(path.join(root, file));
const { privateMariaDbMissing } = createRequire(import.meta.url)('./faults/mariadb-binaries.cjs');
/** The fault suite starts its own MariaDB servers: skipped with the reason where that can't be, unless CI=true. */
const faultSuiteSkip = () => {
  const reason = privateMariaDbMissing();
  return reason && process.env.CI !== 'true' ? `${reason} (CI=true makes the fault suite mandatory)` : null;
};

const steps = [
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['lint', bin('nx'), ['run-many', '-t', 'lint', '--parallel=2', '--outputStyle=stream', '--skipNxCache']],
  ['module boundaries', process.execPath, ['tools/checks/boundaries.mjs']],
  ['build swap is atomic', process.execPath, ['tools/checks/build-swap.mjs']],
  ['lock complete, with integrity', process.execPath, ['tools/checks/lockfile-integrity.mjs']],
  ['shipped native binaries load', process.execPath, ['tools/checks/native-binaries.mjs']],
  [
    'typecheck',
    bin('nx'),
    ['run-many', '-t', 'typecheck', '--parallel=2', '--outputStyle=stream', '--skipNxCache'],
  ],
  ['unit', bin('nx'), ['run-many', '-t', 'test', '--parallel=2', '--outputStyle=stream', '--skipNxCache']],
  ['persistence int (sqlite + mariadb)', ...nxTarget('persistence:int-test')],
  ['log-ingestor e2e (sqlite + mariadb)', ...nxTarget('log-ingestor:e2e')],
  ['api e2e (sqlite + mariadb)', ...nxTarget('api:e2e')],
  [
    'contracts consumer check',
    process.execPath,
    ['libs/contracts/consumer-check/run.mjs'],
    'libs/contracts/consumer-check/run.mjs',
  ],
  ['demo smoke test', ...nxTarget('demo-smoke:e2e'), 'tools/demo/jest.config.cjs'],
  [
    'website build and first-load budget (JS ≤ 100 kB, CSS ≤ 20 kB gzipped)',
    ...nxTarget('web:budget'),
    'apps/web/project.json',
  ],
  ['website in Chromium against the demo', ...nxTarget('web:e2e'), 'apps/web/project.json'],
  ['website Lighthouse scores (mobile profile)', ...nxTarget('web:lighthouse'), 'apps/web/project.json'],
  [
    'fault suite (private MariaDB servers, kill -9, SIGSTOP, fuzzing)',
    ...nxTarget('faults:faults'),
    'tools/faults/jest.config.cjs',
    faultSuiteSkip,
  ],
];

const results = [];
for (const [name, command, args, requires, skipReason] of steps) {
  if (requires && !has(requires)) continue;
  process.stdout.write(`\n=== ${name} ===\n`);
  const skipped = skipReason?.();
  if (skipped) {
    process.stdout.write(`skipped: ${skipped}\n`);
    results.push({ name, ok: true, skipped, seconds: '0.0' });
    continue;
  }
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: run.status === 0, seconds });
  if (run.status !== 0) break;
}

process.stdout.write('\n=== summary ===\n');
for (const r of results) {
  const verdict = r.skipped ? 'SKIP' : r.ok ? 'PASS' : 'FAIL';
  process.stdout.write(`${verdict}  ${r.name} (${r.skipped ?? `${r.seconds} s`})\n`);
}
const failed = results.filter((r) => !r.ok).length;
process.exit(failed === 0 ? 0 : 1);
