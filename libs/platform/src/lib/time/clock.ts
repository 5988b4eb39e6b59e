import { Global, Module } from '@nestjs/common';

/**
 * The apps' one time source: the micro-cache's expiry, the current vote month/week and the in-process
 * rate-limit windows all read it. A DI token (abstract class) so that tests can control "now" on a
 * running app (`jest.spyOn(app.get(Clock), 'now')`). Redis-backed counters expire by Redis' own clock.
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

/** Provides the {@link Clock} to every module of an app (imported once, by `PlatformModule`). */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
