import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** A log line's fields: `msg` and whatever else the line says (pino's `err` serializer applies). */
export type LogFields = { msg: string } & Record<string, unknown>;

/** The logger a request's handler, services and error answer write with: every line carries `reqId`. */
export interface RequestLog {
  log(fields: LogFields): void;
  warn(fields: LogFields): void;
  error(fields: LogFields): void;
}

/**
 * `request.log` (Fastify's child of the app's pino logger, bound to the request id: http-app.ts) under
 * a Nest-style `context`, written exactly as `new Logger(context)` writes: `{ context, ...fields }`.
 *
 * Passed explicitly, not found through an AsyncLocalStorage: on Node 20 an AsyncLocalStorage in use
 * installs a promise hook that runs for every promise of the process, which cost 10–15 % of the API's
 * CPU per profile lookup (docs/performance.md, "Request logs without AsyncLocalStorage"; ADR 0079).
 * Code outside a request keeps `new Logger(context)`.
 */
export function requestLog(request: FastifyRequest, context: string): RequestLog {
  const logger = request.log;
  return {
    log: (fields) => logger.info({ context, ...fields }),
    warn: (fields) => logger.warn({ context, ...fields }),
    error: (fields) => logger.error({ context, ...fields }),
  };
}

/** A handler parameter: the request's {@link requestLog} under the given context, e.g. `@RequestLogger('Accounts')`. */
export const RequestLogger = createParamDecorator(
  (context: string, execution: ExecutionContext): RequestLog =>
    requestLog(execution.switchToHttp().getRequest<FastifyRequest>(), context),
);
