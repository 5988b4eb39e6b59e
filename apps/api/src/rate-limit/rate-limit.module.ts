import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, ApiConfig, Clock, ClockModule } from '@craftstats/platform';
import { LocalCounters, RateLimitCounters, SharedCounters, counterLimits } from './rate-limit.counters';
import { RateLimitHook } from './rate-limit.hook';

/**
 * Rate limiting of the API (global, so any feature module can use `@PublicRateLimit()` /
 * `@AuthRateLimit()` without importing anything): the hook that counts (installed at module init)
 * and its counters, in this instance (`LocalCounters`), or shared by every instance on REDIS_URL
 * (`SharedCounters`, keys prefixed with RATE_LIMIT_PREFIX, a key sent once it has used 1/64 of its
 * limit here); ADRs 0073, 0075 and 0080.
 */
@Global()
@Module({
  imports: [ClockModule],
  providers: [
    {
      provide: RateLimitCounters,
      inject: [Clock, APP_CONFIG],
      useFactory: (clock: Clock, config: ApiConfig): RateLimitCounters =>
        config.redisUrl === null
          ? new LocalCounters(clock)
          : new SharedCounters(clock, config.redisUrl, config.rateLimitPrefix, counterLimits(config)),
    },
    RateLimitHook,
  ],
  exports: [RateLimitHook, RateLimitCounters],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RateLimitCounters) private readonly counters: RateLimitCounters) {}

  async onApplicationShutdown(): Promise<void> {
    await this.counters.close();
  }
}
