import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ServiceConfig } from '../config/app-config';
import { ConfigError, Env } from '../config/config-parsers';
import { DatabaseStartError, checkDatabase } from '../database/database-check';
import { AppLogger, createLogger, flushLogger } from '../logging/logger';
import { listenFailureLine, portProblem } from '../../process/ports';
import { isSupervised, stopWhenSupervisorSays, tellSupervisorListening } from '../../process/supervision';
import { keepTickObjectShape } from '../../process/tick-object-shape';

/** Exit codes of the expected start failures (sysexits.h): a bad variable, a database that can't be used. */
export const EXIT_CONFIG = 78;
export const EXIT_UNAVAILABLE = 69;

/**
 * Entry point shared by both apps: first keep the hidden classes of `process.nextTick`'s entries
 * (`keepTickObjectShape`, ADR 0084), validate the app's own variables with its loader (a bad value stops
 * the process with one line naming the variable), make the process's logger (LOG_LEVEL, LOG_FORMAT),
 * check that the database can be opened (if not: one line naming DATABASE_URL, host, user and the
 * driver's error code, no stack), build the app and listen (Fastify logs where). Under `npm start` the
 * app stops only when the supervisor says so (signals are ignored); otherwise SIGTERM/SIGINT stop it
 * gracefully. Every exit writes the logs still buffered first.
 */
export interface AppRunner<C extends ServiceConfig> {
  /** The app's name in logs and messages (`api`, `log-ingestor`). */
  name: string;
  /** The app's configuration loader (only the variables it uses). */
  load: (env: Env) => C;
  build: (config: C, logger: AppLogger) => Promise<NestFastifyApplication>;
  /** The variable of the listening port (named in the message when the port is taken) and its value. */
  portVariable: string;
  port: (config: C) => number;
}

export async function runApp<C extends ServiceConfig>({
  name,
  load,
  build,
  portVariable,
  port,
}: AppRunner<C>): Promise<void> {
  keepTickObjectShape();
  let config: C;
  try {
    config = load(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the configuration is known there is no log format either: one plain line on stderr.
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(EXIT_CONFIG);
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
    // A taken port is found before the database is opened and migrated: one line, nothing else.
    const taken = await portProblem(portVariable, config.host, port(config));
    if (taken !== null) {
      logger.fatal({ context: 'Bootstrap' }, taken);
      return exit(EXIT_UNAVAILABLE);
    }
    await checkDatabase({ variable: 'DATABASE_URL', settings: config.database }, config.timeouts.dbConnectMs);
    app = await build(config, logger);
    if (!supervised) stopGracefullyOnSignals(app, config.timeouts.shutdownMs, exit);
    await app.listen(port(config), config.host);
    tellSupervisorListening((app.getHttpServer().address() as AddressInfo).port);
  } catch (error) {
    if (error instanceof DatabaseStartError) {
      logger.fatal({ context: 'Database' }, error.message);
      return exit(EXIT_UNAVAILABLE);
    }
    if (isListenError(error)) {
      logger.fatal(
        { context: 'Bootstrap' },
        listenFailureLine(error, portVariable, port(config), config.host),
      );
      return exit(EXIT_UNAVAILABLE);
    }
    logger.fatal({ context: 'Bootstrap', err: error }, 'start failed');
    exit(1);
  }
}

const isListenError = (error: unknown) =>
  ['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'].includes(String((error as { code?: unknown } | null)?.code));

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
