import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiConfig, Clock } from '@craftstats/platform';
import { AUTH_USERNAME_LIMIT_FACTOR, RATE_LIMIT_WINDOW_MS } from './rate-limit.constants';
import { WindowSketch } from './rate-limit.sketch';

/** What a client's key is counted under: the public reads, and the account endpoints' two budgets. */
export type CounterScope = 'public' | 'auth-ip' | 'auth-user';
export const COUNTER_SCOPES: readonly CounterScope[] = ['public', 'auth-ip', 'auth-user'];

/** Each counter's limit per window; 0 where its scope is off. */
export type CounterLimits = Readonly<Record<CounterScope, number>>;

export function counterLimits(config: Pick<ApiConfig, 'rateLimitPublic' | 'rateLimitAuth'>): CounterLimits {
  return {
    public: config.rateLimitPublic,
    'auth-ip': config.rateLimitAuth,
    'auth-user': config.rateLimitAuth * AUTH_USERNAME_LIMIT_FACTOR,
  };
}

/** A key's hits in the current window (the one just counted included) and ms until the window ends. */
export interface WindowCount {
  hits: number;
  resetMs: number;
}

/**
 * Fixed one-minute windows aligned to the clock (every instance agrees on them), counted per scope and
 * key. Synchronous: counting never waits for a network round trip. Memory is fixed whatever the number
 * of distinct clients (`WindowSketch`).
 */
export abstract class RateLimitCounters {
  constructor(protected readonly clock: Clock) {}

  /** Counts one hit of `key`; its count in the window after it. */
  abstract hit(scope: CounterScope, key: string): WindowCount;

  /** The count of `key` as it stands, without counting. */
  abstract peek(scope: CounterScope, key: string): WindowCount;

  abstract close(): Promise<void>;

  protected window(): { index: number; resetMs: number } {
    const now = this.clock.now();
    const index = Math.floor(now / RATE_LIMIT_WINDOW_MS);
    return { index, resetMs: (index + 1) * RATE_LIMIT_WINDOW_MS - now };
  }
}

/** Counters of this instance only (no REDIS_URL). */
export class LocalCounters extends RateLimitCounters {
  private readonly sketches = new Map(COUNTER_SCOPES.map((scope) => [scope, new WindowSketch()]));

  hit(scope: CounterScope, key: string): WindowCount {
    const { index, resetMs } = this.window();
    return { hits: this.sketch(scope).add(key, index), resetMs };
  }

  peek(scope: CounterScope, key: string): WindowCount {
    const { index, resetMs } = this.window();
    return { hits: this.sketch(scope).estimate(key, index), resetMs };
  }

  async close(): Promise<void> {
    // Nothing to release: the sketches are plain arrays.
  }

  private sketch(scope: CounterScope): WindowSketch {
    return this.sketches.get(scope) as WindowSketch;
  }
}

/** Pause between two flushes of the hits counted here to Redis: the sharing's tolerance (ADR 0073). */
export const SHARED_FLUSH_MS = 200;
/** Distinct keys waiting for the next flush at most; beyond it a flush starts at once. */
export const SHARED_MAX_PENDING = 20_000;
/** A key is sent to Redis once it has used this fraction of its limit on one instance (ADR 0080). */
export const SHARED_FROM_FRACTION = 64;

/**
 * The count from which an instance sends a key's hits to Redis: 1/64 of the limit, at least 1 (9 of
 * the default 600 public reads; every hit of the small account limits). Below it the key stays in
 * this instance, which adds what the others reported.
 */
export function sharedFrom(limit: number): number {
  return Math.max(1, Math.floor(limit / SHARED_FROM_FRACTION));
}

/**
 * HINCRBY of each (field, hits) pair in the window's hash, which expires two windows later: the totals
 * of every instance that shares this Redis and RATE_LIMIT_PREFIX. One round trip per flush.
 */
export const SHARED_FLUSH_LUA = `
local totals = {}
for i = 2, #ARGV, 2 do
  totals[#totals + 1] = redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return totals
`;

type RedisWithFlush = Redis & {
  craftstatsRateLimitFlush(key: string, ...args: (string | number)[]): Promise<number[]>;
};

interface Pending {
  scope: CounterScope;
  /** `fieldOf(key)`: what Redis and the totals know the key by. */
  field: string;
  window: number;
  hits: number;
}

/**
 * Counters shared by every API instance on one Redis (REDIS_URL), without a round trip per request:
 * each instance counts here as `LocalCounters` does. Once a key has reached `sharedFrom(limit)` here,
 * every SHARED_FLUSH_MS sends its hits counted since the last flush (the first time, all of them) to
 * Redis in one script call, which answers each key's total over all instances; the instance takes
 * those totals into its view of the totals and publishes them, and every other instance takes them
 * too. A key's count is, below that threshold, the last total heard of + this instance's hits, and
 * from it the larger of this instance's own and (the last total heard of + the hits counted here
 * since). So the many clients that send a few requests cost Redis nothing (ADR 0080).
 * Tolerance: hits on other instances are seen here within one flush (plus a round trip) once they
 * reach the threshold there, so a client spreading requests over n instances may exceed the limit by
 * what it sends in that time on the other n - 1, plus up to sharedFrom(limit) - 1 it keeps under the
 * threshold on each. While Redis is unreachable each instance still holds the whole limit by
 * itself (logged), so the limit is never off, at worst multiplied by the number of instances.
 */
export class SharedCounters extends RateLimitCounters {
  private readonly logger = new Logger('RateLimit');
  private readonly own = new LocalCounters(this.clock);
  /** Totals over all instances as Redis last reported them (never under-estimated, fixed memory). */
  private readonly totals = new Map(COUNTER_SCOPES.map((scope) => [scope, new WindowSketch()]));
  private pending = new Map<string, Pending>();
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly redis: RedisWithFlush;
  /** The connection that listens to the other instances' totals (a subscriber can do nothing else). */
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** Prefix of this instance's messages: it applies its own totals when Redis answers, not again. */
  private readonly instance = randomBytes(6).toString('hex');
  private lastErrorLog = 0;
  private readonly sharedFrom: Readonly<Record<CounterScope, number>>;

  constructor(
    clock: Clock,
    url: string,
    private readonly prefix: string,
    limits: CounterLimits,
  ) {
    super(clock);
    this.sharedFrom = {
      public: sharedFrom(limits.public),
      'auth-ip': sharedFrom(limits['auth-ip']),
      'auth-user': sharedFrom(limits['auth-user']),
    };
    const redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    redis.defineCommand('craftstatsRateLimitFlush', { numberOfKeys: 1, lua: SHARED_FLUSH_LUA });
    // ioredis emits 'error' on every failed (re)connect; without a listener Node would crash.
    redis.on('error', (error: Error) => this.reportError(error));
    redis.on('ready', () => this.logger.log({ msg: 'Rate-limit counters shared in Redis', prefix }));
    this.redis = redis as RedisWithFlush;
    this.channel = `${prefix}:totals`;
    this.subscriber = new Redis(url, { lazyConnect: false, connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    this.subscriber.on('error', (error: Error) => this.reportError(error));
    this.subscriber.on('message', (_channel: string, message: string) => this.hear(message));
    this.subscriber
      .subscribe(this.channel)
      .catch((error: unknown) => this.reportError(error instanceof Error ? error : new Error(String(error))));
    this.timer = setInterval(() => void this.flush(), SHARED_FLUSH_MS);
    this.timer.unref();
  }

  hit(scope: CounterScope, key: string): WindowCount {
    const own = this.own.hit(scope, key);
    const { index } = this.window();
    const from = this.sharedFrom[scope];
    if (own.hits < from) return this.unshared(scope, key, index, own);
    const field = fieldOf(key);
    const id = `${scope} ${field}`;
    let waiting = this.pending.get(id);
    if (waiting !== undefined && waiting.window === index) {
      waiting.hits += 1;
    } else if (this.pending.size < SHARED_MAX_PENDING) {
      // The key's first hit sent carries every hit counted here before it.
      waiting = { scope, field, window: index, hits: own.hits === from ? own.hits : 1 };
      this.pending.set(id, waiting);
    } else {
      // Counted here only until a flush has room again; start one now.
      waiting = undefined;
      void this.flush();
    }
    const shared = this.sketch(scope).estimate(field, index) + (waiting?.hits ?? 0);
    return { hits: Math.max(own.hits, shared), resetMs: own.resetMs };
  }

  peek(scope: CounterScope, key: string): WindowCount {
    const own = this.own.peek(scope, key);
    const { index } = this.window();
    if (own.hits < this.sharedFrom[scope]) return this.unshared(scope, key, index, own);
    const field = fieldOf(key);
    const waiting = this.pending.get(`${scope} ${field}`);
    const shared = this.sketch(scope).estimate(field, index) + (waiting?.window === index ? waiting.hits : 0);
    return { hits: Math.max(own.hits, shared), resetMs: own.resetMs };
  }

  /**
   * The count of a key whose hits here were never sent: the total the other instances reported plus
   * them. While nothing was reported in the window (most of the time, for most clients) the key is
   * not even hashed.
   */
  private unshared(scope: CounterScope, key: string, index: number, own: WindowCount): WindowCount {
    const totals = this.sketch(scope);
    if (totals.isEmpty(index)) return own;
    return { hits: totals.estimate(fieldOf(key), index) + own.hits, resetMs: own.resetMs };
  }

  /** Sends the hits counted since the last flush; one script call per scope and window. */
  flush(): Promise<void> {
    if (this.flushing !== undefined || this.pending.size === 0) return this.flushing ?? Promise.resolve();
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.send(batch).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
    for (const connection of [this.subscriber, this.redis]) {
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }

  /** Totals an instance published: `<instance> <scope> <window> <field> <total> …`. */
  private hear(message: string): void {
    const [instance, scope, window, ...pairs] = message.split(' ');
    if (instance === this.instance) return;
    this.raise(scope as CounterScope, Number(window), pairs);
  }

  /** Takes totals (`field`, `total` alternating) into this instance's view of the totals. */
  private raise(scope: CounterScope, window: number, pairs: readonly (string | number)[]): void {
    const totals = this.totals.get(scope);
    if (totals === undefined) return;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      totals.raise(String(pairs[i]), window, Number(pairs[i + 1]));
    }
  }

  private async send(batch: Map<string, Pending>): Promise<void> {
    const groups = new Map<string, Pending[]>();
    for (const entry of batch.values()) {
      const hash = `${this.prefix}:${entry.scope}:${entry.window}`;
      const group = groups.get(hash);
      if (group === undefined) groups.set(hash, [entry]);
      else group.push(entry);
    }
    for (const [hash, entries] of groups) {
      const { scope, window } = entries[0] as Pending;
      // Fields are hashes of the keys: no client text (an address, a username) is stored verbatim.
      const args: (string | number)[] = [2 * RATE_LIMIT_WINDOW_MS];
      for (const entry of entries) args.push(entry.field, entry.hits);
      try {
        const totals = await this.redis.craftstatsRateLimitFlush(hash, ...args);
        const heard: (string | number)[] = [];
        entries.forEach((entry, i) => heard.push(entry.field, totals[i] ?? 0));
        this.raise(scope, window, heard);
        await this.redis.publish(this.channel, `${this.instance} ${scope} ${window} ${heard.join(' ')}`);
      } catch (error) {
        // The hits stay counted here (`own`): this instance alone still holds the whole limit.
        this.reportError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private sketch(scope: CounterScope): WindowSketch {
    return this.totals.get(scope) as WindowSketch;
  }

  /** Logs a Redis failure at most every 10 s (an outage would otherwise log once per flush). */
  private reportError(error: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.logger.error({
      msg: 'Rate-limit counters cannot reach Redis; each instance counts on its own until it is back',
      reason: error.message,
    });
  }
}

/**
 * A key's field in Redis and in the totals every instance keeps: a 64-bit hash (two FNV-1a variants),
 * the same on every instance. No client text is stored or published verbatim.
 */
export function fieldOf(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}
