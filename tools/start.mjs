#!/usr/bin/env node
// `npm start`: builds and supervises the API and the log-ingestor in the foreground. With SIMULATOR=on —
// the default when DATABASE_URL is unset — it also runs the demo game-server simulator and provides, for
// the demo only, what was not configured: an ingest token, an admin key, a staff member's password and a
// Server List Ping responder for MC_SERVER_ADDRESS. `npm run dev` (--watch) rebuilds and restarts on every
// source change.
//
// The configuration is validated by the platform's own loader (the one the apps use) before anything
// starts. The banner is printed once both apps answer GET /health and ends with a "ready" line.
//
// Shutdown is sequenced here, whatever signal reaches which process: the children are started with
// CRAFTSTATS_SUPERVISED=1 and an IPC channel, ignore SIGINT/SIGTERM, and stop only on this process's
// "shutdown" message (or when it is gone). Ctrl+C, SIGINT or SIGTERM stop the simulator first — its
// players quit and its last events reach the still running ingestor — then the apps.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithNx } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const watchMode = process.argv.includes('--watch');
const env = { ...process.env };
const say = (line) => process.stdout.write(`[start] ${line}\n`);
const SUPERVISED = { CRAFTSTATS_SUPERVISED: '1' };
const STOP_TIMEOUT_MS = { simulator: 20_000, app: 15_000 };

async function buildAll(apps) {
  await buildWithNx(apps);
}

/** The platform's config loader, as compiled into the API's build. */
function platformConfig() {
  const require = createRequire(import.meta.url);
  return require(path.join(root, 'dist/apps/api/libs/platform/src/lib/config/app-config.js'));
}

/** Validates `environment` with the apps' own loader; a bad value stops here, naming the variable. */
function validated(environment) {
  const { loadConfig, ConfigError } = platformConfig();
  try {
    return loadConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`[start] ${error.message}\n`);
    process.exit(78); // EX_CONFIG, as the apps do
  }
}

const hasSimulator = existsSync(path.join(root, 'apps/simulator/src/main.ts'));
const hasWeb = existsSync(path.join(root, 'apps/web/project.json'));
await buildAll(['api', 'log-ingestor', ...(hasSimulator ? ['simulator'] : []), ...(hasWeb ? ['web'] : [])]);

const config = validated(env);
const demo = {};
if (config.simulator && hasSimulator) {
  const statusPort = env.DEMO_STATUS_PORT?.trim() || '25566';
  if (!/^\d{1,5}$/.test(statusPort) || Number(statusPort) > 65535) {
    process.stderr.write(
      `[start] Invalid configuration: DEMO_STATUS_PORT must be a port from 0 to 65535, got "${statusPort}"\n`,
    );
    process.exit(78);
  }
  const secret = (bytes) => randomBytes(bytes).toString('base64url');
  demo.ingestToken = secret(24);
  env.INGEST_TOKENS = env.INGEST_TOKENS?.trim()
    ? `${env.INGEST_TOKENS},simulator:${demo.ingestToken}`
    : `simulator:${demo.ingestToken}`;
  env.ADMIN_KEY ||= secret(18);
  demo.staffNick = env.DEMO_STAFF_NICK?.trim() || 'Spravce_Demo';
  demo.staffPassword = secret(12);
  demo.statusPort = statusPort;
  env.MC_SERVER_ADDRESS ||= `127.0.0.1:${statusPort}`;
  env.SIMULATOR = 'on';
  validated(env); // what the demo added must pass too (e.g. INGEST_TOKENS syntax with the user's)
} else if (config.simulator) {
  say('the demo simulator is not part of this build yet; starting the apps only');
}

const hostForUrl = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const apiUrl = `http://${hostForUrl}:${config.apiPort}`;
const ingestUrl = `http://${hostForUrl}:${config.ingestPort}`;
// The API serves the website at its own origin (WEB_ENABLED, default on) when it was built.
const webUrl =
  hasWeb && config.web.enabled && existsSync(path.resolve(root, config.web.dir, 'index.html'))
    ? `${apiUrl}/`
    : null;
const APPS = ['api', 'log-ingestor'];
const children = new Map();
let stopping = false;
let restarting = false;

function launch(app) {
  if (stopping) return null;
  const entry = path.join(root, 'dist/apps', app, `apps/${app}/src/main.js`);
  const childEnv =
    app === 'simulator'
      ? {
          ...env,
          ...SUPERVISED,
          INGEST_URL: ingestUrl,
          INGEST_TOKEN: demo.ingestToken,
          API_URL: apiUrl,
          DEMO_STAFF_NICK: demo.staffNick,
          DEMO_STAFF_PASSWORD: demo.staffPassword,
          DEMO_STATUS_PORT: demo.statusPort,
        }
      : { ...env, ...SUPERVISED };
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.set(app, child);
  child.on('error', () => undefined); // a failed IPC send to a child that just exited
  child.on('exit', (code, signal) => {
    if (children.get(app) === child) children.delete(app);
    if (stopping || restarting) return;
    if (watchMode) {
      process.stderr.write(`[dev] ${app} exited (${signal ?? code}); waiting for the next change\n`);
      return;
    }
    process.stderr.write(`[start] ${app} exited (${signal ?? code}); stopping the others\n`);
    void stop(code || 1);
  });
  return child;
}

/** Asks one child to stop and waits for its exit (SIGKILL after `timeoutMs`). */
function stopChild(app, timeoutMs) {
  const child = children.get(app);
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      process.stderr.write(`[start] ${app} did not stop within ${timeoutMs / 1000} s; killing it\n`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('shutdown');
    else child.kill('SIGTERM');
  });
}

/** The simulator first (its last events still reach a running ingestor), then both apps. */
async function stopAll() {
  await stopChild('simulator', STOP_TIMEOUT_MS.simulator);
  await Promise.all(APPS.map((app) => stopChild(app, STOP_TIMEOUT_MS.app)));
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping: the simulator first, then the apps');
  await stopAll();
  say('stopped');
  process.exit(code);
}

/** Resolves once GET `url`/health answers 200; rejects after `timeoutMs`. */
async function healthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (stopping) throw new Error('stopping');
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts both apps, waits until they answer /health, then the simulator. */
async function startAll() {
  for (const app of APPS) launch(app);
  await Promise.all([healthy(apiUrl), healthy(ingestUrl)]);
  if (demo.ingestToken && !stopping) launch('simulator');
}

function credentials() {
  return [
    'Demo mode (generated for this run only):',
    `  staff login      ${demo.staffNick} / ${demo.staffPassword}`,
    `                   POST ${apiUrl}/account/login  {"username":"${demo.staffNick}","password":"${demo.staffPassword}"}`,
    `  admin key        ${env.ADMIN_KEY}`,
    `  ingest token     ${demo.ingestToken}`,
    `                   POST ${ingestUrl}/v1/events  Authorization: Bearer ${demo.ingestToken}`,
    `  Minecraft ping   ${env.MC_SERVER_ADDRESS}`,
  ];
}

const interactive = process.stdin.isTTY === true;

function banner() {
  const lines = [
    '',
    'craftstats:',
    ...(webUrl ? [`  Website          ${webUrl}   (staff panel: ${webUrl}panel)`] : []),
    `  API              ${apiUrl}   (e.g. ${apiUrl}/economy/leaderboard/craftcoins)`,
    `  API docs         ${apiUrl}/docs`,
    `  Log ingestor     ${ingestUrl}/v1/events`,
    `  Health, metrics  ${apiUrl}/health, ${apiUrl}/metrics`,
  ];
  if (demo.ingestToken) lines.push('', ...credentials());
  lines.push('');
  if (demo.ingestToken && interactive) lines.push('Press c to show the credentials again, Ctrl+C to stop.');
  else if (demo.ingestToken)
    lines.push('Send SIGUSR2 to show the credentials again; Ctrl+C or SIGTERM stops.');
  lines.push(
    `ready: ${webUrl ? `website ${webUrl}, ` : ''}API ${apiUrl}, ingestor ${ingestUrl}${demo.ingestToken ? ', demo simulator running' : ''}`,
  );
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

const repeatCredentials = () => {
  if (demo.ingestToken && !stopping) process.stdout.write(`\n${credentials().join('\n')}\n\n`);
};

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
process.on('SIGUSR2', repeatCredentials);
if (interactive) {
  // Raw mode: Ctrl+C arrives here as a key, not as a SIGINT to the whole terminal process group.
  process.stdin.setRawMode(true);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (key) => {
    if (key === '\u0003' || key === '\u0004') void stop(0);
    else if (key.toLowerCase() === 'c') repeatCredentials();
  });
  process.on('exit', () => process.stdin.isTTY && process.stdin.setRawMode(false));
}

try {
  await startAll();
} catch (error) {
  if (!stopping) {
    process.stderr.write(`[start] ${error.message}; stopping\n`);
    await stop(1);
  }
}
if (!stopping) banner();

if (watchMode) {
  let timer;
  let queued = false;
  const restart = async () => {
    if (restarting) return void (queued = true);
    restarting = true;
    try {
      // The same order as a shutdown, so no simulated event is lost; the simulator resumes from the API.
      await stopAll();
      await buildAll([
        'api',
        'log-ingestor',
        ...(demo.ingestToken ? ['simulator'] : []),
        ...(hasWeb ? ['web'] : []),
      ]);
      await startAll();
      say('restarted; ready');
    } catch (error) {
      process.stderr.write(`[dev] restart failed: ${error.message}\n`);
    } finally {
      restarting = false;
    }
    if (queued && !stopping) {
      queued = false;
      await restart();
    }
  };
  // The website: a change under apps/web rebuilds it (vite) and restarts the API, which reads the
  // built files at start; the ingestor and the simulator keep running.
  let webTimer;
  const rebuildWeb = async () => {
    restarting = true; // the API's exit below is expected
    try {
      await buildAll(['web']);
      await stopChild('api', STOP_TIMEOUT_MS.app);
      launch('api');
      await healthy(apiUrl);
      say('website rebuilt; API restarted; ready');
    } catch (error) {
      process.stderr.write(`[dev] website rebuild failed: ${error.message}\n`);
    } finally {
      restarting = false;
    }
    if (queued && !stopping) {
      queued = false;
      await restart(); // a change of the apps that came in meanwhile
    }
  };
  if (hasWeb) {
    watch(path.join(root, 'apps/web'), { recursive: true }, (_event, file) => {
      if (!file || file.startsWith('test') || !/\.(ts|tsx|css|html|svg)$/.test(file)) return;
      clearTimeout(webTimer);
      webTimer = setTimeout(() => {
        if (stopping || restarting) return;
        say(`apps/web/${file} changed: rebuilding the website`);
        void rebuildWeb();
      }, 300);
    });
  }
  for (const dir of ['apps', 'libs']) {
    watch(path.join(root, dir), { recursive: true }, (_event, file) => {
      if (!file || !file.endsWith('.ts') || /\.(spec|int-spec|e2e-spec)\.ts$/.test(file)) return;
      if (file.startsWith(`web${path.sep}`)) return; // the website's own watcher above
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (stopping) return;
        say(`${file} changed: stopping the simulator, then the apps; rebuilding and restarting`);
        void restart();
      }, 300);
    });
  }
}
