#!/usr/bin/env node
// The command of the apps' Nx `build` targets (apps/*/project.json: cached, with declared inputs and
// outputs). Run builds through Nx (`buildWithNx`, `npx nx run api:build`), not this file directly.
// Compiles one app (and the libraries it uses) to CommonJS with SWC. Output mirrors the source tree
// under dist/apps/<app>/ so that the `@craftstats/*` path aliases, which SWC rewrites to relative
// imports, resolve the same way at run time as in the sources.
// Type checking is the separate `typecheck` target (tsc --noEmit); SWC keeps builds at ~1 s.
import { transformFile } from '@swc/core';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readFile, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['api', 'log-ingestor', 'simulator', 'cli'];
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

/** Builds of an app kept besides the current one (a process may still be loading from the previous). */
const KEEP_PREVIOUS = 1;

/**
 * Compiles the TypeScript sources of `dirs` (relative to the root) so that `finalDir` shows them,
 * mirroring the tree. `finalDir` is a symlink to a complete build in `<finalDir>.builds/`: the new
 * tree is written there, then a new symlink is renamed over the old one, which is atomic, so a process
 * (or a concurrent test run) starting from `finalDir` always finds a complete build, never none.
 */
export async function compileTree(dirs, finalDir) {
  const buildsDir = `${finalDir}.builds`;
  const name = `${Date.now()}-${process.pid}`;
  const outDir = path.join(buildsDir, name);
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
  const link = `${finalDir}.next-${name}`;
  await symlink(path.relative(path.dirname(finalDir), outDir), link, 'dir');
  try {
    await rename(link, finalDir);
  } catch (error) {
    // Only once, after a build of the earlier layout: a real directory cannot be renamed over.
    if (error.code !== 'EISDIR' && error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(finalDir, { recursive: true, force: true });
    await rename(link, finalDir);
  }
  await pruneBuilds(buildsDir, path.basename(await readlink(finalDir)));
  return sources.length;
}

/** Removes all builds but the current one and the newest KEEP_PREVIOUS others. */
async function pruneBuilds(buildsDir, current) {
  const names = (await readdir(buildsDir)).filter((entry) => entry !== current).sort();
  const stale = names.slice(0, Math.max(0, names.length - KEEP_PREVIOUS));
  await Promise.all(stale.map((entry) => rm(path.join(buildsDir, entry), { recursive: true, force: true })));
}

/**
 * Builds apps through their Nx `build` targets (cached: unchanged sources are not compiled again).
 * What `npm start`, `npm run dev`, the benchmark and the e2e suites call.
 */
export function buildWithNx(apps = APPS) {
  const nx = path.join(root, 'node_modules/.bin/nx');
  return new Promise((resolve, reject) => {
    execFile(
      nx,
      ['run-many', '-t', 'build', '-p', apps.join(','), '--output-style=static'],
      {
        cwd: root,
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`nx build failed: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });
}

/**
 * V8's heap limits of each app (docs/operations.md, "Memory"), each replaced by the same flag in
 * NODE_OPTIONS:
 * - the old generation, in MB: the live data is bounded (the API's sized micro-caches and fixed-size
 *   rate-limit counters; the ingestor's batches, at most 1 MiB each, and replays that read a player's
 *   log in windows, ADR 0076), and without a cap V8 lets garbage grow the heap far past it before a
 *   full collection;
 * - each of the young generation's two semi-spaces, in MB, at a fixed size (the same minimum and
 *   maximum): V8 grows them to 16 MB under load and shrinks them again whenever the app idles, so
 *   every burst after a pause started on 1 MB semi-spaces, with twice the scavenges and a full
 *   collection each time (docs/performance.md, "The young generation at a fixed size"). For the API
 *   (and the simulator), 8 MB keeps 16 MB less resident at the same CPU per request; the ingestor,
 *   whose requests are batches of up to 1 MiB, spends about a tenth less CPU per event with 16
 *   (docs/performance.md, "The ingestor's young generation") and stays under 200 MB with it.
 * Together they keep each app under 200 MB resident.
 */
export const HEAP_FLAGS = { '--max-old-space-size': 128, ...semiSpaces(8) };
const APP_HEAP_FLAGS = { 'log-ingestor': { ...HEAP_FLAGS, ...semiSpaces(16) } };

function semiSpaces(mb) {
  return { '--min-semi-space-size': mb, '--max-semi-space-size': mb };
}

/** Flags that size the same part of the heap: one of them in NODE_OPTIONS replaces every default here. */
const SAME_PART = {
  '--min-semi-space-size': '-semi-space-size',
  '--max-semi-space-size': '-semi-space-size',
};

/**
 * How an app's build is run: the Node flags and entry that `npm start`, `npm run dev` and the
 * benchmark all use, so that what is measured is what people run (docs/performance.md).
 * `extraFlags` come first (the benchmark's `--cpu-prof`); `checkout` is another checkout whose build
 * is run the same way (the benchmark's `--against`).
 */
export function appProcessArgs(app, extraFlags = [], env = process.env, checkout = root) {
  const chosen = env.NODE_OPTIONS ?? '';
  const heap = Object.entries(APP_HEAP_FLAGS[app] ?? HEAP_FLAGS)
    .filter(([flag]) => !chosen.includes(SAME_PART[flag] ?? flag))
    .map(([flag, mb]) => `${flag}=${mb}`);
  return [
    ...extraFlags,
    ...heap,
    '--enable-source-maps',
    path.join(checkout, 'dist/apps', app, `apps/${app}/src/main.js`),
  ];
}

export const LIBS = ['libs/domain/src', 'libs/contracts/src', 'libs/persistence/src', 'libs/platform/src'];

export async function buildApp(app) {
  if (!APPS.includes(app)) throw new Error(`Unknown app "${app}", expected one of ${APPS.join(', ')}`);
  const outDir = path.join(root, 'dist/apps', app);
  const files = await compileTree([`apps/${app}/src`, ...LIBS], outDir);
  return { entry: path.join(outDir, `apps/${app}/src/main.js`), files };
}

/**
 * Runs one of the operators' commands (apps/cli/src/<command>.ts) from its Nx build output, in this
 * process: what `npm run migration:*`, `rebuild` and `import:legacy` call. The command reads
 * process.argv and exits with its own code.
 */
export async function runCliCommand(command) {
  try {
    await buildWithNx(['cli']);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  createRequire(import.meta.url)(path.join(root, 'dist/apps/cli/apps/cli/src', `${command}.js`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apps = process.argv.slice(2);
  if (apps.length === 0) {
    // Without an app: all of them, through Nx (the same as `npm run build` for the apps).
    await buildWithNx();
    process.exit(0);
  }
  for (const app of apps) {
    const started = Date.now();
    const { files } = await buildApp(app);
    process.stdout.write(`built ${app}: ${files} files in ${Date.now() - started} ms\n`);
  }
}
