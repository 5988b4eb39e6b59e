/**
 * The time source of the public read API: the micro-cache's expiry and the current vote month/week
 * both read it. A DI token (abstract class) so that tests can control "now" on a running app.
 */
export abstract class Clock {
  /** Milliseconds since the epoch. */
  abstract now(): number;
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
