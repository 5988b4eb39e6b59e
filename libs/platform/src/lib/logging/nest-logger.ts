import type { Logger as PinoInstance } from 'pino';
import { Logger, PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';

/**
 * nestjs-pino's PinoLogger on one app's own pino instance: inside a request the request's child logger
 * (bound by `bindRequestLogger`, it carries `reqId`), elsewhere `root`. nestjs-pino keeps its
 * out-of-request logger in a process-wide variable set by the first instance; an app of its own keeps
 * several apps of one process (the e2e suites) apart.
 */
class AppPinoLogger extends PinoLogger {
  constructor(private readonly root: PinoInstance) {
    super({ pinoHttp: { logger: root } });
  }

  override get logger(): PinoInstance {
    return storage.getStore()?.logger ?? this.root;
  }
}

/** Nest's own start-up chatter: one line per module, controller and route at `log` level. */
const NEST_START_UP = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * The LoggerService Nest and every `new Logger(context)` write to: nestjs-pino's Logger (Nest's levels
 * and context on pino), with Nest's start-up listing (modules, "Mapped {/path, GET} route") moved to
 * `debug`, so that at the default level a start is a few lines.
 */
export class NestPinoLogger extends Logger {
  constructor(root: PinoInstance) {
    super(new AppPinoLogger(root), {});
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && NEST_START_UP.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}

/**
 * Binds the request's logger (Fastify's child of the app logger, with `reqId`) as nestjs-pino's
 * request context for the rest of the request, so every log line of its body parsing, guards,
 * handler, services and error filter names the request. Called from Fastify's `onRequest` hook:
 * nestjs-pino's own way, a Nest middleware, runs on Fastify through @fastify/middie, one more layer on
 * every request, which is known to lose the context for requests with a body (fastify/middie#124).
 */
export function bindRequestLogger(logger: PinoInstance, next: () => void): void {
  storage.run(new Store(logger), next);
}
