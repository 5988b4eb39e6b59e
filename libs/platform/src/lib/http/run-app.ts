import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { JsonLogger } from '../logging/json-logger';
import { isSupervised, stopWhenSupervisorSays } from '../../process/supervision';

/**
 * Entry point shared by both apps: validate the configuration (a bad value stops the process with a
 * message naming the variable), build the app, listen, and log where. Under `npm start` the app stops
 * only when the supervisor says so (signals are ignored); otherwise SIGTERM/SIGINT stop it gracefully.
 */
export async function runApp(
  name: string,
  build: (config: AppConfig, logger: JsonLogger) => Promise<NestFastifyApplication>,
  port: (config: AppConfig) => number,
): Promise<void> {
  const logger = new JsonLogger(name);
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
  // Under `npm start` the supervisor alone stops the app (signals are ignored from here on).
  let app: NestFastifyApplication | undefined;
  const supervised = isSupervised();
  if (supervised) {
    stopWhenSupervisorSays(() =>
      app ? stopGracefully(app, config.timeouts.shutdownMs, 'supervisor') : process.exit(0),
    );
  }
  try {
    app = await build(config, logger);
    if (!supervised) stopGracefullyOnSignals(app, config.timeouts.shutdownMs);
    await app.listen(port(config), config.host);
    new Logger('Bootstrap').log({ msg: `${name} listening`, url: await app.getUrl() });
  } catch (error) {
    logger.fatal(error instanceof Error ? error : String(error), 'Bootstrap');
    process.exit(1);
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
function stopGracefullyOnSignals(app: NestFastifyApplication, deadlineMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stopGracefully(app, deadlineMs, signal);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Closes the app and exits 0, or 1 past `deadlineMs`; `signal` says who asked (a signal or the supervisor). */
function stopGracefully(app: NestFastifyApplication, deadlineMs: number, signal: string): void {
  new Logger('Shutdown').log({ msg: 'Stopping gracefully', signal });
  setTimeout(() => {
    new Logger('Shutdown').error({
      msg: 'Graceful shutdown exceeded its deadline; exiting',
      signal,
      deadlineMs,
    });
    process.exit(1);
  }, deadlineMs).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      new Logger('Shutdown').error({ msg: 'Shutdown failed', error: String(error) });
      process.exit(1);
    },
  );
}
