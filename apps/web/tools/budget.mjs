#!/usr/bin/env node
// The website's first-load budget, a step of `npm test`: at most 100 kB of JavaScript and 20 kB of CSS,
// gzipped, for the first load of any page. Reads the build (dist/apps/web, `npx nx run web:build`) and
// its Vite manifest: every page loads the entry chunk with its static imports and their styles; the
// home page also loads its graph (uPlot) on demand right away. The worst page is the entry with every
// chunk it can load, and that is what is checked. Prints the files and the totals; exits 1 over budget.
//
//   node apps/web/tools/budget.mjs [--dir <build folder>]      (default dist/apps/web)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirAt = process.argv.indexOf('--dir');
const dist = dirAt === -1 ? path.join(root, 'dist/apps/web') : path.resolve(process.argv[dirAt + 1] ?? '');
export const BUDGET = { js: 100_000, css: 20_000 };

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch (error) {
  process.stderr.write(
    `web budget: no build in ${path.relative(root, dist)} (npx nx run web:build): ${error.message}\n`,
  );
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (entryKey === undefined) {
  process.stderr.write('web budget: the manifest names no entry\n');
  process.exit(1);
}

/** Files a chunk brings along: itself, its CSS, its static imports — and with `dynamic`, its lazy ones. */
function closure(key, dynamic, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const next of chunk.imports ?? []) closure(next, dynamic, seen);
  if (dynamic) for (const next of chunk.dynamicImports ?? []) closure(next, dynamic, seen);
  return seen;
}

function files(keys) {
  const out = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
  }
  return [...out];
}

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const pages = [
  { name: 'every page (entry and its static imports)', files: files(closure(entryKey, false)) },
  { name: 'worst page (with every chunk loaded on demand)', files: files(closure(entryKey, true)) },
];

let over = false;
for (const page of pages) {
  const sizes = page.files.map((file) => ({ file, gzip: gzipped(file) }));
  const js = sizes.filter((s) => s.file.endsWith('.js')).reduce((sum, s) => sum + s.gzip, 0);
  const css = sizes.filter((s) => s.file.endsWith('.css')).reduce((sum, s) => sum + s.gzip, 0);
  process.stdout.write(`\n${page.name}:\n`);
  for (const s of sizes) process.stdout.write(`  ${s.file.padEnd(48)} ${kb(s.gzip).padStart(9)} gzip\n`);
  const jsOk = js <= BUDGET.js;
  const cssOk = css <= BUDGET.css;
  process.stdout.write(
    `  JavaScript ${kb(js)} of ${kb(BUDGET.js)} ${jsOk ? 'ok' : 'OVER BUDGET'}; ` +
      `CSS ${kb(css)} of ${kb(BUDGET.css)} ${cssOk ? 'ok' : 'OVER BUDGET'}\n`,
  );
  if (!jsOk || !cssOk) over = true;
}
process.stdout.write(over ? '\nweb budget: exceeded\n' : '\nweb budget: met\n');
process.exit(over ? 1 : 0);
