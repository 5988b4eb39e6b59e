import { ChildProcess, spawn } from 'node:child_process';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ApiConfig,
  IngestorConfig,
  ServiceConfig,
  loadApiConfig,
  loadIngestorConfig,
} from '../lib/config/app-config';
import { AppLogger, createLogger } from '../lib/logging/logger';
import { freePort } from './ports';

const ROOT = path.resolve(__dirname, '../../../..');

/** A configuration either app boots with: what `testConfig` returns. */
export type TestConfig = ApiConfig & IngestorConfig;

/**
 * A valid test configuration for either app: both apps' loaders over a quiet test environment plus
 * `env`. Requests are logged (LOG_REQUESTS=on, as in production) so that tests can look at those lines
 * too.
 */
export function testConfig(env: Record<string, string | undefined> = {}): TestConfig {
  const full = {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    RATE_LIMIT_PUBLIC: '0',
    RATE_LIMIT_AUTH: '0',
    LOG_REQUESTS: 'on',
    // The website is served only by the suites that test it (whether or not it was built here).
    WEB_ENABLED: 'false',
    ...env,
  };
  return { ...loadIngestorConfig(full), ...loadApiConfig(full) };
}

/**
 * A pino destination that collects the log lines instead of printing them (tests stay readable;
 * assertions can inspect them): the JSON lines exactly as production writes them.
 */
export class MemoryLogger {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  /** The lines parsed. */
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** The app logger of a test: `config.logging`'s level, JSON lines into `memory`. */
export function memoryAppLogger(name: string, config: ServiceConfig, memory: MemoryLogger): AppLogger {
  return createLogger(name, { level: config.logging.level, format: 'json' }, memory);
}

export interface RunningApp {
  app: NestFastifyApplication;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** What the app logged. */
  logger: MemoryLogger;
  close(): Promise<void>;
}

/** Boots an app in this process on an ephemeral port (a real socket). */
export async function bootApp<C extends ServiceConfig>(
  name: string,
  create: (config: C, logger: AppLogger) => Promise<NestFastifyApplication>,
  config: C,
): Promise<RunningApp> {
  const logger = new MemoryLogger();
  const app = await create(config, memoryAppLogger(name, config, logger));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, logger, close: () => app.close() };
}

export interface AppProcess {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
}

let built: Promise<void> | undefined;

/**
 * Builds the apps once through their Nx build targets (`node tools/build.mjs` without arguments runs
 * `nx run-many -t build`; cached, SWC: about a second). The e2e Jest configs already build in
 * their globalSetup (CRAFTSTATS_APPS_BUILT=1), so test files never rebuild under each other.
 */
export function buildApps(): Promise<void> {
  if (process.env['CRAFTSTATS_APPS_BUILT'] === '1') return Promise.resolve();
  built ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools/build.mjs')], {
      cwd: ROOT,
      stdio: 'pipe',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed: ${err}`))));
  });
  return built;
}

/**
 * Starts a built app as its own OS process (what production runs), on an ephemeral port chosen here,
 * and resolves once it logs that it is listening.
 */
export async function startAppProcess(
  app: 'api' | 'log-ingestor' | 'simulator',
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<AppProcess> {
  await buildApps();
  const entry = path.join(ROOT, 'dist/apps', app, `apps/${app}/src/main.js`);
  const portVar = app === 'api' ? 'API_PORT' : 'INGEST_PORT';
  const port = env[portVar] ?? String(await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      RATE_LIMIT_PUBLIC: '0',
      RATE_LIMIT_AUTH: '0',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_REQUESTS: 'on',
      WEB_ENABLED: 'false',
      ...env,
      [portVar]: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${app} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        // Exited already (with a code, or by a signal: then exitCode stays null).
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
