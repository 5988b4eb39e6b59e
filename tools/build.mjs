#!/usr/bin/env node
// Builds one app (and the libraries it uses) to CommonJS with SWC.
// Output mirrors the source tree under dist/apps/<app>/ so that the `@craftstats/*` path aliases,
// which SWC rewrites to relative imports, resolve the same way at run time as in the sources.
// Type checking is the separate `typecheck` target (tsc --noEmit); SWC keeps builds at ~1 s.
import { transformFile } from '@swc/core';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['api', 'log-ingestor', 'simulator'];
const SKIP = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;

async function listSources(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'testing' || entry.name === 'node_modules') continue;
      files.push(...(await listSources(full)));
    } else if (entry.name.endsWith('.ts') && !SKIP.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/**
 * Compiles the TypeScript sources of `dirs` (relative to the root) into `outDir`, mirroring the tree.
 * The tree is written next to `outDir` and swapped in at the end, so a process (or a concurrent test
 * run) using the previous build never sees a half-written or deleted one.
 */
export async function compileTree(dirs, finalDir) {
  const outDir = `${finalDir}.build-${process.pid}-${Date.now()}`;
  const swcrc = JSON.parse(await readFile(path.join(root, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.base.json'), 'utf8'));

  const sources = (await Promise.all(dirs.map((d) => listSources(path.join(root, d))))).flat();

  await Promise.all(
    sources.map(async (file) => {
      const rel = path.relative(root, file);
      const out = path.join(outDir, rel.replace(/\.ts$/, '.js'));
      const { code, map } = await transformFile(file, {
        ...swcrc,
        swcrc: false,
        configFile: false,
        filename: file,
        sourceFileName: path.relative(path.dirname(out), file),
        jsc: { ...swcrc.jsc, baseUrl: root, paths: tsconfig.compilerOptions.paths },
      });
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
      if (map) await writeFile(`${out}.map`, map);
    }),
  );
  for (let attempt = 0; ; attempt++) {
    await rm(finalDir, { recursive: true, force: true });
    try {
      await rename(outDir, finalDir);
      break;
    } catch (error) {
      // Another build swapped its tree in between our rm and rename: replace that one.
      if (attempt >= 5 || (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST')) throw error;
    }
  }
  return sources.length;
}

export const LIBS = ['libs/domain/src', 'libs/contracts/src', 'libs/persistence/src', 'libs/platform/src'];

export async function buildApp(app) {
  if (!APPS.includes(app)) throw new Error(`Unknown app "${app}", expected one of ${APPS.join(', ')}`);
  const outDir = path.join(root, 'dist/apps', app);
  const files = await compileTree([`apps/${app}/src`, ...LIBS], outDir);
  return { entry: path.join(outDir, `apps/${app}/src/main.js`), files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apps = process.argv.slice(2);
  for (const app of apps.length ? apps : APPS) {
    const started = Date.now();
    const { files } = await buildApp(app);
    process.stdout.write(`built ${app}: ${files} files in ${Date.now() - started} ms\n`);
  }
}
