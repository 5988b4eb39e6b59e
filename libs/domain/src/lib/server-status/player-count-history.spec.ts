import { PLAYERCOUNT_HISTORY_MAX_POINTS } from '@craftstats/contracts';
import { MINUTE_MS, PlayerCountSample, downsample, historyBucketMs, minuteOf } from './player-count-history';

const T = Date.UTC(2026, 10, 18, 12, 0, 0);
const sample = (minute: number, online: number, max = 100, isOnline = true): PlayerCountSample => ({
  minute: T + minute * MINUTE_MS,
  online,
  max,
  isOnline,
});

describe('minuteOf', () => {
  it('keys an instant by the start of its minute', () => {
    expect(minuteOf(T + 59_999)).toBe(T);
    expect(minuteOf(T + 60_000)).toBe(T + 60_000);
  });
});

describe('historyBucketMs', () => {
  it.each([1, 8, 9, 24, 168, 719, 720])(
    'keeps %i hours within the point limit, whatever the window alignment',
    (hours) => {
      const bucket = historyBucketMs(hours);
      expect(bucket % MINUTE_MS).toBe(0);
      for (const offset of [0, 1, 7, 59]) {
        const to = T + offset * MINUTE_MS;
        const from = to - hours * 3_600_000;
        const buckets = Math.floor(to / bucket) - Math.floor(from / bucket) + 1;
        expect(buckets).toBeLessThanOrEqual(PLAYERCOUNT_HISTORY_MAX_POINTS);
      }
    },
  );
  it('keeps one-minute resolution up to 8 hours and grows beyond', () => {
    expect(historyBucketMs(8)).toBe(MINUTE_MS);
    expect(historyBucketMs(24)).toBe(3 * MINUTE_MS);
    expect(historyBucketMs(720)).toBe(87 * MINUTE_MS);
  });
});

describe('downsample', () => {
  it('averages online (one decimal), takes the highest max, and is online if any sample was', () => {
    // T is a multiple of 3 minutes: minutes 0..2 form one bucket, 3..5 the next.
    expect(T % (3 * MINUTE_MS)).toBe(0);
    const points = downsample(
      [sample(4, 8, 100), sample(0, 1, 50, false), sample(2, 4, 80), sample(1, 2, 60), sample(3, 7, 90)],
      3 * MINUTE_MS,
    );
    expect(points).toEqual([
      { time: T, online: 2.3, max: 80, isOnline: true },
      { time: T + 3 * MINUTE_MS, online: 7.5, max: 100, isOnline: true },
    ]);
  });
  it('reports a bucket offline only when every sample in it was offline', () => {
    expect(downsample([sample(0, 0, 0, false), sample(1, 0, 0, false)], 2 * MINUTE_MS)).toEqual([
      { time: T, online: 0, max: 0, isOnline: false },
    ]);
  });
  it('leaves minutes without samples out (a gap, not zeros), oldest first', () => {
    const points = downsample([sample(10, 3), sample(0, 1)], MINUTE_MS);
    expect(points.map((p) => (p.time - T) / MINUTE_MS)).toEqual([0, 10]);
  });
  it('returns no points for no samples', () => {
    expect(downsample([], MINUTE_MS)).toEqual([]);
  });
});
