/**
 * Envelopes and error codes shared by every craftstats HTTP endpoint.
 *
 * @packageDocumentation
 */

/**
 * A rank identifier: the game's numeric rank id as decimal text, e.g. `"12"`. Text, not a number, because
 * the game stores it as text and ids are compared as text (`STAFF_RANK_IDS` on the server lists the staff
 * ranks); never do arithmetic with it.
 */
export type RankId = string;

/**
 * Successful data answer of the public API: `{ "status": 200, "data": ... }`.
 * The HTTP status of the response always equals `status`.
 */
export interface DataEnvelope<T> {
  status: 200;
  data: T;
}

/**
 * Every machine-readable error code an endpoint may answer with (all endpoints except the two
 * account endpoints, which answer `{ success, message }` instead).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_UUID',
  'INVALID_NICK',
  'PLAYER_NOT_FOUND',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

/** Machine-readable error code of an {@link ErrorEnvelope}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The HTTP status each error code is answered with. Clients use it as the fallback code mapping when
 * an error answer carries no envelope (for example an HTML page from a proxy).
 */
export const ERROR_HTTP_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_UUID: 400,
  INVALID_NICK: 400,
  PLAYER_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * Error answer of every endpoint except `/account/register` and `/account/login`:
 * `{ "status": <http code>, "error": "<CODE>", "message": "<Czech text>" }`.
 * A 429 `RATE_LIMITED` and a 503 `UNAVAILABLE` additionally carry the `Retry-After` header (seconds).
 */
export interface ErrorEnvelope {
  /** Equal to the HTTP status of the response. */
  status: number;
  error: ErrorCode;
  /** Czech, user-presentable text (defaults in `ERROR_MESSAGES`). */
  message: string;
}

/** Narrows a string to an {@link ErrorCode}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Checks the shape of an {@link ErrorEnvelope} (a known `error` code, numeric `status`, text `message`). */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['status'] === 'number' &&
    isErrorCode(candidate['error']) &&
    typeof candidate['message'] === 'string'
  );
}
