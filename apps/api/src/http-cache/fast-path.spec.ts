import { Clock } from '@craftstats/platform';
import { AnsweredTargets, FAST_PATH_MAX_TARGETS } from './fast-path';
import { serializeEnvelope } from './micro-cache';

class FixedClock extends Clock {
  at = 0;
  now(): number {
    return this.at;
  }
}

describe('AnsweredTargets', () => {
  // 2026-11-30 23:59:59.500 in Prague (CET) = 22:59:59.500 UTC: the last half second of November.
  const LAST_NOVEMBER_MS = Date.UTC(2026, 10, 30, 22, 59, 59, 500);
  const make = () => new AnsweredTargets(new FixedClock(), { timeZone: 'Europe/Prague' });

  it('serves remembered bytes until their expiry, then forgets the target', () => {
    const targets = make();
    const cached = serializeEnvelope([1], 1_000, 2_000);
    targets.remember('/a', cached, undefined);
    expect(targets.fresh('/a', 2_999)).toEqual({ cached, immutableMaxAge: undefined });
    expect(targets.fresh('/b', 2_999)).toBeUndefined();
    expect(targets.fresh('/a', 3_000)).toBeUndefined();
    expect(targets.size).toBe(0);
  });

  it('serves a vote board only while its period is the current one', () => {
    const targets = make();
    const november = {
      ...serializeEnvelope([], LAST_NOVEMBER_MS, 2_000),
      period: { kind: 'month' as const, key: '2026-11' },
    };
    targets.remember('/m', november, undefined);
    expect(targets.fresh('/m', LAST_NOVEMBER_MS + 499)?.cached).toBe(november);
    expect(targets.fresh('/m', LAST_NOVEMBER_MS + 500)).toBeUndefined();
    const week = {
      ...serializeEnvelope([], LAST_NOVEMBER_MS, 2_000),
      period: { kind: 'week' as const, key: '2026-11-30' },
    };
    targets.remember('/w', week, undefined);
    // 2026-12-01 is a Tuesday: the week that started on Monday 2026-11-30 goes on.
    expect(targets.fresh('/w', LAST_NOVEMBER_MS + 1_000)?.cached).toBe(week);
  });

  it(`keeps at most ${FAST_PATH_MAX_TARGETS} targets, dropping the oldest`, () => {
    const targets = make();
    const cached = serializeEnvelope([], 0, 60_000);
    for (let i = 0; i <= FAST_PATH_MAX_TARGETS; i++) targets.remember(`/t${i}`, cached, undefined);
    expect(targets.size).toBe(FAST_PATH_MAX_TARGETS);
    expect(targets.fresh('/t0', 1)).toBeUndefined();
    expect(targets.fresh('/t1', 1)?.cached).toBe(cached);
    expect(targets.fresh(`/t${FAST_PATH_MAX_TARGETS}`, 1)?.cached).toBe(cached);
  });
});
