#!/usr/bin/env node
// `npm test`: every gate, in order, stopping at the first failure.
//   format → lint (zero warnings) → module boundaries → lock and native binaries → typecheck → unit tests → persistence integration tests →
//   e2e tests of both apps → contracts consumer check → browser and demo checks (when present) →
//   the website (budget, browser suite, Lighthouse) → the fault suite (`npm run test:faults`).
// The integration and e2e suites run on SQLite and on MariaDB (a fresh database per test file,
// dropped afterwards). Without a reachable MariaDB they are reported as skipped; with CI=true an
// unreachable MariaDB fails the run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  [
    'lock complete, with integrity; install scripts reviewed',
    process.execPath,
    ['tools/checks/lockfile-integrity.mjs'],
  ],
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

/** The step's output as it comes, and its last few megabytes kept for the summary. */
function runStreamed(command, args) {
  const keep = 4 * 1024 * 1024;
  const chunks = [];
  let kept = 0;
  const collect = (stream) => (chunk) => {
    stream.write(chunk);
    chunks.push(chunk);
    kept += chunk.length;
    while (kept - chunks[0].length > keep) kept -= chunks.shift().length;
  };
  const tail = () => Buffer.concat(chunks).toString('utf8');
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('error', (error) =>
      resolve({ status: 1, tail: `${tail()}\n● could not start ${command}: ${error.message}` }),
    );
    child.on('close', (status) => resolve({ status: status ?? 1, tail: tail() }));
  });
}

/** The Nx projects' names (apps/*, libs/*, tools/*): `--outputStyle=stream` starts each line with `<name>: `. */
function projectNames() {
  const names = [];
  for (const dir of ['apps', 'libs', 'tools']) {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.join(root, dir, entry.name, 'project.json');
      if (entry.isDirectory() && existsSync(file)) names.push(JSON.parse(readFileSync(file, 'utf8')).name);
    }
  }
  return names;
}

/** Nx's `<project>: ` at the start of a line. */
const nxPrefix = () =>
  new RegExp(
    `^(?:${projectNames()
      .map((name) => name.replace(/[^\w]/g, '\\$&'))
      .join('|')}): `,
  );

/**
 * Jest's failures, compactly: each `● suite › test` with its message and where it was thrown (the
 * code frames and the rest of the stack are in the step's output above), at most 5 of them.
 */
function failureBlocks(output) {
  // Colour codes, should a tool print them anyway, are dropped, and so is Nx's prefix of each line.
  const prefix = nxPrefix();
  const lines = output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.replace(prefix, ''));
  const blocks = [];
  for (let i = 0; i < lines.length && blocks.length < 5; i++) {
    if (!/^\s*● (?!Console)/.test(lines[i])) continue;
    const title = lines[i].trim();
    const block = [title];
    let stack = 0;
    let end = i + 1;
    // A block ends at the next failure, or at Jest's next file or summary line.
    const next = /^\s*(● |PASS |FAIL |Test Suites:|Summary of all failing tests)/;
    for (; end < lines.length && !next.test(lines[end]); end++) {
      const line = lines[end];
      if (/^\s*(>\s*)?\d+ \||^\s*\|/.test(line) || line.trim() === '') continue;
      if (/^\s*at /.test(line) && ++stack > 2) continue;
      if (block.length < 20) block.push(`  ${line.trim()}`);
    }
    // Jest repeats each failure in its closing summary: once is enough here.
    if (!blocks.some((seen) => seen.startsWith(`${title}\n`) || seen === title))
      blocks.push(block.join('\n'));
    i = end - 1;
  }
  return blocks.length > 0 ? blocks : [lines.slice(-30).join('\n').trimEnd()];
}

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
  const run = await runStreamed(command, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({
    name,
    ok: run.status === 0,
    seconds,
    failures: run.status === 0 ? [] : failureBlocks(run.tail),
  });
  if (run.status !== 0) break;
}

process.stdout.write('\n=== summary ===\n');
for (const r of results) {
  const verdict = r.skipped ? 'SKIP' : r.ok ? 'PASS' : 'FAIL';
  process.stdout.write(`${verdict}  ${r.name} (${r.skipped ?? `${r.seconds} s`})\n`);
}
// A log is often read from its end only: the failed step's failing tests are repeated there.
for (const r of results.filter((result) => result.failures?.length)) {
  process.stdout.write(`\n=== what failed in ${r.name} ===\n${r.failures.join('\n')}\n`);
}
const failed = results.filter((r) => !r.ok).length;
process.exit(failed === 0 ? 0 : 1);
