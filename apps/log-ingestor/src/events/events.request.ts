import { DomainError } from '@craftstats/domain';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, INGEST_MAX_EVENTS } from '@craftstats/contracts';

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

/** Whether `events` is a batch the ingestor takes: an array of 1..1000 items (each checked later). */
export function isIngestBatch(events: unknown): boolean {
  return Array.isArray(events) && events.length >= 1 && events.length <= INGEST_MAX_EVENTS;
}

/** Why `events` is not a batch the ingestor takes (the message of the 400). */
export function ingestBatchProblem(events: unknown): string {
  if (!Array.isArray(events)) return INGEST_BODY_ERRORS.eventsNotArray;
  if (events.length === 0) return INGEST_BODY_ERRORS.noEvents;
  return INGEST_BODY_ERRORS.tooManyEvents(events.length);
}

/** `application/json`, optionally with parameters such as `; charset=utf-8`. */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;|$)/i;

/**
 * Refuses a request whose content type is not application/json with 415 UNSUPPORTED_MEDIA_TYPE
 * (Fastify also parses text/plain and, in Nest, form bodies — neither is an ingestion body), with or
 * without a body. A guard, listed after `IngestAuthGuard`: the 401 comes first, and the 415 comes before
 * the validation pipe would judge a body parsed from another type (400).
 */
@Injectable()
export class IngestContentTypeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const contentType = context.switchToHttp().getRequest<FastifyRequest>().headers['content-type'];
    if (contentType === undefined || !JSON_MEDIA_TYPE.test(contentType)) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', INGEST_BODY_ERRORS.notJson);
    }
    return true;
  }
}
