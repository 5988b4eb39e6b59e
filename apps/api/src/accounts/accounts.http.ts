import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_THROTTLER, RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit.constants';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AccountException } from './accounts.exception';
import { sendAccountError } from './accounts.filter';
import { ACCOUNT_BODY_MESSAGES } from './accounts.messages';

/** Fastify route config flag (`@RouteConfig({ [ACCOUNT_ROUTE]: true })`) of the two account endpoints. */
export const ACCOUNT_ROUTE = 'craftstatsAccountRoute';

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Body errors of the account endpoints happen in Fastify before Nest sees the request (malformed JSON,
 * `__proto__`/`constructor.prototype` keys, a body over the 16 KiB limit, an unparsable content type),
 * so Nest's filters never see them. This gives the two routes, flagged with ACCOUNT_ROUTE, a route-level
 * Fastify error handler that answers `{ success: false, message }` like the rest of their errors, and
 * refuses bodies that are not `application/json` (Fastify would parse `text/plain` into a string) with
 * 415. These answers come before the rate-limit guard, so they carry the client's RateLimit headers as
 * the counter stands (read, not counted: SPEC §3 wants them on every answer of a rate-limited endpoint).
 * Installed as an `onRoute` hook while the app is being created, before Nest registers the routes.
 */
@Injectable()
export class AccountsHttpSetup {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(HttpAdapterHost) adapterHost: HttpAdapterHost,
    @Inject(RateLimitGuard) private readonly rateLimit: RateLimitGuard,
  ) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.addHook !== 'function') return;
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const config = route.config as Record<string, unknown> | undefined;
      if (config?.[ACCOUNT_ROUTE] !== true) return;
      route.errorHandler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
        void this.answerBodyError(error, request, reply);
      };
      const existing =
        route.preValidation === undefined
          ? []
          : Array.isArray(route.preValidation)
            ? route.preValidation
            : [route.preValidation];
      route.preValidation = [
        ...existing,
        async (request: FastifyRequest) => {
          if (hasBody(request) && !isJson(request.headers['content-type'])) {
            throw new AccountException(415, ACCOUNT_BODY_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
          }
        },
      ];
    });
  }

  /** Answers an error raised before Nest ran the route (so before the rate-limit guard). */
  private async answerBodyError(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!reply.hasHeader(RATE_LIMIT_HEADERS.limit)) {
      const headers = await this.rateLimit
        .peekHeaders(AUTH_THROTTLER, request)
        .catch((): Record<string, string> => ({}));
      void reply.headers(headers);
    }
    sendAccountError(error, request, reply, this.logger);
  }
}
