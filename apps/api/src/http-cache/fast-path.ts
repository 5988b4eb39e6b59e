import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VotePeriodKeys, votePeriodKeys } from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';
import { CachedResponse } from './micro-cache';

/** What CachedReplies wrote for one request target: the cached bytes and how their Cache-Control is made. */
export interface AnsweredTarget {
  readonly cached: CachedResponse;
  /** `immutableMaxAge` of ReplyCacheOptions (a closed vote period), else undefined. */
  readonly immutableMaxAge: number | undefined;
}

/**
 * Upper bound of request targets remembered (path + query string as the client sent it). Each holds
 * only a reference to bytes a micro-cache made, so the bound limits the keys, not copies of answers.
 */
export const FAST_PATH_MAX_TARGETS = 10_000;

/**
 * Per request target (`request.url`), the micro-cache answer CachedReplies last wrote for it (ADR 0050).
 * A later request for the same target, while those bytes are still fresh, can be answered with them
 * before Nest's router, guards, pipes and the controller run: the answer depends on nothing else —
 * the same target was routed, validated and looked up to exactly these bytes, and the headers that
 * depend on the request (CORS, request id, security headers) are set by the `onRequest` hooks either way.
 */
@Injectable()
export class AnsweredTargets {
  private readonly targets = new Map<string, AnsweredTarget>();
  /** This month's and week's keys of the last whole second looked at (see `currentPeriods`). */
  private periods: { second: number; keys: VotePeriodKeys } | undefined;

  constructor(
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<ApiConfig, 'timeZone'>,
  ) {}

  /** Remembers that `url` was answered with `cached` (called by CachedReplies for every 200/304 it writes). */
  remember(url: string, cached: CachedResponse, immutableMaxAge: number | undefined): void {
    const known = this.targets.get(url);
    if (known !== undefined && known.cached === cached && known.immutableMaxAge === immutableMaxAge) return;
    this.targets.set(url, { cached, immutableMaxAge });
    if (this.targets.size <= FAST_PATH_MAX_TARGETS) return;
    // Map keeps insertion order: the oldest target goes first.
    const oldest = this.targets.keys().next();
    if (oldest.done !== true) this.targets.delete(oldest.value);
  }

  /**
   * The answer for `url` if it may be served as it is at `now`: its micro-cache TTL has not run out
   * (the same bound as through the service: ADR 0007) and, for a vote-period board, its period is still
   * the current one (through the service a new period is a new cache key). Otherwise undefined, and the
   * request goes through Nest, which loads or finds the current answer and remembers it again.
   */
  fresh(url: string, now: number): AnsweredTarget | undefined {
    const target = this.targets.get(url);
    if (target === undefined) return undefined;
    if (now >= target.cached.expiresAt) {
      this.targets.delete(url);
      return undefined;
    }
    const period = target.cached.period;
    if (period !== undefined && this.currentPeriods(now)[period.kind] !== period.key) return undefined;
    return target;
  }

  /** Number of targets remembered (tests). */
  get size(): number {
    return this.targets.size;
  }

  /** The clock this index judges freshness by. */
  now(): number {
    return this.clock.now();
  }

  /**
   * Exact, not a cache with staleness: a month or week starts at a local midnight, a whole second in
   * every zone the tz database has used since 1972, so every instant of one second is in the same periods.
   */
  private currentPeriods(now: number): VotePeriodKeys {
    const second = Math.floor(now / 1000);
    if (this.periods?.second !== second) {
      this.periods = { second, keys: votePeriodKeys(now, this.config.timeZone) };
    }
    return this.periods.keys;
  }
}

/**
 * Serves fresh micro-cache answers from a Fastify `preHandler` hook (ADR 0050). Fastify runs it after
 * routing and after every `onRequest` hook — security headers, request id, CORS, the shutdown and edge
 * answers — and before the route's handler, which is where Nest runs its guards, interceptors, pipes
 * and the controller. A hit writes the remembered bytes with CachedReplies' own header logic; the
 * `onSend` (HEAD without a body) and `onResponse` (metrics, the request log line) hooks run as for any
 * answer. A miss costs one Map lookup and goes on to Nest.
 *
 * Only while the public rate limit is off (`RATE_LIMIT_PUBLIC=0`): with it on, every public read must be
 * counted by the guard and carry its RateLimit headers, so the hook is not installed at all and the
 * guard counts every request as before.
 */
export function installFastPath(
  app: NestFastifyApplication,
  config: Pick<ApiConfig, 'rateLimitPublic'>,
): boolean {
  if (config.rateLimitPublic > 0) return false;
  const targets = app.get(AnsweredTargets, { strict: false });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        done();
        return;
      }
      const now = targets.now();
      const target = targets.fresh(request.url, now);
      if (target === undefined) {
        done();
        return;
      }
      writeCachedAnswer(request, reply, target.cached, now, target.immutableMaxAge);
    });
  return true;
}

/** True when an `If-None-Match` header names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/**
 * Seconds a client may keep the answer: what is left of the server-side TTL, so that the data a
 * client shows is never older than the endpoint's TTL, micro-cache and client cache together.
 */
export function remainingMaxAge(cached: CachedResponse, now: number): number {
  return Math.max(0, Math.floor((cached.expiresAt - now) / 1000));
}

/**
 * Writes a cached answer: `ETag`, `Cache-Control` (the remaining TTL, or `immutableMaxAge` for data that
 * never changes again), and either the pre-serialized bytes (200) or, when the client already holds
 * them (`If-None-Match`), 304 without a body. The one writer of both paths, so they cannot differ.
 */
export function writeCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  now: number,
  immutableMaxAge: number | undefined,
): void {
  const cacheControl =
    immutableMaxAge === undefined
      ? `public, max-age=${remainingMaxAge(cached, now)}`
      : `public, max-age=${immutableMaxAge}, immutable`;
  void reply.header('etag', cached.etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) {
    void reply.code(304).send();
    return;
  }
  void reply.code(200).header('content-type', 'application/json; charset=utf-8').send(cached.body);
}
