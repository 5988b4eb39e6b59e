#!/usr/bin/env node
// Builds the @craftstats/contracts package into dist/libs/contracts:
//   index.js + *.d.ts      ES modules (tsconfig.lib.json), relative imports rewritten to end in .js so the
//                          output also runs in Node without a bundler
//   cjs/index.js + *.d.ts  CommonJS (tsconfig.cjs.json), with cjs/package.json {"type":"commonjs"}
//   *.js.map               source maps of both builds, with the TypeScript sources inlined (sourcesContent),
//                          so a frontend's debugger and stack traces show the contracts' own code
//   package.json, README.md
// Usage: node libs/contracts/build.mjs   (no dependencies beyond the workspace's typescript)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const libDir = path.dirname(fileURLToPath(import.meta.url));
const workspaceRoot = path.resolve(libDir, '../..');
const outDir = path.join(workspaceRoot, 'dist/libs/contracts');
const cjsDir = path.join(outDir, 'cjs');
const tscBin = createRequire(path.join(workspaceRoot, 'package.json')).resolve('typescript/bin/tsc');

function fail(message) {
  console.error(`contracts build: ${message}`);
  process.exit(1);
}

function tsc(project) {
  const result = spawnSync(process.execPath, [tscBin, '-p', path.join(libDir, project)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) fail(`tsc -p ${project} failed`);
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

// `from './x'`, `import './x'`, `import('./x')` (the last appears in .d.ts files).
const RELATIVE_SPECIFIER = /(\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]*)\2/gm;

/** Rewrites extensionless relative specifiers of the ESM output to the emitted file (`./x.js`, `./x/index.js`). */
function addJsExtensions(file) {
  const source = fs.readFileSync(file, 'utf8');
  const rewritten = source.replace(RELATIVE_SPECIFIER, (match, lead, quote, specifier) => {
    if (/\.(c|m)?js$/.test(specifier)) return match;
    const base = path.resolve(path.dirname(file), specifier);
    const candidates = [`${specifier}.js`, `${specifier}/index.js`];
    const found = candidates.find((candidate) => fs.existsSync(path.resolve(path.dirname(file), candidate)));
    if (found === undefined)
      fail(`cannot resolve ${specifier} from ${path.relative(outDir, file)} (${base})`);
    return `${lead}${quote}${found}${quote}`;
  });
  if (rewritten !== source) fs.writeFileSync(file, rewritten);
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

fs.rmSync(outDir, { recursive: true, force: true });
tsc('tsconfig.lib.json');
tsc('tsconfig.cjs.json');

for (const file of walk(outDir)) {
  if (file.startsWith(`${cjsDir}${path.sep}`)) continue;
  if (file.endsWith('.js') || file.endsWith('.d.ts')) addJsExtensions(file);
}

const manifest = JSON.parse(fs.readFileSync(path.join(libDir, 'package.json'), 'utf8'));
if (manifest.dependencies && Object.keys(manifest.dependencies).length > 0)
  fail('the package must have no dependencies');
writeJson(path.join(outDir, 'package.json'), manifest);
writeJson(path.join(cjsDir, 'package.json'), { type: 'commonjs' });
fs.copyFileSync(path.join(libDir, 'README.md'), path.join(outDir, 'README.md'));

// Every target the manifest points at must exist.
const targets = [manifest.main, manifest.module, manifest.types];
(function collect(node) {
  if (typeof node === 'string') targets.push(node);
  else if (node && typeof node === 'object') Object.values(node).forEach(collect);
})(manifest.exports);
for (const target of targets) {
  if (!fs.existsSync(path.join(outDir, target))) fail(`package.json points at missing ${target}`);
}

const files = walk(outDir);
// Every module ships its source map, and the map carries the source it maps to.
for (const file of files.filter((f) => f.endsWith('.js'))) {
  const map = `${file}.map`;
  if (!fs.existsSync(map)) fail(`no source map for ${path.relative(outDir, file)}`);
  if (!fs.readFileSync(file, 'utf8').includes(`//# sourceMappingURL=${path.basename(map)}`))
    fail(`${path.relative(outDir, file)} does not point at its source map`);
  const { sources, sourcesContent } = JSON.parse(fs.readFileSync(map, 'utf8'));
  if (sources.length === 0 || sourcesContent?.length !== sources.length || sourcesContent.some((s) => !s))
    fail(`the source map of ${path.relative(outDir, file)} lacks its sources`);
}
console.log(
  `contracts build: ${path.relative(workspaceRoot, outDir)} ` +
    `(${files.filter((f) => !f.startsWith(cjsDir) && f.endsWith('.js')).length} ESM modules, ` +
    `${files.filter((f) => f.startsWith(cjsDir) && f.endsWith('.js')).length} CommonJS modules)`,
);
