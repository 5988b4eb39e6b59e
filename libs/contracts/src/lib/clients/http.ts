/**
 * Fetch plumbing shared by the API and ingest clients: URL building, headers, timeouts, JSON parsing,
 * the {@link ApiError} type and retry/backoff arithmetic. Web-standard globals only (fetch, Headers,
 * AbortController, setTimeout, URLSearchParams), so it runs in browsers, Node 20+, Deno and Bun.
 *
 * @packageDocumentation
 */
import type { ErrorCode } from '../common';
import { isErrorEnvelope } from '../common';
import { ERROR_MESSAGES } from '../messages';

/** Options of one `fetch` call, as the clients issue it. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** The part of a fetch `Response` the clients read. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * A `fetch` implementation. The global `fetch` fits; inject another one for tests, instrumentation or
 * environments without a global `fetch`.
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

/** Per-call options of the client methods. */
export interface RequestOptions {
  /**
   * Cancels the call. An aborted call rejects with the signal's reason (a `DOMException` named
   * `AbortError` by default), not with an {@link ApiError}, and is never retried.
   */
  signal?: AbortSignal | undefined;
}

/**
 * `code` of an {@link ApiError}: an error code answered by the server, or `NETWORK_ERROR` when no HTTP
 * answer arrived (connection refused or reset, DNS failure, CORS refusal, timeout).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

/** Czech message of an {@link ApiError} with code `NETWORK_ERROR`. */
export const NETWORK_ERROR_MESSAGE =
  'Nepodařilo se spojit se serverem. Zkontroluj připojení a zkus to znovu.';

/** Constructor fields of an {@link ApiError}. */
export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  retryAfter?: number;
  body?: unknown;
  cause?: unknown;
}

/**
 * A failed call: an error answer of the server (non-2xx status, or a 2xx body that is not the expected
 * JSON) or a network failure.
 */
export class ApiError extends Error {
  /** HTTP status of the answer; `0` when no answer arrived (`NETWORK_ERROR`). */
  readonly status: number;
  /**
   * The envelope's `error` code. When the answer had no error envelope (e.g. an HTML page of a proxy)
   * the code is derived from the HTTP status (502/503/504 → `UNAVAILABLE`, 429 → `RATE_LIMITED`, ...).
   */
  readonly code: ApiErrorCode;
  /** Seconds from the `Retry-After` header (delta-seconds or HTTP date), when present. */
  readonly retryAfter?: number;
  /** The parsed JSON body (or the raw text when it was not JSON), for diagnostics. */
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.body !== undefined) this.body = init.body;
  }
}

/**
 * Recognises an {@link ApiError}, also one created by another copy of this package (the ESM and
 * CommonJS builds each have their own class).
 */
export function isApiError(value: unknown): value is ApiError {
  if (value instanceof ApiError) return true;
  if (!(value instanceof Error) || (value.name !== 'ApiError' && value.name !== 'IngestSendError'))
    return false;
  const candidate = value as Error & { status?: unknown; code?: unknown };
  return typeof candidate.status === 'number' && typeof candidate.code === 'string';
}

/**
 * Parses a `Retry-After` header value to whole seconds (≥ 0): delta-seconds, or an HTTP date relative to
 * `now` (ms). Returns `undefined` for a missing or unparsable value.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date always names the weekday and month; this keeps Date.parse from reading "-5" as a year.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error code that a bare HTTP status stands for, used when an error answer has no envelope. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'VALIDATION_FAILED';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR';
  }
}

/** A completed HTTP exchange: status, headers and the body parsed as JSON when possible. */
export interface HttpResponse {
  status: number;
  headers: FetchResponseLike['headers'];
  /** Parsed JSON; the raw text when it is not JSON; `undefined` when empty. */
  body: unknown;
  /** Whether {@link body} is parsed JSON. */
  json: boolean;
}

/** One request of a client. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path starting with `/`, as in `API_PATHS`. */
  path: string;
  query?: URLSearchParams;
  /** Serialized before the call so that retries send byte-identical bodies. */
  body?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  signal?: AbortSignal | undefined;
}

/** Where and how a client sends its requests. */
export interface HttpTransport {
  baseUrl: string;
  fetch?: FetchLike;
  /** Abort a request (including reading its body) after this many ms; it then fails as `NETWORK_ERROR`. */
  timeoutMs?: number;
}

/**
 * Joins a base URL (absolute, or relative such as `/api` behind a dev proxy, or `""` for the same origin)
 * and a path, without doubling or losing slashes.
 */
export function joinUrl(baseUrl: string, path: string, query?: URLSearchParams): string {
  const base = baseUrl.replace(/\/+$/, '');
  const search = query === undefined ? '' : query.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search === '' ? '' : `?${search}`}`;
}

/** The global fetch, looked up per call (so polyfills installed later are used) and called unbound-safe. */
const globalFetch: FetchLike = (url, init) => {
  const fetchFn = (globalThis as { fetch?: (url: string, init: FetchInit) => Promise<FetchResponseLike> })
    .fetch;
  if (typeof fetchFn !== 'function') {
    return Promise.reject(new TypeError('No global fetch available: pass `fetch` in the client options.'));
  }
  return fetchFn(url, init);
};

/**
 * Performs one request. Resolves with any HTTP answer (whatever its status); rejects with an
 * {@link ApiError} `NETWORK_ERROR` when no answer arrived, or with the caller's abort reason.
 */
export async function sendHttpRequest(transport: HttpTransport, request: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token !== undefined && request.token !== '')
    headers['authorization'] = `Bearer ${request.token}`;

  const callerSignal = request.signal;
  if (isAborted(callerSignal)) throw callerSignal?.reason;

  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    transport.timeoutMs !== undefined && transport.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, transport.timeoutMs)
      : undefined;

  const url = joinUrl(transport.baseUrl, request.path, request.query);
  const init: FetchInit = { method: request.method, headers, signal: controller.signal };
  if (request.body !== undefined) init.body = request.body;

  try {
    const response = await (transport.fetch ?? globalFetch)(url, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, ...parseBody(text) };
  } catch (error) {
    if (isAborted(callerSignal)) throw callerSignal?.reason;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: NETWORK_ERROR_MESSAGE,
      cause: timedOut
        ? new Error(`Request timed out after ${transport.timeoutMs} ms: ${request.method} ${url}`)
        : error,
    });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function parseBody(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: text, json: false };
  }
}

/** Whether the signal has aborted (a function, so TypeScript does not narrow `aborted` across awaits). */
export function isAborted(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && signal.aborted;
}

/** Whether the status is 2xx. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Builds the {@link ApiError} of an error answer: code and Czech message from its envelope when it has
 * one, else derived from the HTTP status; `retryAfter` from the `Retry-After` header.
 */
export function errorFromResponse(response: HttpResponse): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const base = {
    status: response.status,
    body: response.body,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
  if (isErrorEnvelope(response.body)) {
    return new ApiError({ ...base, code: response.body.error, message: response.body.message });
  }
  const code = errorCodeForStatus(response.status);
  return new ApiError({ ...base, code, message: ERROR_MESSAGES[code] });
}

/** The error of a 2xx answer whose body is not the JSON the endpoint promises. */
export function invalidResponseError(response: HttpResponse, expected: string): ApiError {
  return new ApiError({
    status: response.status,
    code: 'INTERNAL_ERROR',
    message: ERROR_MESSAGES.INTERNAL_ERROR,
    body: response.body,
    cause: new Error(`Unexpected response body (expected ${expected})`),
  });
}

/**
 * Returns `data` of a `{ status: 200, data }` answer; throws {@link ApiError} for an error answer or a
 * malformed body.
 */
export function unwrapData<T>(response: HttpResponse): T {
  if (!isSuccessStatus(response.status)) throw errorFromResponse(response);
  const body = response.body;
  if (response.json && typeof body === 'object' && body !== null && 'data' in body) {
    return (body as { data: T }).data;
  }
  throw invalidResponseError(response, '{ status, data }');
}

/**
 * HTTP statuses worth retrying with the same request: 429 (rate limited), 503 (unavailable) and the
 * gateway errors 502/504 a reverse proxy answers while the service restarts.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504;
}

/** Parameters of {@link backoffDelayMs}. */
export interface BackoffOptions {
  /** Cap of the exponential window before the first retry. */
  baseDelayMs: number;
  /** Largest window. */
  maxDelayMs: number;
  /** Uniform random number in [0, 1). */
  random: () => number;
}

/**
 * Delay before retry number `retry` (1 = the first retry): exponential backoff with full jitter, a
 * uniformly random delay in [0, min(maxDelayMs, baseDelayMs · 2^(retry−1))).
 */
export function backoffDelayMs(retry: number, options: BackoffOptions): number {
  const window = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(options.random() * window);
}

/** A `setTimeout`-based sleep that ends early (rejecting with the reason) when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (isAborted(signal)) {
      reject(signal?.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
