import { HttpException, HttpStatus } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@craftstats/contracts';
import { isDatabaseUnavailableError } from '@craftstats/persistence';
import { ApiException, UNAVAILABLE_RETRY_AFTER_SECONDS, errorStatusOf } from '@craftstats/platform';
import { ACCOUNT_BODY_MESSAGES } from './accounts.messages';

/** A failure of `/account/register` or `/account/login`, answered as `{ success: false, message }`. */
export class AccountException extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super({ success: false, message }, status);
  }
}

export interface AccountErrorAnswer {
  status: number;
  body: { success: false; message: string };
  headers: Record<string, string>;
  /** True for failures that are our fault (logged with their stack). */
  unexpected: boolean;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: ACCOUNT_BODY_MESSAGES.MALFORMED,
  413: ACCOUNT_BODY_MESSAGES.PAYLOAD_TOO_LARGE,
  415: ACCOUNT_BODY_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  429: ACCOUNT_MESSAGES.RATE_LIMITED,
};

/**
 * Maps anything thrown while serving an account endpoint (the service, the guards, the body parser)
 * to the seed's `{ success: false, message }` shape with a Czech message. Framework texts never leak.
 */
export function toAccountError(error: unknown): AccountErrorAnswer {
  const answer = (
    status: number,
    message: string,
    headers: Record<string, string> = {},
    unexpected = false,
  ) => ({
    status,
    body: { success: false as const, message },
    headers,
    unexpected,
  });
  if (error instanceof AccountException) {
    const body = error.getResponse() as { message: string };
    return answer(error.getStatus(), body.message, error.headers);
  }
  if (error instanceof ApiException) {
    // Raised by shared guards (the rate limit): keep status and headers, use the account wording.
    const status = error.getStatus();
    return answer(status, STATUS_MESSAGES[status] ?? error.message, error.headers);
  }
  if (isDatabaseUnavailableError(error)) {
    return answer(503, ACCOUNT_BODY_MESSAGES.UNAVAILABLE, {
      'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
  const status = errorStatusOf(error);
  if (status !== undefined && status < 500)
    return answer(status, STATUS_MESSAGES[status] ?? ACCOUNT_BODY_MESSAGES.MALFORMED);
  if (status === HttpStatus.SERVICE_UNAVAILABLE) {
    return answer(503, ACCOUNT_BODY_MESSAGES.UNAVAILABLE, {
      'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
  return answer(500, ACCOUNT_BODY_MESSAGES.INTERNAL_ERROR, {}, true);
}
