#!/usr/bin/env node
// Proves package-lock.json is complete: every installed package (native binaries of other platforms
// included) has an entry with its `integrity`, so `npm ci` verifies everything it downloads on any
// machine. npm writes these entries itself when the registry serves the metadata of every platform's
// package at the locked version; where a mirror lacks some (e.g. a native binary published for linux
// but not yet mirrored for macOS), npm leaves them out or without integrity, and this check fails with
// the names. The fix is a version the registry serves for every platform (docs/operations.md,
// "Dependencies"), never an entry written by hand.
// It also proves that package.json's `allowScripts` reviews every locked package with an install
// script (approved or denied, by name) and names no package that is not locked: npm releases that
// block unreviewed install scripts would otherwise skip, say, better-sqlite3's build
// (docs/operations.md, "Dependencies").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const SRI = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

const problems = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  if (key === '' || pkg.link === true) continue;
  if (!SRI.test(pkg.integrity ?? '')) problems.push(`${key}@${pkg.version}: no integrity`);
}
// An optional dependency (a platform binary) missing from the lock is installed unverified, by name.
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
    let dir = key;
    let found = false;
    for (;;) {
      if (lock.packages[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`]) {
        found = true;
        break;
      }
      if (dir === '') break;
      const at = dir.lastIndexOf('/node_modules/');
      dir = at === -1 ? '' : dir.slice(0, at);
    }
    if (!found) problems.push(`${name} (optional dependency of ${key || 'the root'}): not in the lock`);
  }
}

// Install scripts: each one reviewed in package.json's `allowScripts`, and nothing else listed there.
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const reviewed = new Set(Object.keys(manifest.allowScripts ?? {}));
const nameOf = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
const withScripts = new Set(
  Object.entries(lock.packages)
    .filter(([key, pkg]) => key !== '' && pkg.hasInstallScript === true)
    .map(([key]) => nameOf(key)),
);
for (const name of withScripts) {
  if (!reviewed.has(name)) problems.push(`${name}: has an install script not reviewed in allowScripts`);
}
for (const name of reviewed) {
  if (!withScripts.has(name))
    problems.push(`${name}: in allowScripts but no locked package of that name has an install script`);
}

if (problems.length > 0) {
  process.stderr.write(
    `package-lock.json or package.json's allowScripts is incomplete (${problems.length}):\n${problems.map((p) => `  ${p}\n`).join('')}` +
      'Pick versions the registry serves for every platform, then `npm install` (docs/operations.md);\n' +
      'review install scripts with `npm install-scripts approve|deny <package>` (npm 11.16+).\n',
  );
  process.exit(1);
}
const count = Object.keys(lock.packages).length - 1;
process.stdout.write(
  `package-lock.json: ${count} packages, every one with its integrity, no optional one missing; ` +
    `${withScripts.size} install scripts, each reviewed in allowScripts\n`,
);
