import { INestApplicationContext, Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WithRouteConfig, routeConfigOf } from '../http/route-config';

/** An error answer already mapped from an exception: status, body, headers. */
export interface MappedErrorReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** True for failures that are our fault: logged with their stack (the answer never carries it). */
  unexpected: boolean;
}

/**
 * The answer shape of a route whose errors are not the `{ status, error, message }` envelope (the
 * account endpoints answer the original API's `{ success, message }`). An injectable class: the global filter
 * resolves it from the app, so it may use other providers.
 */
export abstract class ErrorAnswer {
  abstract answer(
    error: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): MappedErrorReply | Promise<MappedErrorReply>;
}

/** Fastify route config key holding a route's {@link ErrorAnswer} class. */
export const ERROR_ANSWER = 'craftstatsErrorAnswer';

/**
 * Route metadata: errors of this route (from the body parser, guards, pipes or the handler) are answered
 * by `shape` instead of the envelope. Stored in the Fastify route config, so the one global filter sees
 * it for errors Fastify raises before Nest runs the route, too.
 */
export function AnswerErrorsWith(shape: Type<ErrorAnswer>): MethodDecorator {
  return WithRouteConfig({ [ERROR_ANSWER]: shape });
}

/** The {@link ErrorAnswer} a request's route declares, resolved from the app; undefined for the envelope. */
export function errorAnswerOf(
  request: FastifyRequest,
  app: INestApplicationContext | undefined,
): ErrorAnswer | undefined {
  const shape = routeConfigOf(request, ERROR_ANSWER) as Type<ErrorAnswer> | undefined;
  if (shape === undefined || app === undefined) return undefined;
  return app.get(shape, { strict: false });
}
