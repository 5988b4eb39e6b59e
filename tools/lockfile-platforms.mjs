#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages (native binaries of
// @swc/core and unrs-resolver for macOS, Windows, other CPUs) when the registry used to write the lock
// did not serve them: npm then leaves them out, and `npm ci` refuses the lock ("Missing: … from lock
// file"). Each added entry carries the os/cpu/libc its name states, so npm skips it on other machines
// and fetches it by name where it applies. Every such entry also carries its `integrity`, read from the
// registry's package metadata with `npm view <name>@<version> dist.integrity` (the metadata is served
// even where the tarball is not), so `npm ci` verifies what it downloads. A registry that does not know
// the version at all (a filtered mirror) gives no integrity: such entries are listed and stay without
// one, and running the script against a full registry completes them. Idempotent; run after
// `npm install` changed the lock.
import { execFileSync } from 'node:child_process';
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

/**
 * The published integrity (SRI) of name@version, from the configured registry via npm; null when the
 * registry does not know that version (npm's E404).
 */
function integrityOf(name, version) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  let integrity;
  try {
    integrity = execFileSync(npm, ['view', `${name}@${version}`, 'dist.integrity'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch (error) {
    if (/E404/.test(String(error.stderr))) return null;
    throw error;
  }
  if (!/^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(integrity)) {
    throw new Error(`npm view ${name}@${version} dist.integrity gave no integrity ("${integrity}")`);
  }
  return integrity;
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
let verified = 0;
const unknown = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (!key.includes('node_modules/') || !FAMILIES.some((family) => family.test(name))) continue;
  if (pkg.integrity) continue;
  const integrity = integrityOf(name, pkg.version);
  if (integrity === null) {
    unknown.push(`${name}@${pkg.version}`);
    continue;
  }
  lock.packages[key] = { ...pkg, integrity };
  verified++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(
  `package-lock.json: ${added} platform package entr${added === 1 ? 'y' : 'ies'} added, ` +
    `${verified} given their integrity\n`,
);
if (unknown.length > 0) {
  process.stdout.write(
    `The registry has no metadata for ${unknown.length}, left without integrity (run again against a full registry):\n` +
      unknown.map((entry) => `  ${entry}\n`).join(''),
  );
}
