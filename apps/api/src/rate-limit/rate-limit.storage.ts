import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';

/** What ThrottlerStorage.increment resolves to (the type itself is not exported by @nestjs/throttler). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One counted request: hits in the current window (this one included) and ms until the window ends. */
export interface WindowHit {
  hits: number;
  resetMs: number;
}

/** Fixed-window counters: the first hit of a key opens a window of `windowMs`; later hits only count. */
export interface RateLimitBackend {
  hit(key: string, windowMs: number): Promise<WindowHit>;
  /** The current window of `key` without counting a hit; null when none is open. */
  peek(key: string): Promise<WindowHit | null>;
  close(): Promise<void>;
}

/** In-process counters (one API instance). Expired windows are swept once per minute. */
export class MemoryRateLimitBackend implements RateLimitBackend {
  private readonly windows = new Map<string, { hits: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: Clock) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, resetMs: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowHit | null> {
    const now = this.clock.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { hits: window.hits, resetMs: window.endsAt - now } : null;
  }

  /** Number of live windows (for tests and debugging). */
  get size(): number {
    return this.windows.size;
  }

  sweep(): void {
    const now = this.clock.now();
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

/**
 * INCR and the window's expiry in one atomic step, so concurrent API instances never lose a hit or
 * leave a counter without expiry. PTTL is -1 for a key without expiry: the first hit of a window.
 */
export const RATE_LIMIT_LUA = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/** Reads a window without counting: `{hits, pttl}`, or nil when the key does not exist. */
export const RATE_LIMIT_PEEK_LUA = `
local hits = redis.call('GET', KEYS[1])
if not hits then
  return nil
end
return {tonumber(hits), redis.call('PTTL', KEYS[1])}
`;

type RedisWithRateLimit = Redis & {
  craftstatsRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  craftstatsRateLimitPeek(key: string): Promise<[number, number] | null>;
};

/** Counters shared by every API instance that uses the same Redis (REDIS_URL) and RATE_LIMIT_PREFIX. */
export class RedisRateLimitBackend implements RateLimitBackend {
  private readonly redis: RedisWithRateLimit;

  constructor(url: string) {
    const redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast while Redis is away (the storage then counts in-process) instead of queueing them.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    redis.defineCommand('craftstatsRateLimitHit', { numberOfKeys: 1, lua: RATE_LIMIT_LUA });
    redis.defineCommand('craftstatsRateLimitPeek', { numberOfKeys: 1, lua: RATE_LIMIT_PEEK_LUA });
    this.redis = redis as RedisWithRateLimit;
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  /** ioredis emits 'error' on every failed (re)connect; without a listener Node would crash. */
  onError(listener: (error: Error) => void): void {
    this.redis.on('error', listener);
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const [hits, ttl] = await this.redis.craftstatsRateLimitHit(key, windowMs);
    return { hits: Number(hits), resetMs: Number(ttl) };
  }

  async peek(key: string): Promise<WindowHit | null> {
    const found = await this.redis.craftstatsRateLimitPeek(key);
    // A key without expiry (PTTL -1) gets one with the next hit; until then it reads as no window.
    if (found === null || Number(found[1]) <= 0) return null;
    return { hits: Number(found[0]), resetMs: Number(found[1]) };
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }
}

/**
 * The ThrottlerStorage of the API: in-process fixed windows by default, Redis when REDIS_URL is set
 * (several API instances then share one budget per client). Blocking lasts until the window ends, so
 * `Retry-After` is the time left in the window.
 *
 * Fails closed: while Redis cannot be reached every hit is counted in-process instead (per instance,
 * so the budget is at worst multiplied by the number of instances, never unlimited), and the outage
 * is logged. Nothing is ever let through uncounted.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  readonly backend: RateLimitBackend;
  readonly kind: 'memory' | 'redis';
  /** In-process counters used while Redis is unreachable. */
  private readonly fallback: MemoryRateLimitBackend;
  private lastErrorLog = 0;
  private closing: Promise<void> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
    @Inject(Clock) clock: Clock,
  ) {
    this.fallback = new MemoryRateLimitBackend(clock);
    if (config.redisUrl) {
      const redis = new RedisRateLimitBackend(config.redisUrl);
      redis.onError((error) => this.reportError(error));
      this.backend = redis;
      this.kind = 'redis';
    } else {
      this.backend = this.fallback;
      this.kind = 'memory';
    }
  }

  async onModuleInit(): Promise<void> {
    if (!(this.backend instanceof RedisRateLimitBackend)) return;
    try {
      await this.backend.connect();
      this.logger.log({ msg: 'Rate-limit counters in Redis', prefix: this.config.rateLimitPrefix });
    } catch (error) {
      // Not fatal: ioredis keeps reconnecting, and until then requests are counted in-process (logged).
      this.reportError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    _name: string,
  ): Promise<ThrottlerStorageRecord> {
    const { hits, resetMs } = await this.withFallback((backend) => backend.hit(key, ttl));
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }

  /**
   * The counter of `key` as `increment` would report it, without counting a request: the current
   * window, or an empty one of `ttl` ms (what the next hit would open).
   */
  async peek(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const window = await this.withFallback((backend) => backend.peek(key));
    const hits = window?.hits ?? 0;
    const seconds = Math.max(1, Math.ceil((window?.resetMs ?? ttl) / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }

  /** Runs `use` on the configured backend, or on the in-process counters while that one fails. */
  private async withFallback<T>(use: (backend: RateLimitBackend) => Promise<T>): Promise<T> {
    if (this.backend === this.fallback) return use(this.fallback);
    try {
      return await use(this.backend);
    } catch (error) {
      this.reportError(error instanceof Error ? error : new Error(String(error)));
      return use(this.fallback);
    }
  }

  /** Logs a storage failure at most every 10 s (an outage would otherwise log once per request). */
  reportError(error: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.logger.error({
      msg: 'Rate-limit storage unavailable; counting in-process until it is back',
      backend: this.kind,
      reason: error.message,
    });
  }

  /** Called once per provider token the instance is registered under (it is also ThrottlerStorage): close once. */
  async onApplicationShutdown(): Promise<void> {
    this.closing ??= Promise.all([this.backend.close(), this.fallback.close()]).then(() => undefined);
    await this.closing;
  }
}
