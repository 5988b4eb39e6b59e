import { ERROR_MESSAGES, INGEST_MAX_EVENTS } from '@craftstats/contracts';
import { ApiException } from '@craftstats/platform';

/** Czech reasons a request body as a whole is refused (400 VALIDATION_FAILED / 415). */
export const INGEST_BODY_ERRORS = {
  /** The same text as Fastify's own 415 for types it cannot parse at all. */
  notJson: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  notAnObject: 'Tělo požadavku musí být objekt JSON tvaru { "events": [ ... ] }.',
  eventsNotArray: 'Pole "events" musí být pole událostí.',
  noEvents: 'Pole "events" musí obsahovat alespoň jednu událost.',
  tooManyEvents: (count: number): string =>
    `Pole "events" smí obsahovat nejvýše ${INGEST_MAX_EVENTS} událostí, přišlo ${count}; rozděl je do více požadavků.`,
} as const;

/** `application/json`, optionally with parameters such as `; charset=utf-8`. */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;|$)/i;

/**
 * Checks the parsed body of `POST /v1/events` and returns its events, still unvalidated (each one is
 * checked by `parseEvent`). Only own data properties are read: an inherited or accessor `events`, or a
 * `__proto__` key, is never consulted, and the body is never copied or written to.
 *
 * @throws ApiException 415 UNSUPPORTED_MEDIA_TYPE unless the content type is application/json
 *   (Fastify also parses text/plain and, in Nest, form bodies — neither is an ingestion body);
 *   400 VALIDATION_FAILED when the body is not `{ "events": [...] }` with 1..1000 events.
 */
export function readIngestEvents(contentType: string | undefined, body: unknown): readonly unknown[] {
  if (contentType === undefined || !JSON_MEDIA_TYPE.test(contentType)) {
    throw new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', INGEST_BODY_ERRORS.notJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiException(400, 'VALIDATION_FAILED', INGEST_BODY_ERRORS.notAnObject);
  }
  const events: unknown = Object.getOwnPropertyDescriptor(body, 'events')?.value;
  if (!Array.isArray(events)) {
    throw new ApiException(400, 'VALIDATION_FAILED', INGEST_BODY_ERRORS.eventsNotArray);
  }
  if (events.length === 0) throw new ApiException(400, 'VALIDATION_FAILED', INGEST_BODY_ERRORS.noEvents);
  if (events.length > INGEST_MAX_EVENTS) {
    throw new ApiException(400, 'VALIDATION_FAILED', INGEST_BODY_ERRORS.tooManyEvents(events.length));
  }
  return events as readonly unknown[];
}
