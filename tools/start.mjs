#!/usr/bin/env node
// `npm start`: builds and supervises the API and the log-ingestor in the foreground. With SIMULATOR=on —
// the default when DATABASE_URL is unset — it also runs the demo game-server simulator and provides, for
// the demo only, what was not configured: an ingest token, an admin key, a staff member's password and a
// Server List Ping responder for MC_SERVER_ADDRESS. `npm run dev` (--watch) rebuilds and restarts on every
// source change.
//
// Before anything starts, each app's configuration is validated by that app's own loader, the ports are
// checked (a taken one stops here with one line naming its variable), and the database is waited for
// with a visible countdown (DATABASE_WAIT_SECONDS) — a refused login or a missing database stops at once
// with one line. The banner is printed once each app has told this process it listens (an app that
// answers on the same port is not taken for ours) and ends with a "ready" line.
//
// Shutdown is sequenced here, whatever signal reaches which process: the children are started with
// CRAFTSTATS_SUPERVISED=1 and an IPC channel, ignore SIGINT/SIGTERM, and stop only on this process's
// "shutdown" message (or when it is gone). Ctrl+C, SIGINT or SIGTERM stop the simulator first — its
// players quit and its last events reach the still running ingestor — then the apps.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appProcessArgs, buildWithNx } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const watchMode = process.argv.includes('--watch');
const env = { ...process.env };
const say = (line) => process.stdout.write(`[start] ${line}\n`);
const SUPERVISED = { CRAFTSTATS_SUPERVISED: '1' };
const STOP_TIMEOUT_MS = { simulator: 20_000, app: 15_000 };
/** Exit codes of the expected start failures, as the apps use them (sysexits.h). */
const EXIT_CONFIG = 78;
const EXIT_UNAVAILABLE = 69;

async function buildAll(apps) {
  await buildWithNx(apps);
}

/** Where the API's build keeps the platform's Nest-free modules. */
const PLATFORM_BUILD = path.join(root, 'dist/apps/api/libs/platform/src');

/**
 * The platform's Nest-free modules, as compiled into the API's build (`build`: another folder of the
 * same layout, e.g. the real folder of an earlier build).
 */
function platform(file, build = PLATFORM_BUILD) {
  return createRequire(import.meta.url)(path.join(build, file));
}

/** Stops here with one line (no banner, no credentials, nothing started). */
function refuse(line, code) {
  process.stderr.write(`[start] ${line}\n`);
  process.exit(code);
}

/** `environment` read by each app's own loader (and the demo's variables); throws a `ConfigError`. */
function loadConfig(environment, build = PLATFORM_BUILD) {
  const { loadApiConfig, loadIngestorConfig, simulatorOn, demoConfig, integer } = platform(
    'config/index.js',
    build,
  );
  const api = loadApiConfig(environment);
  const ingestor = loadIngestorConfig(environment);
  const simulator = simulatorOn(environment);
  return {
    api,
    ingestor,
    simulator,
    demo: simulator ? demoConfig(environment) : null,
    databaseWaitSeconds: integer(environment, 'DATABASE_WAIT_SECONDS', 30, 0, 3600),
  };
}

/**
 * Validates `environment` with each app's own loader (and the demo's variables); a bad value stops here
 * with the apps' one-line message naming the variable.
 */
function validated(environment) {
  const { ConfigError } = platform('config/index.js');
  try {
    return loadConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return refuse(error.message, EXIT_CONFIG);
  }
}

/**
 * The ports, checked before the build with the loaders of the build already there (any earlier start
 * or test run left one): a taken port stops a start at once, not after the build. Without an earlier
 * build, or where that build's loaders refuse the configuration (they may be older than the sources),
 * the check after the build is the only one (ADR 0067).
 */
async function checkPortsBeforeTheBuild() {
  if (!existsSync(path.join(PLATFORM_BUILD, 'config/index.js'))) return;
  try {
    // Loaded from the earlier build's real folder, not through the dist/apps/api link: Node caches what
    // it loads and the links it resolves for the whole process, and the build is about to move the link
    // to a new folder, whose modules are the ones every later `platform()` must load.
    const earlier = realpathSync(PLATFORM_BUILD);
    await checkPorts(loadConfig(env, earlier), earlier); // a taken port exits here with its line
  } catch {
    // Whatever else the older build does differently: the check after the build decides.
  }
}

/** Every port this start listens on is free, or one line naming the first taken one and exit. */
async function checkPorts(config, build = PLATFORM_BUILD) {
  const { portProblem } = platform('process/ports.js', build);
  const ports = [
    ['API_PORT', config.api.host, config.api.apiPort],
    ['INGEST_PORT', config.ingestor.host, config.ingestor.ingestPort],
  ];
  if (config.demo) ports.push(['DEMO_STATUS_PORT', '127.0.0.1', config.demo.statusPort]);
  for (const [variable, host, port] of ports) {
    const problem = await portProblem(variable, host, port);
    if (problem !== null) refuse(problem, EXIT_UNAVAILABLE);
  }
}

/**
 * Waits for the database of DATABASE_URL, for at most DATABASE_WAIT_SECONDS, with a countdown: a server
 * that is still starting is waited for; anything else stops here with one line.
 */
async function waitForTheDatabase(config) {
  const { waitForDatabase, DatabaseStartError } = platform('lib/database/database-check.js');
  const stopped = new AbortController();
  const interrupt = () => stopped.abort();
  process.once('SIGINT', interrupt);
  let waited = false;
  try {
    await waitForDatabase(
      { variable: 'DATABASE_URL', settings: config.api.database },
      {
        connectTimeoutMs: config.api.timeouts.dbConnectMs,
        waitMs: config.databaseWaitSeconds * 1000,
        intervalMs: 2000,
        signal: stopped.signal,
        onRetry: (error, secondsLeft) => {
          say(
            waited
              ? `still waiting for the database (${error.code}), giving up in ${secondsLeft} s`
              : `${error.message}; waiting for it, giving up in ${secondsLeft} s (DATABASE_WAIT_SECONDS)`,
          );
          waited = true;
        },
      },
    );
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error;
    refuse(
      `${error.message}${waited ? `; gave up after ${config.databaseWaitSeconds} s` : ''}`,
      EXIT_UNAVAILABLE,
    );
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}

const hasSimulator = existsSync(path.join(root, 'apps/simulator/src/main.ts'));
const hasWeb = existsSync(path.join(root, 'apps/web/project.json'));
await checkPortsBeforeTheBuild();
await buildAll(['api', 'log-ingestor', ...(hasSimulator ? ['simulator'] : []), ...(hasWeb ? ['web'] : [])]);

let config = validated(env);
const demo = {};
if (config.simulator && hasSimulator) {
  const secret = (bytes) => randomBytes(bytes).toString('base64url');
  demo.ingestToken = secret(24);
  env.INGEST_TOKENS = env.INGEST_TOKENS?.trim()
    ? `${env.INGEST_TOKENS},simulator:${demo.ingestToken}`
    : `simulator:${demo.ingestToken}`;
  env.ADMIN_KEY ||= secret(18);
  demo.staffNick = config.demo.staffNick;
  demo.staffPassword = secret(12);
  demo.statusPort = String(config.demo.statusPort);
  env.MC_SERVER_ADDRESS ||= `127.0.0.1:${demo.statusPort}`;
  env.SIMULATOR = 'on';
  config = validated(env); // what the demo added must pass too (e.g. INGEST_TOKENS syntax with the user's)
} else if (config.simulator) {
  say('the demo simulator is not part of this build yet; starting the apps only');
}
await checkPorts(config);
await waitForTheDatabase(config);

const host = config.api.host;
const hostForUrl = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const urlOf = (port) => `http://${hostForUrl}:${port}`;
// The ports the apps say they listen on (the configured ones; with port 0 the ones the system chose).
let apiUrl = urlOf(config.api.apiPort);
let ingestUrl = urlOf(config.ingestor.ingestPort);
// The API serves the website at its own origin (WEB_ENABLED, default on) when it was built.
const serveWebsite =
  hasWeb && config.api.web.enabled && existsSync(path.resolve(root, config.api.web.dir, 'index.html'));
const webUrl = () => (serveWebsite ? `${apiUrl}/` : null);
const APPS = ['api', 'log-ingestor'];
const children = new Map();
let stopping = false;
let restarting = false;

function launch(app) {
  if (stopping) return null;
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
  const child = spawn(process.execPath, appProcessArgs(app), {
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
    // A bad variable or an unusable database/port: the app said why in one line already.
    const explained = code === EXIT_CONFIG || code === EXIT_UNAVAILABLE;
    if (!explained) process.stderr.write(`[start] ${app} exited (${signal ?? code}); stopping the others\n`);
    void stop(code || 1, { quiet: explained });
  });
  return child;
}

/**
 * Resolves once `app`'s process tells this one (over IPC) that it listens: never fooled by another
 * process answering on the same port. Rejects if it exits first or after `timeoutMs`.
 */
function listening(app, child, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${app} did not start listening within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (message) => {
      if (message?.type !== 'listening') return;
      cleanup();
      resolve(message.port);
    };
    const onExit = () => {
      cleanup();
      reject(new Error('stopping'));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
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

async function stop(code = 0, { quiet = false } = {}) {
  if (stopping) return;
  stopping = true;
  if (!quiet) say('stopping: the simulator first, then the apps');
  await stopAll();
  if (!quiet) say('stopped');
  process.exit(code);
}

/** Starts both apps, waits until each says it listens, then the simulator. */
async function startAll() {
  const [apiPort, ingestPort] = await Promise.all(
    APPS.map((app) => {
      const child = launch(app);
      return child ? listening(app, child) : Promise.reject(new Error('stopping'));
    }),
  );
  apiUrl = urlOf(apiPort);
  ingestUrl = urlOf(ingestPort);
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
  const website = webUrl();
  const lines = [
    '',
    'craftstats:',
    ...(website ? [`  Website          ${website}   (staff panel: ${website}panel)`] : []),
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
    `ready: ${website ? `website ${website}, ` : ''}API ${apiUrl}, ingestor ${ingestUrl}${demo.ingestToken ? ', demo simulator running' : ''}`,
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
  if (!stopping && error.message !== 'stopping') {
    process.stderr.write(`[start] ${error.message}; stopping\n`);
    await stop(1);
  }
}
if (!stopping) banner();
else await new Promise(() => undefined); // the exit handler stops everything and exits

if (watchMode) {
  let timer;
  /** Changes that came in while a restart or a website rebuild ran: done right after it. */
  let queued = false;
  let webQueued = false;
  /** A restart failed: the apps are down until the next one succeeds. */
  let appsDown = false;
  const next = async () => {
    if (stopping) return;
    if (queued || (webQueued && appsDown)) {
      if (!queued) say('apps/web changed meanwhile; the apps are down: rebuilding and restarting');
      queued = false;
      webQueued = false; // a restart rebuilds the website too
      await restart();
    } else if (webQueued) {
      webQueued = false;
      say('apps/web changed meanwhile: rebuilding the website');
      await rebuildWeb();
    }
  };
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
      appsDown = false;
      say('restarted; ready');
    } catch (error) {
      appsDown = true;
      process.stderr.write(`[dev] restart failed: ${error.message}\n`);
    } finally {
      restarting = false;
    }
    await next();
  };
  // The website: a change under apps/web rebuilds it (vite) and restarts the API, which reads the
  // built files at start; the ingestor and the simulator keep running.
  let webTimer;
  const rebuildWeb = async () => {
    restarting = true; // the API's exit below is expected
    try {
      await buildAll(['web']);
      await stopChild('api', STOP_TIMEOUT_MS.app);
      await listening('api', launch('api'));
      say('website rebuilt; API restarted; ready');
    } catch (error) {
      process.stderr.write(`[dev] website rebuild failed: ${error.message}\n`);
    } finally {
      restarting = false;
    }
    await next();
  };
  if (hasWeb) {
    watch(path.join(root, 'apps/web'), { recursive: true }, (_event, file) => {
      if (!file || file.startsWith('test') || !/\.(ts|tsx|css|html|svg)$/.test(file)) return;
      clearTimeout(webTimer);
      webTimer = setTimeout(() => {
        if (stopping) return;
        if (restarting) return void (webQueued = true);
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
