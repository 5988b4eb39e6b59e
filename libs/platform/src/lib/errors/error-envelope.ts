import { HttpException, HttpStatus } from '@nestjs/common';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGES,
  ErrorCode,
  ErrorEnvelope,
} from '@craftstats/contracts';
import { DomainError } from '@craftstats/domain';
import { isDatabaseUnavailableError } from '@craftstats/persistence';

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

/** The headers a DomainError's answer carries: `Retry-After`, and the scheme a 401 asks for. */
function domainHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.details.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(error.details.retryAfterSeconds);
  if (error.code === 'UNAUTHORIZED') headers['www-authenticate'] = 'Bearer';
  return headers;
}

/**
 * The one place where errors become HTTP answers, the envelope `{ status, error, message }` (README,
 * "API"): a DomainError by its code's status (`ERROR_HTTP_STATUS`), an unreachable database as 503 with
 * `Retry-After`, the framework's own client errors by their status with the Czech default text, and
 * anything else as a 500 that leaks nothing.
 */
export function toErrorEnvelope(error: unknown): MappedError {
  if (error instanceof DomainError) {
    return {
      envelope: { status: ERROR_HTTP_STATUS[error.code], error: error.code, message: error.message },
      headers: domainHeaders(error),
      unexpected: error.code === 'INTERNAL_ERROR',
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
