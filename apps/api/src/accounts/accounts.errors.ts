import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@craftstats/contracts';
import { ErrorAnswer, MappedErrorReply, envelopeAnswer } from '@craftstats/platform';
import { DomainError } from '@craftstats/domain';
import { RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit.constants';
import { RateLimitHook } from '../rate-limit/rate-limit.hook';
import { ACCOUNT_BODY_MESSAGES } from './accounts.dto';

/** The account wording of the statuses shared guards and the body parser raise. */
const STATUS_MESSAGES: Record<number, string> = {
  400: ACCOUNT_BODY_MESSAGES.MALFORMED,
  413: ACCOUNT_BODY_MESSAGES.PAYLOAD_TOO_LARGE,
  415: ACCOUNT_BODY_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  429: ACCOUNT_MESSAGES.RATE_LIMITED,
};

/**
 * Maps anything thrown while serving an account endpoint to the original API's `{ success: false, message }`:
 * status and headers are the platform's mapping (database down → 503 with Retry-After, unexpected →
 * 500). The message is the error's own when it has one (the accounts service's texts of the original API, the pipe's
 * field messages), else the account wording of its status. Framework texts never leak.
 */
export function toAccountError(error: unknown): MappedErrorReply {
  const answer = (status: number, message: string, headers: Record<string, string>, unexpected = false) => ({
    status,
    body: { success: false as const, message },
    headers,
    unexpected,
  });
  const mapped = envelopeAnswer(error);
  const { status } = mapped;
  // A refused login is not a challenge to present a bearer token (these routes take none).
  delete mapped.headers['www-authenticate'];
  if (mapped.unexpected) return answer(500, ACCOUNT_BODY_MESSAGES.INTERNAL_ERROR, {}, true);
  if (error instanceof DomainError && error.message !== ERROR_MESSAGES[error.code])
    return answer(status, error.message, mapped.headers);
  if (status === 503) return answer(503, ACCOUNT_BODY_MESSAGES.UNAVAILABLE, mapped.headers);
  const envelope = mapped.body as { message: string };
  return answer(status, STATUS_MESSAGES[status] ?? envelope.message, mapped.headers);
}

/**
 * The answer shape of `/account/register` and `/account/login` (`@AnswerErrorsWith(AccountErrorAnswer)`).
 * Errors raised before the rate-limit hook ran (body parser, body limit, content type) still carry the
 * client's RateLimit headers as the counter stands (read, not counted: every answer of a rate-limited
 * endpoint carries them). Request bodies are never logged (they hold passwords).
 */
@Injectable()
export class AccountErrorAnswer extends ErrorAnswer {
  constructor(@Inject(RateLimitHook) private readonly rateLimit: RateLimitHook) {
    super();
  }

  async answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<MappedErrorReply> {
    if (!reply.hasHeader(RATE_LIMIT_HEADERS.limit)) void reply.headers(this.rateLimit.peekHeaders(request));
    return toAccountError(error);
  }
}
