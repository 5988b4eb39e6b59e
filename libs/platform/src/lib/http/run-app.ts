import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { AppLogger, createLogger, flushLogger } from '../logging/logger';
import { isSupervised, stopWhenSupervisorSays } from '../../process/supervision';

/**
 * Entry point shared by both apps: validate the configuration (a bad value stops the process with a
 * message naming the variable), make the process's logger (LOG_LEVEL, LOG_FORMAT), build the app and
 * listen (Fastify logs where). Under `npm start` the app stops only when the supervisor says so
 * (signals are ignored); otherwise SIGTERM/SIGINT stop it gracefully. Every exit writes the logs still
 * buffered first.
 */
export async function runApp(
  name: string,
  build: (config: AppConfig, logger: AppLogger) => Promise<NestFastifyApplication>,
  port: (config: AppConfig) => number,
): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the configuration is known there is no log format either: one plain line on stderr.
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(name, config.logging);
  const exit = (code: number) => flushLogger(logger, () => process.exit(code));
  // Under `npm start` the supervisor alone stops the app (signals are ignored from here on).
  let app: NestFastifyApplication | undefined;
  const supervised = isSupervised();
  if (supervised) {
    stopWhenSupervisorSays(() =>
      app ? stopGracefully(app, config.timeouts.shutdownMs, 'supervisor', exit) : exit(0),
    );
  }
  try {
    app = await build(config, logger);
    if (!supervised) stopGracefullyOnSignals(app, config.timeouts.shutdownMs, exit);
    await app.listen(port(config), config.host);
  } catch (error) {
    logger.fatal({ context: 'Bootstrap', err: error }, 'start failed');
    exit(1);
  }
}

/**
 * SIGTERM/SIGINT: `app.close()` stops accepting connections, lets in-flight requests finish (an
 * acknowledged ingest batch is committed before its answer), runs the shutdown hooks (the database
 * closes last), and the process then exits with status 0 — a supervisor sees a clean stop, not a
 * death by signal (which is what re-raising the signal, Nest's `enableShutdownHooks`, reports).
 * Bounded by SHUTDOWN_TIMEOUT_MS: a request or a database that never answers cannot hold the process;
 * past the deadline it logs and exits with status 1.
 */
function stopGracefullyOnSignals(
  app: NestFastifyApplication,
  deadlineMs: number,
  exit: (code: number) => void,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stopGracefully(app, deadlineMs, signal, exit);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Closes the app and exits 0, or 1 past `deadlineMs`; `signal` says who asked (a signal or the supervisor). */
function stopGracefully(
  app: NestFastifyApplication,
  deadlineMs: number,
  signal: string,
  exit: (code: number) => void,
): void {
  new Logger('Shutdown').log({ msg: 'Stopping gracefully', signal });
  setTimeout(() => {
    new Logger('Shutdown').error({
      msg: 'Graceful shutdown exceeded its deadline; exiting',
      signal,
      deadlineMs,
    });
    exit(1);
  }, deadlineMs).unref();
  app.close().then(
    () => {
      new Logger('Shutdown').log({ msg: 'Stopped', signal });
      exit(0);
    },
    (error: unknown) => {
      new Logger('Shutdown').error({ msg: 'Shutdown failed', err: error });
      exit(1);
    },
  );
}
