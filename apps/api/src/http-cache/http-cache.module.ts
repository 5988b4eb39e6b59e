import { Module, Provider } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Clock, Metrics } from '@craftstats/platform';
import { CacheAdmission, MicroCache } from './micro-cache';

/** `read_cache_loads_total{cache}`: how many loads (database queries) the micro-caches ran. */
export class CacheLoadCounter {
  readonly counter: Counter<'cache'>;
  constructor(metrics: Metrics) {
    this.counter = new Counter({
      name: 'read_cache_loads_total',
      help: 'Loads (database queries or pings) run by the read micro-caches, by cache',
      labelNames: ['cache'],
      registers: [metrics.registry],
    });
  }
}

/**
 * The read caches' load counter. Each feature module gets its own MicroCache through
 * `microCacheProvider`, so a flood of profile lookups never evicts a leaderboard.
 */
@Module({
  providers: [
    {
      provide: CacheLoadCounter,
      inject: [Metrics],
      useFactory: (metrics: Metrics) => new CacheLoadCounter(metrics),
    },
  ],
  exports: [CacheLoadCounter],
})
export class HttpCacheModule {}

/**
 * A MicroCache private to the module that lists this provider; `name` labels its load counter, and
 * `admission` says which loads' answers it keeps (`CacheAdmission`).
 */
export function microCacheProvider(
  name: string,
  maxEntries: number,
  admission: CacheAdmission = 'every',
): Provider {
  return {
    provide: MicroCache,
    inject: [Clock, CacheLoadCounter],
    useFactory: (clock: Clock, loads: CacheLoadCounter) =>
      new MicroCache(clock, maxEntries, () => loads.counter.inc({ cache: name }), admission),
  };
}
