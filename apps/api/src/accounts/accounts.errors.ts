import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@craftstats/contracts';
import { ApiException, ErrorAnswer, MappedErrorReply, envelopeAnswer } from '@craftstats/platform';
import { RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit.constants';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { ACCOUNT_BODY_MESSAGES } from './accounts.dto';

/** A failure of `/account/register` or `/account/login` with its own status and Czech message. */
export class AccountException extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super({ success: false, message }, status);
  }
}

/** The account wording of the statuses shared guards and the body parser raise. */
const STATUS_MESSAGES: Record<number, string> = {
  400: ACCOUNT_BODY_MESSAGES.MALFORMED,
  413: ACCOUNT_BODY_MESSAGES.PAYLOAD_TOO_LARGE,
  415: ACCOUNT_BODY_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  429: ACCOUNT_MESSAGES.RATE_LIMITED,
};

/**
 * Maps anything thrown while serving an account endpoint to the seed's `{ success: false, message }`:
 * status and headers are the platform's mapping (database down → 503 with Retry-After, unexpected →
 * 500), the message is the account wording. Framework texts never leak.
 */
export function toAccountError(error: unknown): MappedErrorReply {
  const answer = (status: number, message: string, headers: Record<string, string>, unexpected = false) => ({
    status,
    body: { success: false as const, message },
    headers,
    unexpected,
  });
  if (error instanceof AccountException) {
    const body = error.getResponse() as { message: string };
    return answer(error.getStatus(), body.message, error.headers);
  }
  const mapped = envelopeAnswer(error);
  const { status } = mapped;
  if (mapped.unexpected) return answer(500, ACCOUNT_BODY_MESSAGES.INTERNAL_ERROR, {}, true);
  if (status === 503) return answer(503, ACCOUNT_BODY_MESSAGES.UNAVAILABLE, mapped.headers);
  // A validation failure keeps the pipe's message (it names the field, worded by the DTO); other
  // ApiExceptions (shared guards) keep their text unless the account wording has one.
  if (error instanceof ApiException && error.code === 'VALIDATION_FAILED')
    return answer(status, error.message, mapped.headers);
  const own = error instanceof ApiException ? error.message : ACCOUNT_BODY_MESSAGES.MALFORMED;
  return answer(status, STATUS_MESSAGES[status] ?? own, mapped.headers);
}

/**
 * The answer shape of `/account/register` and `/account/login` (`@AnswerErrorsWith(AccountErrorAnswer)`).
 * Errors raised before the rate-limit guard ran (body parser, body limit, content type) still carry the
 * client's RateLimit headers as the counter stands (read, not counted: SPEC §3 wants them on every
 * answer of a rate-limited endpoint). Request bodies are never logged (they hold passwords).
 */
@Injectable()
export class AccountErrorAnswer extends ErrorAnswer {
  constructor(@Inject(RateLimitGuard) private readonly rateLimit: RateLimitGuard) {
    super();
  }

  async answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<MappedErrorReply> {
    if (!reply.hasHeader(RATE_LIMIT_HEADERS.limit)) void reply.headers(this.rateLimit.peekHeaders(request));
    return toAccountError(error);
  }
}
