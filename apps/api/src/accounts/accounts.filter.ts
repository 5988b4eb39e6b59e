import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '@craftstats/platform';
import { toAccountError } from './accounts.exception';

/**
 * Exception filter of `/account/register` and `/account/login` (method-scoped, so it also catches
 * the guards' exceptions): every failure leaves as `{ success: false, message }` instead of the
 * global `{ status, error, message }` envelope. Request bodies are never logged (they hold passwords).
 */
@Catch()
export class AccountsExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Accounts');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendAccountError(
      exception,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      this.logger,
    );
  }
}

export function sendAccountError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  sendError(exception, request, reply, logger, toAccountError(exception));
}
