import { Type, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, HeadersObject } from '@nestjs/swagger';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCode } from '@craftstats/contracts';
import { ErrorEnvelopeDto } from '@craftstats/platform';
import { RATE_LIMIT_HEADER_DOCS } from '../rate-limit/rate-limit.decorators';

export interface PublicErrorDoc {
  code: Extract<
    ErrorCode,
    'INVALID_NICK' | 'INVALID_UUID' | 'PLAYER_NOT_FOUND' | 'VALIDATION_FAILED' | 'NOT_FOUND'
  >;
  description: string;
}

/** An error answer with the envelope schema and an example built from the code's Czech message. */
function errorResponse(code: ErrorCode, description: string, headers?: HeadersObject): MethodDecorator {
  const status = ERROR_HTTP_STATUS[code];
  return ApiResponse({
    status,
    description,
    type: ErrorEnvelopeDto,
    example: { status, error: code, message: ERROR_MESSAGES[code] },
    ...(headers === undefined ? {} : { headers }),
  });
}

export interface PublicReadDoc {
  summary: string;
  description: string;
  /** Micro-cache TTL of the endpoint (CACHE_TTL_SECONDS): the documented staleness bound. */
  ttlSeconds: number;
  /** DTO class of the 200 envelope. */
  type: Type<unknown>;
  /** Endpoint-specific client errors (400/404); 304 and 503 are documented for every endpoint. */
  errors?: PublicErrorDoc[];
  /** False for answers that never touch the database (no 503). Default true. */
  databaseBacked?: boolean;
}

const retryAfter: HeadersObject = {
  'Retry-After': { description: 'Sekundy do dalšího pokusu.', schema: { type: 'integer' } },
};

/** The Czech staleness note appended to every description. */
export function stalenessNote(ttlSeconds: number): string {
  return (
    `Aktuálnost: odpověď se až ${ttlSeconds} s podává z mikro-cache serveru (jeden sdílený dotaz pro všechny ` +
    `požadavky), data tedy mohou být stará nejvýše ${ttlSeconds} s. Hlavička Cache-Control: public, max-age=N ` +
    'udává zbývající část této doby, takže ani s cache prohlížeče nejsou starší. ETag + If-None-Match vrací 304.'
  );
}

/**
 * Swagger of a public, cached read endpoint: the Czech summary and description (with its staleness),
 * the 200 envelope with ETag/Cache-Control/RateLimit headers, 304 and 503 (plus `errors`). The 429
 * comes with `@PublicRateLimit()` on the controller.
 */
export function PublicRead(doc: PublicReadDoc): MethodDecorator {
  const errors = (doc.errors ?? []).map((error) => errorResponse(error.code, error.description));
  return applyDecorators(
    ApiOperation({
      summary: doc.summary,
      description: `${doc.description}\n\n${stalenessNote(doc.ttlSeconds)}`,
    }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'ETag dříve obdržené odpovědi; pokud se data nezměnila, odpověď je 304 bez těla.',
    }),
    ApiResponse({
      status: 200,
      description: 'Úspěch: obálka { status: 200, data }.',
      type: doc.type,
      headers: {
        ETag: { description: 'Silný validátor (hash těla odpovědi).', schema: { type: 'string' } },
        'Cache-Control': {
          description: `public, max-age=N; N ≤ ${doc.ttlSeconds} je zbývající doba platnosti v mikro-cache.`,
          schema: { type: 'string' },
        },
        ...RATE_LIMIT_HEADER_DOCS,
      },
    }),
    ApiResponse({
      status: 304,
      description:
        'Nezměněno: If-None-Match odpovídá aktuálnímu ETag; bez těla, s hlavičkami ETag a Cache-Control.',
    }),
    ...errors,
    ...(doc.databaseBacked === false
      ? []
      : [
          errorResponse(
            'UNAVAILABLE',
            'UNAVAILABLE: databáze je dočasně nedostupná; Retry-After udává sekundy do dalšího pokusu.',
            retryAfter,
          ),
        ]),
  );
}
