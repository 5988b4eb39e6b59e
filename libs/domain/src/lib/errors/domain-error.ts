import { ERROR_MESSAGES, ErrorCode } from '@craftstats/contracts';

/**
 * The codes an error carries: the wire contract's error codes (libs/contracts `ERROR_CODES`), each with
 * its HTTP status (`ERROR_HTTP_STATUS`) and default Czech message. The platform maps them to HTTP in one
 * place (libs/platform `toErrorEnvelope`).
 */
export type DomainErrorCode = ErrorCode;

/** What a failure tells its caller beyond code and message. */
export interface DomainErrorDetails {
  /** The client may try again after this many seconds (429, 503: `Retry-After`). */
  retryAfterSeconds?: number;
}

/**
 * The one error type the code throws on purpose: a code and a Czech message safe to show to clients
 * (by default the contract's message of the code). Anything else that reaches the error filter is an
 * infrastructure failure (mapped by the platform) or a bug (500).
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The error with its default message. */
  static of(code: DomainErrorCode, details: DomainErrorDetails = {}): DomainError {
    return new DomainError(code, ERROR_MESSAGES[code], details);
  }
}
