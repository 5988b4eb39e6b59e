import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nickKey, DomainError } from '@craftstats/domain';
import {
  APP_CONFIG,
  ApiConfig,
  HeaderFields,
  EarlyAdmission,
  earlyAnswersOf,
  ipv4OfMapped,
  routeConfigOf,
} from '@craftstats/platform';
import { RATE_LIMIT_HEADERS, RATE_LIMIT_SCOPE, RateLimitScope } from './rate-limit.constants';
import { CounterLimits, RateLimitCounters, WindowCount, counterLimits } from './rate-limit.counters';

/** A counter a request is counted by, with its limit. */
interface Counted {
  limit: number;
  count: WindowCount;
}

/** Where a public read refused before Fastify carries its count to the hook (`admit`, `count`). */
const COUNTED_EARLY = Symbol('rateLimitCountedEarly');
type CountedEarly = IncomingMessage & { [COUNTED_EARLY]?: WindowCount };

/** Longest username that gets its own counter; longer ones are cut (the DTO refuses them anyway). */
const MAX_TRACKED_USERNAME = 64;

/**
 * The rate limits of the API, declared on routes with `@PublicRateLimit()` / `@AuthRateLimit()`
 * (ADRs 0009, 0070, 0073, 0075, 0082):
 * - public reads: RATE_LIMIT_PUBLIC requests per minute per client address;
 * - account endpoints: RATE_LIMIT_AUTH attempts per minute per client address, then
 *   AUTH_USERNAME_LIMIT_FACTOR times that per username from all addresses together, counting only the
 *   attempts the address limit let through (so one address cannot lock a member out).
 * Every answer carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (of the most
 * exhausted counter); a refusal is 429 RATE_LIMITED with `Retry-After`, in the route's answer shape. A
 * limit of 0 turns a scope off (no counting, no headers).
 *
 * Counted in a Fastify `preHandler` hook (installed at module init): after the body is parsed (the
 * username), before Nest's router, guards and pipes. A public read whose answer is fresh is answered
 * before Fastify (ADR 0082): this class is the app's `EarlyAdmission`, which counts it there with the
 * same counter and headers, and hands a refused one to Fastify with its count, so that the hook
 * answers the 429 without counting it again. Synchronous: the counters (`RateLimitCounters`) never
 * wait for a round trip, shared in Redis or not.
 * The client is `request.ip`: the socket address, or behind a proxy listed in TRUST_PROXY the client
 * it forwards for. IPv6 clients are counted per /64, as they usually own a whole /64.
 */
@Injectable()
export class RateLimitHook implements OnModuleInit, EarlyAdmission {
  private readonly limits: Readonly<Record<RateLimitScope, number>>;
  private readonly counterLimits: CounterLimits;

  constructor(
    private readonly counters: RateLimitCounters,
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
    @Inject(APP_CONFIG) config: Pick<ApiConfig, 'rateLimitPublic' | 'rateLimitAuth'>,
  ) {
    this.limits = { public: config.rateLimitPublic, auth: config.rateLimitAuth };
    this.counterLimits = counterLimits(config);
  }

  onModuleInit(): void {
    const adapter = this.host.httpAdapter;
    earlyAnswersOf(adapter).admitWith(this);
    (adapter.getInstance() as FastifyInstance).addHook(
      'preHandler',
      (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
        const scope = routeConfigOf(request, RATE_LIMIT_SCOPE) as RateLimitScope | undefined;
        if (scope === undefined) done();
        else done(this.count(scope, request, reply));
      },
    );
  }

  /** Public reads' answers are repeated early (ADR 0082): they depend on nothing but the target. */
  servesEarly(request: FastifyRequest): boolean {
    return routeConfigOf(request, RATE_LIMIT_SCOPE) === 'public';
  }

  /** Counts a public read answered early and adds its RateLimit headers; false when it is refused. */
  admit(req: IncomingMessage, client: () => string, fields: HeaderFields): boolean {
    const limit = this.limits.public;
    if (limit === 0) return true;
    const count = this.counters.hit('public', clientKey(client()));
    if (count.hits > limit) {
      (req as CountedEarly)[COUNTED_EARLY] = count;
      return false;
    }
    addRateLimitFields(fields, limit, count);
    return true;
  }

  /**
   * Counts `request` in `scope` and sets its RateLimit headers on `reply`; returns the 429 to answer
   * when a counter is over its limit. Nothing is counted while the scope's limit is 0; a public read
   * refused before Fastify (`admit`) is not counted again.
   */
  count(scope: RateLimitScope, request: FastifyRequest, reply: FastifyReply): DomainError | undefined {
    const limit = this.limits[scope];
    if (limit === 0) return undefined;
    if (scope === 'public') {
      // One counter: no list to build.
      const count =
        (request.raw as CountedEarly)[COUNTED_EARLY] ?? this.counters.hit('public', clientKey(request.ip));
      void reply.headers(rateLimitHeaders(limit, count));
      return count.hits > limit ? refusal(count) : undefined;
    }
    const counted = this.countAuth(request);
    const tightest = tightestOf(counted);
    void reply.headers(rateLimitHeaders(tightest.limit, tightest.count));
    const refused = counted.find((c) => c.count.hits > c.limit);
    return refused === undefined ? undefined : refusal(refused.count);
  }

  /**
   * The RateLimit headers of the client's account-endpoint counter as it stands, without counting: for
   * answers given before the hook ran (a body Fastify could not parse, a wrong content type). Empty
   * when that scope is off.
   */
  peekHeaders(request: FastifyRequest): Record<string, string> {
    const limit = this.limits.auth;
    if (limit === 0) return {};
    return rateLimitHeaders(limit, this.counters.peek('auth-ip', clientKey(request.ip)));
  }

  private countAuth(request: FastifyRequest): Counted[] {
    const limit = this.limits.auth;
    const byAddress: Counted = { limit, count: this.counters.hit('auth-ip', clientKey(request.ip)) };
    const username = usernameOf(request);
    // Refused by its address: the username's budget does not pay for what was never let through.
    if (byAddress.count.hits > limit || username === null) return [byAddress];
    const perUsername = this.counterLimits['auth-user'];
    return [byAddress, { limit: perUsername, count: this.counters.hit('auth-user', username) }];
  }
}

/** The client a request from address `ip` is counted as: the address, IPv6 per /64. */
export function clientKey(ip: string): string {
  // Only an IPv6 address has a colon (a cheaper test than isIPv6's, on every request).
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const mapped = ipv4OfMapped(ip);
  if (mapped !== null) return mapped;
  const [address = ''] = ip.toLowerCase().split('%');
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function usernameOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | null | undefined;
  const username =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.getOwnPropertyDescriptor(body, 'username')?.value
      : undefined;
  return typeof username === 'string' && username !== ''
    ? nickKey(username).slice(0, MAX_TRACKED_USERNAME)
    : null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function refusal(count: WindowCount): DomainError {
  return DomainError.of('RATE_LIMITED', { retryAfterSeconds: seconds(count.resetMs) });
}

/** The most exhausted counter: it decides what the client is told. */
function tightestOf(counted: Counted[]): Counted {
  let tightest = counted[0] as Counted;
  for (const c of counted)
    if (remaining(c.limit, c.count) < remaining(tightest.limit, tightest.count)) tightest = c;
  return tightest;
}

/** The RateLimit header names as Fastify keeps them (lower case), for header fields set directly. */
const FIELD = {
  limit: RATE_LIMIT_HEADERS.limit.toLowerCase(),
  remaining: RATE_LIMIT_HEADERS.remaining.toLowerCase(),
  reset: RATE_LIMIT_HEADERS.reset.toLowerCase(),
};

/** `RateLimit-Limit`, `-Remaining`, `-Reset` of a counter, added to `fields`. */
function addRateLimitFields(fields: HeaderFields, limit: number, count: WindowCount): void {
  fields[FIELD.limit] = String(limit);
  fields[FIELD.remaining] = String(remaining(limit, count));
  fields[FIELD.reset] = String(seconds(count.resetMs));
}

/** The same headers as a record of their own. */
function rateLimitHeaders(limit: number, count: WindowCount): Record<string, string> {
  const fields: Record<string, string> = {};
  addRateLimitFields(fields, limit, count);
  return fields;
}

function remaining(limit: number, count: WindowCount): number {
  return Math.max(0, limit - count.hits);
}
