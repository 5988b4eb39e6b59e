import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorEnvelope } from './error-envelope';

/** Global filter: every error leaves the app as `{ status, error, message }` with a matching HTTP status. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendErrorEnvelope(
      exception,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      this.logger,
    );
  }
}

export function sendErrorEnvelope(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  const { envelope, headers, unexpected } = toErrorEnvelope(exception);
  sendError(exception, request, reply, logger, {
    status: envelope.status,
    body: envelope,
    headers,
    unexpected,
  });
}

/** An error answer already mapped from an exception (by `toErrorEnvelope` or a feature's own mapper). */
export interface MappedErrorReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** True for failures that are our fault: logged with their stack (the answer never carries it). */
  unexpected: boolean;
}

/** Logs an unexpected failure and sends the mapped answer, never cached, unless a reply went out already. */
export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
  mapped: MappedErrorReply,
): void {
  if (mapped.unexpected) {
    logger.error(
      { msg: 'Unhandled error', method: request.method, url: request.url.split('?')[0] },
      exception instanceof Error ? exception.stack : String(exception),
    );
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
