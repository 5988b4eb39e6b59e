#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages (native binaries of
// @swc/core and unrs-resolver for macOS, Windows, other CPUs) when the registry used to write the lock
// did not serve them: npm then leaves them out, and `npm ci` refuses the lock ("Missing: … from lock
// file"). Each added entry carries the os/cpu/libc its name states, so npm skips it on other machines
// and fetches it by name where it applies. Idempotent; run after `npm install` changed the lock.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const FAMILIES = [/^@swc\/core-/, /^@unrs\/resolver-binding-/];

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

function platformOf(name) {
  const parts = name.split('/')[1].split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  if (os === 'linux' && parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (!FAMILIES.some((family) => family.test(name))) continue;
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${location}/${key}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+$/.test(version)) {
      throw new Error(`Cannot infer the platform of ${name}@${version}; add it to the lock by hand`);
    }
    lock.packages[key] = { version, optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added} platform package entr${added === 1 ? 'y' : 'ies'} added\n`);
