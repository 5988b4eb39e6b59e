import { Inject, Injectable } from '@nestjs/common';
import { LeaderboardEntry, LeaderboardName, LevelLeaderboardEntry } from '@craftstats/contracts';
import {
  DomainError,
  EconomyType,
  LEADERBOARD_SIZE,
  PERIOD_MESSAGES,
  LeaderboardRepository,
  LevelRow,
  RankedRow,
  TOTAL_VOTES_KEY,
  VotePeriod,
  isClosedPeriod,
  isLevelMode,
  isMonthKey,
  rankLevelRows,
  rankRows,
  votePeriodKeys,
  weekKeyProblem,
} from '@craftstats/domain';
import { APP_CONFIG, ApiException, ApiConfig, Clock } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedPeriod, CachedResponse, MicroCache } from '../http-cache/micro-cache';

/** A vote board of one given month or week, and whether that period is over for good. */
export interface PeriodBoard {
  response: CachedResponse;
  /** True once the period ended (plus PERIOD_CLOSE_GRACE_MS): the board no longer changes. */
  closed: boolean;
}

type LeaderboardSource = { kind: 'balance'; type: EconomyType } | { kind: 'votes'; period: VotePeriod };

/** What each of the eight paths ranks (seed 4.1, 4.2). */
export const LEADERBOARD_SOURCES: Readonly<Record<LeaderboardName, LeaderboardSource>> = {
  craftcoins: { kind: 'balance', type: 'CRAFTCOINS' },
  crafttokens: { kind: 'balance', type: 'CRAFTTOKENS' },
  votetokens: { kind: 'balance', type: 'VOTETOKENS' },
  'achievement-points': { kind: 'balance', type: 'ACHIEVEMENTPOINTS' },
  'event-points': { kind: 'balance', type: 'EVENTPOINTS' },
  'total-votes': { kind: 'votes', period: 'total' },
  'month-votes': { kind: 'votes', period: 'month' },
  'week-votes': { kind: 'votes', period: 'week' },
};

/** The wire shape, fields in the seed's order. */
export function toLeaderboardEntries(rows: readonly RankedRow[]): LeaderboardEntry[] {
  return rankRows(rows).map((row) => ({
    index: row.index,
    nick: row.nick,
    uuid: row.uuid,
    value: row.value,
  }));
}

/** The wire shape of a level board, fields in a fixed order. */
export function toLevelEntries(rows: readonly LevelRow[]): LevelLeaderboardEntry[] {
  return rankLevelRows(rows).map((row) => ({
    index: row.index,
    nick: row.nick,
    uuid: row.uuid,
    level: row.level,
    experience: row.experience,
  }));
}

@Injectable()
export class LeaderboardsService {
  constructor(
    private readonly leaderboards: LeaderboardRepository,
    private readonly cache: MicroCache,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The serialized top 50 of `name`; month/week follow the calendar of `TZ_COMMUNITY` at Clock's now. */
  board(name: LeaderboardName): Promise<CachedResponse> {
    const source = LEADERBOARD_SOURCES[name];
    if (source.kind === 'balance') {
      return this.cache.get(`leaderboard:${name}`, CACHE_TTL_SECONDS.leaderboard, async () =>
        toLeaderboardEntries(await this.leaderboards.topBalances(source.type, LEADERBOARD_SIZE)),
      );
    }
    const key = this.periodKey(source.period);
    // The period key is part of the cache key: a new month or week never serves the previous one.
    return this.cache.get(
      `leaderboard:${name}:${key}`,
      CACHE_TTL_SECONDS.leaderboard,
      async () =>
        toLeaderboardEntries(await this.leaderboards.topVotes(source.period, key, LEADERBOARD_SIZE)),
      this.periodTag(source.period, key),
    );
  }

  /**
   * The top 50 of a level mode (level, then experience, then the usual tie rule).
   *
   * @throws ApiException 404 NOT_FOUND for a name that is not a level mode (as for any unknown path).
   */
  levelBoard(mode: string): Promise<CachedResponse> {
    if (!isLevelMode(mode)) throw new ApiException(404, 'NOT_FOUND');
    return this.cache.get(`leaderboard:levels:${mode}`, CACHE_TTL_SECONDS.leaderboard, async () =>
      toLevelEntries(await this.leaderboards.topLevels(mode, LEADERBOARD_SIZE)),
    );
  }

  /**
   * The vote board of the month `?month=YYYY-MM` or the week `?week=YYYY-MM-DD` (its Monday), from
   * the period-keyed counters. Any period may be asked for; one without votes is an empty list.
   *
   * @throws DomainError VALIDATION_FAILED for a missing, repeated or malformed key.
   */
  async periodBoard(period: 'month' | 'week', rawKey: unknown): Promise<PeriodBoard> {
    const key = this.validPeriodKey(period, rawKey);
    const closed = isClosedPeriod(period, key, this.clock.now(), this.config.timeZone);
    const ttl = closed ? CACHE_TTL_SECONDS.closedPeriod : CACHE_TTL_SECONDS.leaderboard;
    // Same cache key as the current-period board of `board()`: both read the same counters.
    const name = period === 'month' ? 'month-votes' : 'week-votes';
    const response = await this.cache.get(
      `leaderboard:${name}:${key}`,
      ttl,
      async () => toLeaderboardEntries(await this.leaderboards.topVotes(period, key, LEADERBOARD_SIZE)),
      { kind: period, key },
    );
    return { response, closed };
  }

  private validPeriodKey(period: 'month' | 'week', rawKey: unknown): string {
    if (period === 'month') {
      if (typeof rawKey !== 'string' || !isMonthKey(rawKey)) {
        throw new DomainError('VALIDATION_FAILED', PERIOD_MESSAGES.month);
      }
      return rawKey;
    }
    const problem = typeof rawKey === 'string' ? weekKeyProblem(rawKey) : 'format';
    if (problem === 'not-monday') {
      throw new DomainError('VALIDATION_FAILED', PERIOD_MESSAGES.notMonday(rawKey as string));
    }
    if (problem !== null) throw new DomainError('VALIDATION_FAILED', PERIOD_MESSAGES.week);
    return rawKey as string;
  }

  /** The month and week boards hold one period's data (see `CachedResponse.period`); all-time has none. */
  private periodTag(period: VotePeriod, key: string): CachedPeriod | undefined {
    return period === 'total' ? undefined : { kind: period, key };
  }

  private periodKey(period: VotePeriod): string {
    switch (period) {
      case 'total':
        return TOTAL_VOTES_KEY;
      case 'month':
        return votePeriodKeys(this.clock.now(), this.config.timeZone).month;
      case 'week':
        return votePeriodKeys(this.clock.now(), this.config.timeZone).week;
    }
  }
}
