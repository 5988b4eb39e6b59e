import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@craftstats/contracts';
import { ErrorEnvelopeDto } from '@craftstats/platform';
import { AccountResultDto } from '../openapi/openapi.schemas';
import { AUTH_THROTTLER, PUBLIC_THROTTLER, RATE_LIMIT_SCOPE } from './rate-limit.constants';
import { RateLimitGuard } from './rate-limit.guard';

const RATE_LIMIT_RESPONSE_HEADERS = {
  'RateLimit-Limit': {
    description: 'Počet požadavků povolených v jednom okně (minutě).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Kolik požadavků v aktuálním okně ještě zbývá.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': { description: 'Za kolik sekund začne nové okno.', schema: { type: 'integer' } },
} as const;

const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Za kolik sekund lze požadavek zopakovat.', schema: { type: 'integer' } },
} as const;

/**
 * Rate limit of the public read endpoints: RATE_LIMIT_PUBLIC requests per minute per client address
 * (`0` = off), counted across all endpoints that carry this decorator. Put it on a controller class
 * (or a single handler):
 *
 * ```ts
 * @PublicRateLimit()
 * @Controller('economy')
 * export class LeaderboardsController { ... }
 * ```
 *
 * Every answer then carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; over the
 * limit the request gets 429 `{ status: 429, error: 'RATE_LIMITED', message }` with `Retry-After`
 * (the global error envelope). The 429 is documented in the OpenAPI document by this decorator.
 * The guard runs before the handler, so cached (304) answers are counted too.
 */
export function PublicRateLimit(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_SCOPE, PUBLIC_THROTTLER),
    UseGuards(RateLimitGuard),
    ApiResponse({
      status: 429,
      description: 'Příliš mnoho požadavků z této adresy; zkus to znovu po `Retry-After` sekundách.',
      type: ErrorEnvelopeDto,
      example: { status: 429, error: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED },
      headers: { ...RETRY_AFTER_HEADER, ...RATE_LIMIT_RESPONSE_HEADERS },
    }),
  );
}

/**
 * Rate limit of `/account/register` and `/account/login`, shared by both endpoints: RATE_LIMIT_AUTH
 * attempts per minute per client address (any username), and AUTH_USERNAME_LIMIT_FACTOR times that per
 * username (the body's `username`) from all addresses together, counting only attempts the address
 * limit let through (docs/adr/0068). The 429 body is the account shape `{ success: false, message }`
 * (the accounts' exception filter).
 */
export function AuthRateLimit(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_SCOPE, AUTH_THROTTLER),
    UseGuards(RateLimitGuard),
    ApiResponse({
      status: 429,
      description:
        'Příliš mnoho pokusů z této adresy nebo pro toto uživatelské jméno; zkus to znovu po `Retry-After` sekundách.',
      type: AccountResultDto,
      example: { success: false, message: ACCOUNT_MESSAGES.RATE_LIMITED },
      headers: { ...RETRY_AFTER_HEADER, ...RATE_LIMIT_RESPONSE_HEADERS },
    }),
  );
}

/** The headers of a rate-limited 2xx answer, for `@ApiResponse({ headers })` of the decorated endpoints. */
export const RATE_LIMIT_HEADER_DOCS = RATE_LIMIT_RESPONSE_HEADERS;
