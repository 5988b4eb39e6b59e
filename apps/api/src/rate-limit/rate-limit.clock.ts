/**
 * Time source of the in-process rate-limit windows. A DI token (abstract class) so that tests can move
 * "now" on a running app (`jest.spyOn(app.get(RateLimitClock), 'now')`) instead of waiting a minute.
 * Redis-backed counters expire by Redis' own clock.
 */
export abstract class RateLimitClock {
  /** Milliseconds since the epoch. */
  abstract now(): number;
}

export class SystemRateLimitClock extends RateLimitClock {
  now(): number {
    return Date.now();
  }
}
