#!/usr/bin/env node
// Consumer check of @craftstats/contracts: builds the package, installs it into this folder's
// node_modules as a symlink to dist/libs/contracts (as a workspace/file: dependency would), then
//   1. type-checks src/main.ts as a Vite frontend would (moduleResolution bundler, DOM, strict),
//   2. type-checks node/esm.mts and node/cjs.cts with Node's own resolution (both export conditions),
//   3. loads the built ESM and CommonJS entry points in Node and drives both clients against a real
//      node:http server.
// Exits non-zero on any failure. Usage: node libs/contracts/consumer-check/run.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const libDir = path.dirname(here);
const workspaceRoot = path.resolve(libDir, '../..');
const distDir = path.join(workspaceRoot, 'dist/libs/contracts');
const tscBin = createRequire(path.join(workspaceRoot, 'package.json')).resolve('typescript/bin/tsc');

function step(title, fn) {
  process.stdout.write(`consumer-check: ${title} ... `);
  const result = fn();
  if (result === false) {
    console.log('FAILED');
    process.exit(1);
  }
  console.log('ok');
}

function node(args) {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) console.log(`\n${result.stdout}${result.stderr}`);
  return result.status === 0;
}

step('build the package', () => node([path.join(libDir, 'build.mjs')]));

step('link node_modules/@craftstats/contracts -> dist/libs/contracts', () => {
  const scopeDir = path.join(here, 'node_modules/@craftstats');
  const link = path.join(scopeDir, 'contracts');
  fs.mkdirSync(scopeDir, { recursive: true });
  if (fs.lstatSync(link, { throwIfNoEntry: false })) fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.relative(scopeDir, distDir), link, 'dir');
  return fs.existsSync(path.join(link, 'package.json'));
});

step('tsc -p consumer-check/tsconfig.json (bundler)', () =>
  node([tscBin, '-p', path.join(here, 'tsconfig.json')]),
);
step('tsc -p consumer-check/tsconfig.node.json (NodeNext, ESM + CJS)', () =>
  node([tscBin, '-p', path.join(here, 'tsconfig.node.json')]),
);

// --- runtime: the built files, resolved by package name from this folder ---
const esm = await import('@craftstats/contracts');
const cjs = createRequire(import.meta.url)('@craftstats/contracts');

step('ESM and CommonJS builds export the same names', () => {
  const esmNames = Object.keys(esm).sort().join(',');
  const cjsNames = Object.keys(cjs)
    .filter((name) => name !== '__esModule')
    .sort()
    .join(',');
  if (esmNames !== cjsNames) console.log(`\nESM: ${esmNames}\nCJS: ${cjsNames}`);
  return (
    esmNames === cjsNames && esmNames.includes('createApiClient') && esmNames.includes('createIngestClient')
  );
});

const requests = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
    const [status, answer] =
      req.url === '/v1/events'
        ? [200, { accepted: JSON.parse(body).events.length, duplicates: 0, rejected: [] }]
        : req.url === '/player/Jan%20Nov%C3%A1k'
          ? [404, { status: 404, error: 'PLAYER_NOT_FOUND', message: esm.ERROR_MESSAGES.PLAYER_NOT_FOUND }]
          : [200, { status: 200, data: [{ index: 1, nick: 'Notch', uuid: 'u', value: 5 }] }];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

try {
  const top = await esm.createApiClient({ baseUrl }).leaderboard('craftcoins');
  let notFound;
  try {
    await esm.createApiClient({ baseUrl }).playerByNick('Jan Novák');
  } catch (error) {
    notFound = error;
  }
  const sent = await cjs
    .createIngestClient({ baseUrl, token: 'tok' })
    .send([{ id: cjs.newEventId('smoke'), action: 'PLAYER_QUIT', uuid: 'u', nick: 'Notch' }]);
  step('ESM API client and CommonJS ingest client work against node:http', () => {
    const ok =
      top[0]?.nick === 'Notch' &&
      esm.isApiError(notFound) &&
      notFound.code === 'PLAYER_NOT_FOUND' &&
      notFound.message === 'Hráč nebyl nalezen.' &&
      sent.accepted === 1 &&
      requests.map((r) => `${r.method} ${r.url}`).join(', ') ===
        'GET /economy/leaderboard/craftcoins, GET /player/Jan%20Nov%C3%A1k, POST /v1/events' &&
      requests[2].authorization === 'Bearer tok';
    if (!ok) console.log(JSON.stringify({ top, notFound: String(notFound), sent, requests }, null, 2));
    return ok;
  });
} finally {
  server.close();
}

// With Node's --enable-source-maps, an error thrown inside the package points at the TypeScript source.
for (const [kind, load] of [
  ['ESM', "const c = await import('@craftstats/contracts');"],
  ['CommonJS', "const c = require('@craftstats/contracts');"],
]) {
  step(`${kind} stack traces map to the TypeScript sources`, () => {
    const script = `${load} try { c.newEventId('bad prefix!'); } catch (e) { console.log(e.stack); }`;
    const result = spawnSync(
      process.execPath,
      ['--enable-source-maps', '--input-type', kind === 'ESM' ? 'module' : 'commonjs', '-e', script],
      { cwd: here, encoding: 'utf8' },
    );
    const ok = /src\/lib\/clients\/ingest-client\.ts:\d+:\d+/.test(result.stdout);
    if (!ok) console.log(`\n${result.stdout}${result.stderr}`);
    return ok;
  });
}

console.log('consumer-check: passed');
