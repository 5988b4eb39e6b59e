import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, ERROR_MESSAGES, ErrorCode, ErrorEnvelope } from '@craftstats/contracts';
import { DomainError, DomainErrorCode } from '@craftstats/domain';
import { isDatabaseUnavailableError } from '@craftstats/persistence';

/** The one place where typed errors become HTTP statuses. */
const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  PLAYER_NOT_FOUND: 404,
  INVALID_UUID: 400,
  INVALID_NICK: 400,
  VALIDATION_FAILED: 400,
};

const STATUS_CODE: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Seconds a client should wait before retrying when the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** An HTTP error that carries its own code and Czech message. */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super({ status, error: code, message }, status);
  }
}

export interface MappedError {
  envelope: ErrorEnvelope;
  headers: Record<string, string>;
  /** True for failures that are our fault (logged with their stack). */
  unexpected: boolean;
}

/**
 * The HTTP error status a thrown value carries: a Nest `HttpException`'s status, or the `statusCode`
 * (400–599) that Fastify and its parsers put on their errors. Undefined for anything else.
 */
export function errorStatusOf(error: unknown): number | undefined {
  if (error instanceof HttpException) return error.getStatus();
  const candidate = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate < 600 ? candidate : undefined;
}

/** Turns any thrown value into the SPEC's envelope `{ status, error, message }`, never leaking internals. */
export function toErrorEnvelope(error: unknown): MappedError {
  if (error instanceof ApiException) {
    return {
      envelope: { status: error.getStatus(), error: error.code, message: error.message },
      headers: error.headers,
      unexpected: false,
    };
  }
  if (error instanceof DomainError) {
    const status = DOMAIN_STATUS[error.code];
    return {
      envelope: { status, error: error.code, message: error.message },
      headers: {},
      unexpected: false,
    };
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      envelope: { status: 503, error: 'UNAVAILABLE', message: ERROR_MESSAGES.UNAVAILABLE },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      unexpected: false,
    };
  }
  const status = errorStatusOf(error);
  if (status !== undefined && status < 500) {
    const code = STATUS_CODE[status] ?? 'BAD_REQUEST';
    const response = error instanceof HttpException ? error.getResponse() : undefined;
    // Only our own { error: <ErrorCode>, message } bodies keep their text; framework messages
    // ("Cannot GET /x", parser internals) are replaced by the Czech default of the status.
    const custom =
      typeof response === 'object' && response !== null ? (response as Partial<ErrorEnvelope>) : {};
    const known = custom.error !== undefined && (ERROR_CODES as readonly string[]).includes(custom.error);
    const message = known && typeof custom.message === 'string' ? custom.message : ERROR_MESSAGES[code];
    return {
      envelope: { status, error: known ? (custom.error as ErrorCode) : code, message },
      headers: {},
      unexpected: false,
    };
  }
  if (status === HttpStatus.SERVICE_UNAVAILABLE) {
    return {
      envelope: { status, error: 'UNAVAILABLE', message: ERROR_MESSAGES.UNAVAILABLE },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      unexpected: false,
    };
  }
  return {
    envelope: { status: 500, error: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR },
    headers: {},
    unexpected: true,
  };
}
