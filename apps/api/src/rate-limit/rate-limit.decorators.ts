import { applyDecorators } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { ApiResponse } from '@nestjs/swagger';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@craftstats/contracts';
import { ErrorEnvelopeDto, WithRouteConfig } from '@craftstats/platform';
import { AccountResultDto } from '../openapi/openapi.schemas';
import { AUTH_THROTTLER, PUBLIC_THROTTLER, RATE_LIMIT_SCOPE, RateLimitScope } from './rate-limit.constants';

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
 * The rate-limit hook counts before anything answers, so cached (304) answers are counted too.
 */
export function PublicRateLimit(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    RateLimited(PUBLIC_THROTTLER),
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
 * limit let through (docs/adr/0070). The 429 body is the account shape `{ success: false, message }`
 * (the accounts' exception filter).
 */
export function AuthRateLimit(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    RateLimited(AUTH_THROTTLER),
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

/**
 * Puts `scope` in the Fastify route config of the decorated handler, or of every route handler of the
 * decorated class that does not declare its own: the rate-limit hook reads it there (`RateLimitHook`),
 * before Nest runs the route. Member decorators run before the class's, so the handlers exist.
 */
function RateLimited(scope: RateLimitScope): ClassDecorator & MethodDecorator {
  const onHandler = WithRouteConfig({ [RATE_LIMIT_SCOPE]: scope });
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    if (key !== undefined && descriptor !== undefined) {
      onHandler(target, key, descriptor);
      return;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name);
      if (typeof handler?.value !== 'function' || !Reflect.hasMetadata(PATH_METADATA, handler.value))
        continue;
      const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler.value) as
        Record<string, unknown> | undefined;
      if (config?.[RATE_LIMIT_SCOPE] === undefined) onHandler(prototype, name, handler);
    }
  };
}

/** The headers of a rate-limited 2xx answer, for `@ApiResponse({ headers })` of the decorated endpoints. */
export const RATE_LIMIT_HEADER_DOCS = RATE_LIMIT_RESPONSE_HEADERS;
