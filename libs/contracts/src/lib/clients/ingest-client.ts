import type { IngestEvent, IngestRejection, IngestResponse } from '../events';
import { EVENT_ID_PATTERN, INGEST_MAX_BYTES, INGEST_MAX_EVENTS } from '../events';
import { INGEST_PATHS } from '../paths';
import type { FetchLike, HttpResponse, RequestOptions } from './http';
import {
  abortableSleep,
  ApiError,
  backoffDelayMs,
  errorFromResponse,
  invalidResponseError,
  isAborted,
  isApiError,
  isRetryableStatus,
  isSuccessStatus,
  sendHttpRequest,
} from './http';

/** Options of {@link createIngestClient}. */
export interface IngestClientOptions {
  /** Base URL of the log ingestor, e.g. `http://127.0.0.1:3001`. */
  baseUrl: string;
  /** This game server's token from `INGEST_TOKENS`, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** `fetch` implementation; defaults to the global `fetch`. */
  fetch?: FetchLike | undefined;
  /** Most events per request, 1..1000 (default 1000 = `INGEST_MAX_EVENTS`). */
  maxBatch?: number | undefined;
  /** Largest serialized request body in bytes (default and maximum 1 MiB = `INGEST_MAX_BYTES`). */
  maxBytes?: number | undefined;
  /** Attempts per batch including the first (default 6). */
  maxAttempts?: number | undefined;
  /** Backoff window before the first retry, in ms (default 250); doubles per retry. */
  baseDelayMs?: number | undefined;
  /** Largest backoff window in ms (default 10 000). */
  maxDelayMs?: number | undefined;
  /** Abort one attempt after this many ms; it is then retried like a network error (default 30 000). */
  timeoutMs?: number | undefined;
  /** Waits between attempts (default: `setTimeout`); inject a recorder in tests. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Uniform random in [0, 1) for the jitter (default `Math.random`). */
  random?: (() => number) | undefined;
  /** Called before each wait for a retry, e.g. to log it. */
  onRetry?: ((info: IngestRetryInfo) => void) | undefined;
}

/** What {@link IngestClientOptions.onRetry} is told. */
export interface IngestRetryInfo {
  /** 0-based number of the batch within the `send` call. */
  batch: number;
  /** The attempt that failed (1 = the first). */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** Why the attempt failed: 429/502/503/504 answer or `NETWORK_ERROR`. */
  error: ApiError;
}

/** Client of the log ingestor for game servers. */
export interface IngestClient {
  /**
   * Sends events to `POST /v1/events` and resolves with the sums of the per-batch answers.
   *
   * - Splits the events in order into batches of at most `maxBatch` events and `maxBytes` serialized
   *   bytes, sent one after another. An event that alone exceeds `maxBytes` is not sent; it is listed in
   *   `rejected` like an event the server refused.
   * - Retries a batch with the byte-identical body (same event ids, the idempotency key, so a retried
   *   event is never counted twice) on 429, 502, 503, 504 and network errors/timeouts, waiting for
   *   `Retry-After` when the answer has one, else exponential backoff with full jitter.
   * - `rejected[].index` is the position in `events` (this array), sorted ascending.
   * - An empty array resolves to zeros without a request.
   *
   * Rejects with {@link IngestSendError} (an `ApiError`) when a batch fails for good: any other error
   * answer (400, 401, 413, 500, ...) immediately, a retryable one after `maxAttempts`. Batches before it
   * were stored; it is always safe to send the same events again (already stored ones count as
   * duplicates). Rejects with the signal's reason when `options.signal` aborts.
   */
  send(events: readonly IngestEvent[], options?: RequestOptions): Promise<IngestResponse>;
}

/** Failure of {@link IngestClient.send}, with what was stored before the failing batch. */
export class IngestSendError extends ApiError {
  /** Sums of the batches acknowledged before the failure (indexes relative to the caller's array). */
  readonly completed: IngestResponse;
  /** Indexes (in the caller's array) of the events not acknowledged: the failing batch and all after it. */
  readonly pendingIndexes: number[];

  constructor(error: ApiError, completed: IngestResponse, pendingIndexes: number[]) {
    super({
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      ...(error.body === undefined ? {} : { body: error.body }),
      cause: error,
    });
    this.name = 'IngestSendError';
    this.completed = completed;
    this.pendingIndexes = pendingIndexes;
  }
}

/** One request body and where its events sit in the caller's array. */
interface Batch {
  body: string;
  indexes: number[];
}

const BODY_PREFIX = '{"events":[';
const BODY_SUFFIX = ']}';

/** UTF-8 length of a string without `TextEncoder` (JSON.stringify never emits lone surrogates). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function planBatches(
  events: readonly IngestEvent[],
  maxBatch: number,
  maxBytes: number,
): { batches: Batch[]; oversized: IngestRejection[] } {
  const batches: Batch[] = [];
  const oversized: IngestRejection[] = [];
  const envelopeBytes = BODY_PREFIX.length + BODY_SUFFIX.length;
  let parts: string[] = [];
  let indexes: number[] = [];
  let bytes = envelopeBytes;
  const flush = (): void => {
    if (parts.length === 0) return;
    batches.push({ body: `${BODY_PREFIX}${parts.join(',')}${BODY_SUFFIX}`, indexes });
    parts = [];
    indexes = [];
    bytes = envelopeBytes;
  };
  events.forEach((event, index) => {
    const json = JSON.stringify(event);
    const size = utf8ByteLength(json);
    if (envelopeBytes + size > maxBytes) {
      oversized.push({
        index,
        id: typeof event.id === 'string' ? event.id : null,
        error: `PAYLOAD_TOO_LARGE: the event alone serializes to ${envelopeBytes + size} bytes, over the ${maxBytes}-byte request limit; not sent`,
      });
      return;
    }
    const separator = parts.length === 0 ? 0 : 1;
    if (parts.length >= maxBatch || bytes + separator + size > maxBytes) flush();
    bytes += (parts.length === 0 ? 0 : 1) + size;
    parts.push(json);
    indexes.push(index);
  });
  flush();
  return { batches, oversized };
}

function isIngestResponse(body: unknown): body is IngestResponse {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  const rejected = candidate['rejected'];
  return (
    typeof candidate['accepted'] === 'number' &&
    typeof candidate['duplicates'] === 'number' &&
    Array.isArray(rejected) &&
    rejected.every(
      (item: unknown) =>
        typeof item === 'object' && item !== null && typeof (item as { index?: unknown }).index === 'number',
    )
  );
}

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer in ${min}..${max}, got ${value}`);
  }
  return value;
}

type AttemptOutcome = { ok: true; response: IngestResponse } | { ok: false; error: ApiError };

/**
 * Creates the ingestion client a game server uses to deliver its log events.
 *
 * @example
 * ```ts
 * const ingest = createIngestClient({ baseUrl: 'http://127.0.0.1:3001', token: 'survival-token' });
 * const result = await ingest.send([
 *   { id: newEventId('survival'), action: 'PLAYER_VOTE', uuid, nick: 'Notch', site: 'craftlist.org', date: Date.now() },
 * ]);
 * ```
 */
export function createIngestClient(options: IngestClientOptions): IngestClient {
  const maxBatch = checkInteger('maxBatch', options.maxBatch ?? INGEST_MAX_EVENTS, 1, INGEST_MAX_EVENTS);
  const maxBytes = checkInteger(
    'maxBytes',
    options.maxBytes ?? INGEST_MAX_BYTES,
    BODY_PREFIX.length + BODY_SUFFIX.length + 2,
    INGEST_MAX_BYTES,
  );
  const maxAttempts = checkInteger('maxAttempts', options.maxAttempts ?? 6, 1, Number.MAX_SAFE_INTEGER);
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    random: options.random ?? Math.random,
  };
  const sleep = options.sleep ?? abortableSleep;
  const transport = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  };

  const attemptOnce = async (body: string, signal: AbortSignal | undefined): Promise<AttemptOutcome> => {
    let response: HttpResponse;
    try {
      response = await sendHttpRequest(transport, {
        method: 'POST',
        path: INGEST_PATHS.events,
        body,
        token: options.token,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR') return { ok: false, error };
      throw error;
    }
    if (isSuccessStatus(response.status)) {
      if (!isIngestResponse(response.body)) {
        throw invalidResponseError(response, '{ accepted, duplicates, rejected }');
      }
      return { ok: true, response: response.body };
    }
    const error = errorFromResponse(response);
    if (isRetryableStatus(response.status)) return { ok: false, error };
    throw error;
  };

  const sendBatch = async (batch: Batch, batchNumber: number, signal: AbortSignal | undefined) => {
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(batch.body, signal);
      if (outcome.ok) return outcome.response;
      if (attempt >= maxAttempts) throw outcome.error;
      const delayMs =
        outcome.error.retryAfter === undefined
          ? backoffDelayMs(attempt, backoff)
          : outcome.error.retryAfter * 1000;
      options.onRetry?.({ batch: batchNumber, attempt, delayMs, error: outcome.error });
      await sleep(delayMs, signal);
      if (isAborted(signal)) throw signal?.reason;
    }
  };

  return {
    async send(events, sendOptions) {
      const signal = sendOptions?.signal;
      const { batches, oversized } = planBatches(events, maxBatch, maxBytes);
      let accepted = 0;
      let duplicates = 0;
      const rejected: IngestRejection[] = [...oversized];
      const summary = (): IngestResponse => ({
        accepted,
        duplicates,
        rejected: [...rejected].sort((a, b) => a.index - b.index),
      });

      for (const [batchNumber, batch] of batches.entries()) {
        let response: IngestResponse;
        try {
          response = await sendBatch(batch, batchNumber, signal);
        } catch (error) {
          if (!isApiError(error)) throw error;
          const pendingIndexes = batches.slice(batchNumber).flatMap((pending) => pending.indexes);
          throw new IngestSendError(error, summary(), pendingIndexes);
        }
        accepted += response.accepted;
        duplicates += response.duplicates;
        for (const rejection of response.rejected) {
          rejected.push({ ...rejection, index: batch.indexes[rejection.index] ?? rejection.index });
        }
      }
      return summary();
    },
  };
}

/**
 * A new unique event id matching `[A-Za-z0-9._:-]{1,64}`: a random UUID (`crypto.randomUUID` when
 * available, else `crypto.getRandomValues`, else `Math.random`), prefixed with `<prefix>:` when given.
 * Create the id once, when the event happens, and keep it with the event until the ingestor
 * acknowledged it: resending with the same id is what makes delivery exactly-once.
 *
 * @param prefix Up to 27 characters of `[A-Za-z0-9._:-]`, e.g. the server name.
 * @throws RangeError when the prefix is too long or has other characters.
 */
export function newEventId(prefix?: string): string {
  const id = randomUuid();
  if (prefix === undefined || prefix === '') return id;
  const prefixed = `${prefix}:${id}`;
  if (!EVENT_ID_PATTERN.test(prefixed)) {
    throw new RangeError(`Event id prefix must be 1..27 characters of [A-Za-z0-9._:-], got "${prefix}"`);
  }
  return prefixed;
}

interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => Uint8Array;
}

function randomUuid(): string {
  const cryptoLike = (globalThis as { crypto?: CryptoLike }).crypto;
  if (typeof cryptoLike?.randomUUID === 'function') return cryptoLike.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoLike?.getRandomValues === 'function') cryptoLike.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // variant: the two high bits 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
