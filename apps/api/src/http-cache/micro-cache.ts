import { Clock, PreparedAnswer, RecentKeys, trimOldest } from '@craftstats/platform';

/**
 * Which loads' answers a micro-cache keeps (ADR 0083):
 * - `every`: each load's answer, for keys that repeat by nature (the boards, the logs, the status);
 * - `repeated`: only for a key that missed before, lately (`RecentKeys`): an answer is kept from a
 *   key's second load on. For a key space as large as the players, where most keys are asked once.
 */
export type CacheAdmission = 'every' | 'repeated';

interface Entry {
  value?: PreparedAnswer;
  /** The load in progress for this key: concurrent misses wait for it instead of querying again. */
  inflight?: Promise<PreparedAnswer>;
}

/**
 * Per key, the serialized answer of the last load, kept for a short TTL (docs/architecture.md, "The read path": hot reads are
 * served from pre-serialized bytes refreshed by one shared query). A miss starts exactly one load;
 * requests arriving meanwhile share it (single-flight), so the database sees at most one query per
 * key per TTL whatever the request rate. Failed loads are not cached: every waiter gets the error
 * and the next request tries again.
 *
 * In-process on purpose: with several API instances each runs its own (one query per instance per
 * TTL), which costs less than a round trip to a shared cache would save.
 *
 * With `repeated` admission a key's first load is still shared by the requests that arrive during it,
 * but its answer goes to them alone (`forThisRequestOnly`) and is not kept: a profile asked for once
 * is garbage as soon as it is written, instead of living on in the cache for others that never come.
 */
export class MicroCache {
  private readonly entries = new Map<string, Entry>();
  private readonly recent: RecentKeys | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number,
    /** Called once per load (= one query), e.g. to count loads in the metrics. */
    private readonly onLoad: () => void = () => undefined,
    admission: CacheAdmission = 'every',
  ) {
    this.recent = admission === 'repeated' ? new RecentKeys() : undefined;
  }

  /**
   * The cached answer for `key`, or the result of `load()` serialized and kept for `ttlSeconds`;
   * `immutableMaxAge` marks data that never changes again (see `PreparedAnswer.immutableMaxAge`).
   */
  get(
    key: string,
    ttlSeconds: number,
    load: () => Promise<unknown>,
    immutableMaxAge?: number,
  ): Promise<PreparedAnswer> {
    const entry = this.entries.get(key);
    if (entry?.value !== undefined && entry.value.isFresh(this.clock.now())) {
      return Promise.resolve(entry.value);
    }
    if (entry?.inflight !== undefined) return entry.inflight;

    const target: Entry = entry ?? {};
    // A key that held a value was kept before; any other is kept once it has missed before.
    const keep = this.recent === undefined || target.value !== undefined || this.recent.noteAndCheck(key);
    const inflight = this.load(key, target, ttlSeconds * 1000, load, immutableMaxAge, keep);
    target.inflight = inflight;
    if (entry === undefined) this.insert(key, target);
    return inflight;
  }

  /** Number of keys held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private async load(
    key: string,
    target: Entry,
    ttlMs: number,
    load: () => Promise<unknown>,
    immutableMaxAge: number | undefined,
    keep: boolean,
  ): Promise<PreparedAnswer> {
    // The data is as old as the moment the load started: the TTL counts from there.
    const startedAt = this.clock.now();
    this.onLoad();
    try {
      const data = await load();
      const value = PreparedAnswer.of(data, startedAt, ttlMs, immutableMaxAge);
      if (keep) {
        target.value = value;
        return value;
      }
      this.forget(key, target);
      return value.forThisRequestOnly();
    } catch (error) {
      // A failed load keeps no value: drop an entry that never held one.
      if (target.value === undefined) this.forget(key, target);
      throw error;
    } finally {
      target.inflight = undefined;
    }
  }

  /** Drops `target` if it is still the entry of `key`. */
  private forget(key: string, target: Entry): void {
    if (this.entries.get(key) === target) this.entries.delete(key);
  }

  private insert(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    // The oldest entries go first, never one whose load is in flight.
    trimOldest(this.entries, this.maxEntries, (old) => old.inflight === undefined);
  }
}
