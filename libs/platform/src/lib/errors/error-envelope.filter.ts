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
  if (unexpected) {
    logger.error(
      { msg: 'Unhandled error', method: request.method, url: request.url.split('?')[0] },
      exception instanceof Error ? exception.stack : String(exception),
    );
  }
  if (reply.sent) return;
  void reply
    .status(envelope.status)
    .headers({ ...headers, 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' })
    .send(envelope);
}
