import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { VotePeriodKeys, votePeriodKeys } from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';

/**
 * This month's and week's keys of the vote calendar (`TZ_COMMUNITY`) at the Clock's now: what the
 * month and week boards and every profile's votes are counted by. Computed once per second instead of
 * once per request (`Intl` in the community's zone is the costly part). Exact, not a cache with
 * staleness: a month or week starts at a local midnight, a whole second in every zone the tz database
 * has used since 1972, so every instant of one second falls in the same periods.
 */
@Injectable()
export class VoteCalendar {
  private last: { second: number; keys: VotePeriodKeys } | undefined;

  constructor(
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<ApiConfig, 'timeZone'>,
  ) {}

  current(): VotePeriodKeys {
    const now = this.clock.now();
    const second = Math.floor(now / 1000);
    if (this.last?.second !== second) this.last = { second, keys: votePeriodKeys(now, this.config.timeZone) };
    return this.last.keys;
  }
}

/** Provides the {@link VoteCalendar} to the API's feature modules. */
@Global()
@Module({ providers: [VoteCalendar], exports: [VoteCalendar] })
export class VoteCalendarModule {}
