import { INestApplication } from '@nestjs/common';
import { Clock } from '@craftstats/platform';

export interface ControlledClock {
  now(): number;
  /** Moves "now" forward (never backward: cached answers would look fresh for too long). */
  advance(ms: number): void;
  set(ms: number): void;
}

/**
 * Takes over the app's Clock: the micro-cache expiry and the current vote month/week then follow
 * the test. `advance(CACHE_EXPIRED)` makes the next request read the database again.
 */
export function controlClock(app: INestApplication, startMs: number): ControlledClock {
  const clock = app.get(Clock);
  let current = startMs;
  jest.spyOn(clock, 'now').mockImplementation(() => current);
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      if (ms < current) throw new Error('The controlled clock only moves forward');
      current = ms;
    },
  };
}

/** Longer than every micro-cache TTL (the longest is 5 s). */
export const CACHE_EXPIRED = 10_000;
