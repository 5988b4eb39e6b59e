#!/usr/bin/env node
// `npm start`: builds and runs the API and the log-ingestor in the foreground (Ctrl+C / SIGTERM stops
// both gracefully). With SIMULATOR=on — the default when DATABASE_URL is unset — it also runs the demo
// game-server simulator and provides, for the demo only, what was not configured: an ingest token,
// an admin key, a staff member's password and a Server List Ping responder for MC_SERVER_ADDRESS.
// `npm run dev` (--watch) rebuilds and restarts on every source change.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithNx } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const watchMode = process.argv.includes('--watch');
const env = { ...process.env };
const simulator =
  env.SIMULATOR === 'on' ||
  (env.SIMULATOR === undefined && (env.DATABASE_URL === undefined || env.DATABASE_URL === ''));
const host = env.HOST || '127.0.0.1';
const apiPort = env.API_PORT || '3000';
const ingestPort = env.INGEST_PORT || '3001';
const hostForUrl = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const demo = {};

if (simulator && existsSync(path.join(root, 'apps/simulator/src/main.ts'))) {
  const secret = (bytes) => randomBytes(bytes).toString('base64url');
  demo.ingestToken = secret(24);
  env.INGEST_TOKENS = env.INGEST_TOKENS
    ? `${env.INGEST_TOKENS},simulator:${demo.ingestToken}`
    : `simulator:${demo.ingestToken}`;
  env.ADMIN_KEY ||= secret(18);
  demo.staffNick = env.DEMO_STAFF_NICK || 'Spravce_Demo';
  demo.staffPassword = secret(12);
  demo.statusPort = env.DEMO_STATUS_PORT || '25566';
  env.MC_SERVER_ADDRESS ||= `127.0.0.1:${demo.statusPort}`;
  env.SIMULATOR = 'on';
} else if (simulator) {
  process.stdout.write('[start] the demo simulator is not part of this build yet; starting the apps only\n');
}

const apps = ['api', 'log-ingestor', ...(demo.ingestToken ? ['simulator'] : [])];
const children = new Map();
let stopping = false;

async function buildAll() {
  await buildWithNx(apps);
}

function launch(app) {
  const { entry } = { entry: path.join(root, 'dist/apps', app, `apps/${app}/src/main.js`) };
  const childEnv =
    app === 'simulator'
      ? {
          ...env,
          INGEST_URL: `http://${hostForUrl}:${ingestPort}`,
          INGEST_TOKEN: demo.ingestToken,
          API_URL: `http://${hostForUrl}:${apiPort}`,
          DEMO_STAFF_NICK: demo.staffNick,
          DEMO_STAFF_PASSWORD: demo.staffPassword,
          DEMO_STATUS_PORT: demo.statusPort,
        }
      : env;
  const child = spawn(process.execPath, ['--enable-source-maps', entry], { env: childEnv, stdio: 'inherit' });
  children.set(app, child);
  child.on('exit', (code, signal) => {
    children.delete(app);
    if (stopping || watchMode) return;
    process.stderr.write(`[start] ${app} exited (${signal ?? code}); stopping the others\n`);
    stop(code || 1);
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // The simulator first: its last events (players quitting) still reach a running ingestor.
  const simulatorChild = children.get('simulator');
  const stopApps = () => {
    for (const child of children.values()) child.kill('SIGTERM');
  };
  if (simulatorChild) {
    simulatorChild.once('exit', stopApps);
    simulatorChild.kill('SIGTERM');
    setTimeout(stopApps, 5_000).unref();
  } else {
    stopApps();
  }
  const deadline = setTimeout(() => process.exit(code), 15_000);
  deadline.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 100);
}

async function restartAll() {
  await Promise.all(
    [...children.values()].map(
      (child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
    ),
  );
  await buildAll();
  for (const app of apps) launch(app);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

await buildAll();
for (const app of apps) launch(app);

const apiUrl = `http://${hostForUrl}:${apiPort}`;
const lines = [
  '',
  'craftstats is starting:',
  `  API              ${apiUrl}   (e.g. ${apiUrl}/economy/leaderboard/craftcoins)`,
  `  API docs         ${apiUrl}/docs`,
  `  Log ingestor     http://${hostForUrl}:${ingestPort}/v1/events`,
  `  Health, metrics  ${apiUrl}/health, ${apiUrl}/metrics`,
];
if (demo.ingestToken) {
  lines.push(
    '',
    'Demo mode (generated for this run only):',
    `  staff login      ${demo.staffNick} / ${demo.staffPassword}   (POST ${apiUrl}/account/login)`,
    `  admin key        ${env.ADMIN_KEY}`,
    `  ingest token     simulator:${demo.ingestToken}`,
    `  Minecraft ping   ${env.MC_SERVER_ADDRESS}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);

if (watchMode) {
  let timer;
  for (const dir of ['apps', 'libs']) {
    watch(path.join(root, dir), { recursive: true }, (_event, file) => {
      if (!file || !file.endsWith('.ts') || /\.(spec|int-spec|e2e-spec)\.ts$/.test(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        process.stdout.write(`[dev] ${file} changed: rebuilding and restarting\n`);
        restartAll().catch((error) => process.stderr.write(`[dev] rebuild failed: ${error.message}\n`));
      }, 300);
    });
  }
}
