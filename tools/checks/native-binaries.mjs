#!/usr/bin/env node
// Step of `npm test`: every native binary that an installed package ships for this machine loads on the
// running Node, and none was compiled instead (docs/operations.md, "Installing"). A newcomer's machine may
// have no compiler and no Node headers: there, a shipped binary that crashes or is missing means `npm ci`
// fails. This machine has a compiler, so a silent fallback to compiling would hide that; the check
// catches it (a `build/` folder beside `prebuilds/`).
//   - packages with Node addons in `prebuilds/<platform>-<arch>/` (node-gyp-build, e.g. argon2): the file for this
//     platform, architecture and C library must exist and load, and there must be no `build/` folder;
//   - platform packages (`os`/`cpu` in package.json, e.g. @swc/core-linux-x64-gnu): each `.node` loads.
// Each binary is loaded in its own process, so a crash (SIGSEGV) is reported, not suffered.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const platform = `${process.platform}-${process.arch}`;
const libc =
  process.platform === 'linux'
    ? process.report.getReport().header.glibcVersionRuntime
      ? 'glibc'
      : 'musl'
    : null;

/** Every installed package directory (nested node_modules included). */
function packages(dir = path.join(root, 'node_modules')) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin' || entry.name === '.cache') continue;
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...packages(full));
      continue;
    }
    if (existsSync(path.join(full, 'package.json'))) found.push(full);
    const nested = path.join(full, 'node_modules');
    if (existsSync(nested)) found.push(...packages(nested));
  }
  return found;
}

const nodeFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.node'))
        .map((name) => path.join(dir, name))
    : [];

/** The prebuilt file node-gyp-build picks here: tagged with this C library (or none), not another one. */
function prebuiltFor(dir) {
  const files = nodeFiles(path.join(dir, 'prebuilds', platform));
  const tagged = (file, tag) => path.basename(file).split('.').includes(tag);
  return (
    files.find((file) => libc !== null && tagged(file, libc)) ??
    files.find((file) => !tagged(file, 'glibc') && !tagged(file, 'musl'))
  );
}

/** Node addons in `prebuilds/` (some packages ship binaries for other runtimes there, e.g. `.bare`). */
function shipsNodePrebuilds(dir) {
  const prebuilds = path.join(dir, 'prebuilds');
  if (!existsSync(prebuilds)) return false;
  return readdirSync(prebuilds).some((target) => nodeFiles(path.join(prebuilds, target)).length > 0);
}

function loads(file) {
  const run = spawnSync(process.execPath, ['-e', 'require(process.argv[1])', file], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status === 0) return null;
  if (run.signal) return `crashed Node ${process.version} (${run.signal})`;
  return `failed to load: ${(run.stderr.split('\n').find((line) => /Error/.test(line)) ?? run.stderr).trim()}`;
}

const problems = [];
let checked = 0;
for (const dir of packages()) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const name = `${manifest.name}@${manifest.version}`;
  if (shipsNodePrebuilds(dir)) {
    const file = prebuiltFor(dir);
    if (file === undefined) {
      problems.push(`${name}: ships no prebuilt binary for ${platform}${libc ? ` (${libc})` : ''}`);
      continue;
    }
    checked++;
    const problem = loads(file);
    if (problem) problems.push(`${name}: ${path.relative(root, file)} ${problem}`);
    else if (existsSync(path.join(dir, 'build')))
      problems.push(
        `${name}: was compiled at install (${path.relative(root, dir)}/build) instead of using its binary`,
      );
  } else if (manifest.os || manifest.cpu) {
    for (const file of nodeFiles(dir)) {
      checked++;
      const problem = loads(file);
      if (problem) problems.push(`${name}: ${path.relative(root, file)} ${problem}`);
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `Shipped native binaries that do not work on Node ${process.version} (${platform}):\n`,
  );
  for (const problem of problems) process.stderr.write(`  - ${problem}\n`);
  process.exit(1);
}
process.stdout.write(
  `${checked} shipped native binaries load on Node ${process.version} (${platform}${libc ? `, ${libc}` : ''})\n`,
);
