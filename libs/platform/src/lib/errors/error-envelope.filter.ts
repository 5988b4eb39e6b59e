import { ArgumentsHost, Catch, ExceptionFilter, INestApplicationContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLog } from '../logging/request-log';
import { MappedErrorReply, errorAnswerOf } from './error-answer';
import { toErrorEnvelope } from './error-envelope';

/**
 * The one global filter: every error leaves the app in the answer shape its route declares
 * (`@AnswerErrorsWith`), by default `{ status, error, message }` with a matching HTTP status. Nest also
 * routes the errors Fastify raises before the handler (body parser, body limit) here.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  /** `app` resolves the routes' ErrorAnswer classes; without it every error gets the envelope. */
  constructor(private readonly app?: INestApplicationContext) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendErrorAnswer(
      exception,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      'Errors',
      this.app,
    );
  }
}

/** The envelope answer of any thrown value (what routes without `@AnswerErrorsWith` answer). */
export function envelopeAnswer(exception: unknown): MappedErrorReply {
  const { envelope, headers, unexpected } = toErrorEnvelope(exception);
  return { status: envelope.status, body: envelope, headers, unexpected };
}

/**
 * Maps `exception` with the route's answer shape (the envelope by default) and sends it; an unexpected
 * failure is logged with the request's id under `logContext`.
 */
export function sendErrorAnswer(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logContext: string,
  app?: INestApplicationContext,
): void {
  const shape = errorAnswerOf(request, app);
  if (shape === undefined) {
    sendError(exception, request, reply, logContext, envelopeAnswer(exception));
    return;
  }
  void Promise.resolve()
    .then(() => shape.answer(exception, request, reply))
    .then(
      (mapped) => sendError(exception, request, reply, logContext, mapped),
      (failure: unknown) => sendError(failure, request, reply, logContext, envelopeAnswer(failure)),
    );
}

/** Logs an unexpected failure and sends the mapped answer, never cached, unless a reply went out already. */
export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logContext: string,
  mapped: MappedErrorReply,
): void {
  if (mapped.unexpected) {
    // `err`: pino's error serializer writes its type, message and stack (to the log, never the answer).
    requestLog(request, logContext).error({
      msg: 'Unhandled error',
      method: request.method,
      url: request.url.split('?')[0],
      err: exception,
    });
  }
  if (reply.sent) return;
  void reply
    .status(mapped.status)
    .headers({
      ...mapped.headers,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    })
    .send(mapped.body);
}
