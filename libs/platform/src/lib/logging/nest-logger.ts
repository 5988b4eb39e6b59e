import type { Logger as PinoInstance } from 'pino';
import { Logger, PinoLogger } from 'nestjs-pino';

/**
 * nestjs-pino's PinoLogger on one app's own pino instance, always `root`: a request's lines are
 * written through `requestLog` (request-log.ts), never through a request context nestjs-pino would
 * keep in an AsyncLocalStorage. nestjs-pino keeps its logger in a process-wide variable set by the
 * first instance; an app of its own keeps several apps of one process (the e2e suites) apart.
 */
class AppPinoLogger extends PinoLogger {
  constructor(private readonly root: PinoInstance) {
    super({ pinoHttp: { logger: root } });
  }

  override get logger(): PinoInstance {
    return this.root;
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
