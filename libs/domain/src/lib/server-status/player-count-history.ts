import { PLAYERCOUNT_HISTORY_MAX_POINTS, type PlayerCountHistoryPoint } from '@craftstats/contracts';

export const MINUTE_MS = 60_000;

/** One Server List Ping result, kept for the minute that starts at `minute` (ms since the epoch). */
export interface PlayerCountSample {
  minute: number;
  online: number;
  max: number;
  isOnline: boolean;
}

/** The start of the minute of `ms`: the sample key, equal on every API instance. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * Bucket width (ms, whole minutes) for a history of `hours`: the smallest that yields at most
 * PLAYERCOUNT_HISTORY_MAX_POINTS buckets. Buckets are aligned to multiples of their width since the
 * epoch, so a window of R minutes touches at most ceil(R / width) + 1 of them — hence `MAX - 1`.
 */
export function historyBucketMs(hours: number): number {
  const minutes = hours * 60;
  return Math.max(1, Math.ceil(minutes / (PLAYERCOUNT_HISTORY_MAX_POINTS - 1))) * MINUTE_MS;
}

/**
 * Downsamples minute samples (any order) into buckets of `bucketMs`, oldest first. Per bucket:
 * `time` = the bucket's start, `online` = the average of its samples' online counts (one decimal),
 * `max` = the highest `max` among them, `isOnline` = the server answered in at least one of them.
 * A bucket without samples (the API was not running) is left out: a gap, not a zero.
 */
export function downsample(
  samples: readonly PlayerCountSample[],
  bucketMs: number,
): PlayerCountHistoryPoint[] {
  const buckets = new Map<number, { sum: number; n: number; max: number; isOnline: boolean }>();
  for (const sample of samples) {
    const time = Math.floor(sample.minute / bucketMs) * bucketMs;
    const bucket = buckets.get(time);
    if (bucket === undefined) {
      buckets.set(time, { sum: sample.online, n: 1, max: sample.max, isOnline: sample.isOnline });
    } else {
      bucket.sum += sample.online;
      bucket.n += 1;
      bucket.max = Math.max(bucket.max, sample.max);
      bucket.isOnline ||= sample.isOnline;
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, b]) => ({
      time,
      online: Math.round((b.sum / b.n) * 10) / 10,
      max: b.max,
      isOnline: b.isOnline,
    }));
}

/**
 * The per-minute Server List Ping history. `record` stores a minute at most once, whatever the
 * number of API instances recording it (the first one wins; the others change nothing).
 */
export abstract class PlayerCountHistoryRepository {
  abstract record(sample: PlayerCountSample): Promise<void>;
  /** Samples with `minute >= fromMs`, oldest first. */
  abstract since(fromMs: number): Promise<PlayerCountSample[]>;
  /** Deletes samples with `minute < beforeMs` (retention). */
  abstract prune(beforeMs: number): Promise<void>;
}
