import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerModuleOptions,
  ThrottlerOptions,
  ThrottlerStorage,
  normalizeIp,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@craftstats/contracts';
import { nickKey } from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, ApiException } from '@craftstats/platform';
import {
  AUTH_THROTTLER,
  AUTH_USERNAME_LIMIT_FACTOR,
  RATE_LIMIT_HEADERS,
  RATE_LIMIT_SCOPE,
  RateLimitScope,
} from './rate-limit.constants';
import { RateLimitStorage, ThrottlerStorageRecord } from './rate-limit.storage';

/**
 * What a request is counted by, with the counter's limit: the client address and, on the account
 * endpoints, the username.
 */
interface Tracker {
  kind: 'ip' | 'user';
  value: string;
  limit: number;
}

interface Counted {
  limit: number;
  record: ThrottlerStorageRecord;
}

/** Longest username that gets its own counter; longer ones are cut (the DTO refuses them anyway). */
const MAX_TRACKED_USERNAME = 64;

/**
 * The rate-limit guard of the API, applied through `@PublicRateLimit()` / `@AuthRateLimit()`.
 *
 * @nestjs/throttler provides the named throttlers ('public', 'auth': limit per window) and the storage
 * contract; this guard does what its stock ThrottlerGuard cannot: one decision over several counters
 * with the standard `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` headers (of the most
 * exhausted counter) on every answer and `Retry-After` on a 429. A limit of 0 turns the throttler off
 * (no counting, no headers).
 *
 * On the account endpoints (docs/adr/0068) an attempt is counted per client address (RATE_LIMIT_AUTH,
 * any username) and then, only if that let it through, per username from all addresses together
 * (AUTH_USERNAME_LIMIT_FACTOR × RATE_LIMIT_AUTH): an attacker refused at his own address does not use
 * up the member's budget, so he cannot lock the member out from everywhere, and an attack from many
 * addresses is still bounded per username.
 *
 * The client is `request.ip`: the socket address, or — only for a request from a proxy listed in
 * TRUST_PROXY — the client address that proxy put in X-Forwarded-For (Fastify's `trustProxy`).
 * IPv6 clients are counted per /64, as they usually own a whole /64.
 *
 * If Redis is away the storage counts in-process (logged): the limits never let attempts through
 * uncounted, and the service stays up.
 */
/** A route's throttler: its scope, limit and window (ms). */
interface RouteThrottler {
  scope: RateLimitScope;
  limit: number;
  ttl: number;
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  /** Limit and window of each throttler that is on; read once, the options do not change. */
  private readonly active: ReadonlyMap<RateLimitScope, { limit: number; ttl: number }>;
  /**
   * Per controller and route handler, the route's throttler (scope, limit, window), or null when it has
   * none or it is off: read from the metadata on the route's first request (metadata and options do
   * not change).
   */
  private readonly routes = new WeakMap<object, WeakMap<object, RouteThrottler | null>>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {
    this.active = activeThrottlers(options);
  }

  /**
   * Synchronous `true`, with no promise and no metadata lookup after a route's first request, when the
   * route's throttler is off (or it has none): the guard costs nothing where nothing is counted.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // Both throttlers off (RATE_LIMIT_PUBLIC=0, RATE_LIMIT_AUTH=0): nothing to look up per request.
    if (this.active.size === 0) return true;
    const handler = context.getHandler();
    const controller = context.getClass();
    let routes = this.routes.get(controller);
    if (routes === undefined) this.routes.set(controller, (routes = new WeakMap()));
    let route = routes.get(handler);
    if (route === undefined) {
      const scope = this.reflector.getAllAndOverride<RateLimitScope | undefined>(RATE_LIMIT_SCOPE, [
        handler,
        controller,
      ]);
      const settings = scope === undefined ? undefined : this.settings(scope);
      route = scope === undefined || settings === undefined ? null : { scope, ...settings };
      routes.set(handler, route);
    }
    return route === null ? true : this.count(context, route);
  }

  private async count(context: ExecutionContext, { scope, limit, ttl }: RouteThrottler): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    // Never fails open: RateLimitStorage counts in-process while Redis is unreachable.
    const counted: Counted[] = [];
    for (const tracker of this.trackers(scope, limit, request)) {
      const record = await this.storage.increment(this.key(scope, tracker), ttl, tracker.limit, ttl, scope);
      counted.push({ limit: tracker.limit, record });
      // Refused here: the next counters do not count what was never let through.
      if (record.isBlocked) break;
    }

    void reply.headers(rateLimitHeaders(counted));

    const blocked = counted.filter((c) => c.record.isBlocked);
    if (blocked.length > 0) {
      const retryAfter = Math.max(...blocked.map((c) => c.record.timeToBlockExpire));
      throw new ApiException(429, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED, {
        [RATE_LIMIT_HEADERS.retryAfter]: String(retryAfter),
      });
    }
    return true;
  }

  /**
   * The RateLimit headers of the client's counter as it stands, without counting a request: for
   * answers given before the guard ran (the account endpoints' body errors: empty, malformed or too
   * large bodies, wrong content type). Only the per-client counter — without a parsed body there is
   * no username. Empty when the throttler is off or the storage is unreachable (logged).
   */
  async peekHeaders(scope: RateLimitScope, request: FastifyRequest): Promise<Record<string, string>> {
    const settings = this.settings(scope);
    if (!settings || !(this.storage instanceof RateLimitStorage)) return {};
    try {
      const ip: Tracker = { kind: 'ip', value: normalizeIp(request.ip), limit: settings.limit };
      const record = await this.storage.peek(this.key(scope, ip), settings.ttl, settings.limit);
      return rateLimitHeaders([{ limit: settings.limit, record }]);
    } catch (error) {
      this.storage.reportError(error instanceof Error ? error : new Error(String(error)));
      return {};
    }
  }

  /** Limit and window (ms) of a throttler, or undefined when it is off (limit 0) or unknown. */
  private settings(scope: RateLimitScope): { limit: number; ttl: number } | undefined {
    return this.active.get(scope);
  }

  /** The counters of a request, in the order they are counted: the address first. */
  private trackers(scope: RateLimitScope, limit: number, request: FastifyRequest): Tracker[] {
    const trackers: Tracker[] = [{ kind: 'ip', value: normalizeIp(request.ip), limit }];
    if (scope === AUTH_THROTTLER) {
      const body = request.body as Record<string, unknown> | null | undefined;
      const username =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? Object.getOwnPropertyDescriptor(body, 'username')?.value
          : undefined;
      if (typeof username === 'string' && username !== '') {
        trackers.push({
          kind: 'user',
          value: nickKey(username).slice(0, MAX_TRACKED_USERNAME),
          limit: limit * AUTH_USERNAME_LIMIT_FACTOR,
        });
      }
    }
    return trackers;
  }

  /** `<prefix>:<throttler>:<ip|user>:<sha256>`: hashed, so no client text ever becomes a key verbatim. */
  private key(scope: RateLimitScope, tracker: Tracker): string {
    const digest = createHash('sha256').update(tracker.value).digest('base64url');
    return `${this.config.rateLimitPrefix}:${scope}:${tracker.kind}:${digest}`;
  }
}

/** The throttlers that are on (limit and window > 0), by name. */
function activeThrottlers(
  options: ThrottlerModuleOptions,
): ReadonlyMap<RateLimitScope, { limit: number; ttl: number }> {
  const throttlers: ThrottlerOptions[] = Array.isArray(options) ? options : options.throttlers;
  const active = new Map<RateLimitScope, { limit: number; ttl: number }>();
  for (const throttler of throttlers) {
    const limit = Number(throttler.limit);
    const ttl = Number(throttler.ttl);
    if (limit > 0 && ttl > 0) active.set(throttler.name as RateLimitScope, { limit, ttl });
  }
  return active;
}

/** `RateLimit-Limit`, `-Remaining`, `-Reset` of the most exhausted counter (it decides what the client is told). */
function rateLimitHeaders(counted: Counted[]): Record<string, string> {
  const tightest = counted.reduce((a, b) =>
    remaining(b) < remaining(a) ||
    (remaining(b) === remaining(a) && b.record.timeToExpire > a.record.timeToExpire)
      ? b
      : a,
  );
  return {
    [RATE_LIMIT_HEADERS.limit]: String(tightest.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(remaining(tightest)),
    [RATE_LIMIT_HEADERS.reset]: String(tightest.record.timeToExpire),
  };
}

function remaining(counted: Counted): number {
  return Math.max(0, counted.limit - counted.record.totalHits);
}
