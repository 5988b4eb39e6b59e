import { Inject, Injectable } from '@nestjs/common';
import { LeaderboardEntry, LeaderboardName, LevelLeaderboardEntry } from '@craftstats/contracts';
import {
  EconomyType,
  LEADERBOARD_SIZE,
  LeaderboardRepository,
  LevelMode,
  LevelRow,
  RankedRow,
  TOTAL_VOTES_KEY,
  VotePeriod,
  isClosedPeriod,
  rankLevelRows,
  rankRows,
} from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock, PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS, CLOSED_PERIOD_MAX_AGE_SECONDS } from '../http-cache/cache-policy';
import { MicroCache } from '../http-cache/micro-cache';
import { VoteCalendar } from '../vote-calendar/vote-calendar';

type LeaderboardSource = { kind: 'balance'; type: EconomyType } | { kind: 'votes'; period: VotePeriod };

/** What each of the eight paths ranks. */
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

/** The wire shape, fields in the original API's order. */
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
    value: row.level,
    level: row.level,
    experience: row.experience,
  }));
}

@Injectable()
export class LeaderboardsService {
  constructor(
    private readonly leaderboards: LeaderboardRepository,
    private readonly cache: MicroCache,
    private readonly calendar: VoteCalendar,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The serialized top 50 of `name`; month/week follow the calendar of `TZ_COMMUNITY` at Clock's now. */
  board(name: LeaderboardName): Promise<PreparedAnswer> {
    const source = LEADERBOARD_SOURCES[name];
    if (source.kind === 'balance') {
      return this.cache.get(`leaderboard:${name}`, CACHE_TTL_SECONDS.leaderboard, async () =>
        toLeaderboardEntries(await this.leaderboards.topBalances(source.type, LEADERBOARD_SIZE)),
      );
    }
    if (source.period === 'total') return this.periodBoard('total', TOTAL_VOTES_KEY, false);
    // The current month or week is open by definition: no calendar arithmetic per request. Its answer
    // is served again for the same request (ServedAnswers, ADR 0075) only while its period is current.
    const period = source.period;
    const key = this.calendar.current()[period];
    const stillCurrent = () => this.calendar.current()[period] === key;
    return this.periodBoard(period, key, false).then((answer) => answer.whileCurrent(stillCurrent));
  }

  /** The top 50 of a level mode (level, then experience, then the usual tie rule). */
  levelBoard(mode: LevelMode): Promise<PreparedAnswer> {
    return this.cache.get(`leaderboard:levels:${mode}`, CACHE_TTL_SECONDS.leaderboard, async () =>
      toLevelEntries(await this.leaderboards.topLevels(mode, LEADERBOARD_SIZE)),
    );
  }

  /**
   * The vote board of one month (`YYYY-MM`) or week (its Monday, `YYYY-MM-DD`) of the vote calendar,
   * from the period-keyed counters; any period may be asked for, one without votes is an empty list.
   * A period that ended (plus the grace for late events) no longer changes: kept for an hour and
   * answered as immutable.
   */
  voteBoard(period: VotePeriod, key: string): Promise<PreparedAnswer> {
    const closed = period !== 'total' && isClosedPeriod(period, key, this.clock.now(), this.config.timeZone);
    return this.periodBoard(period, key, closed);
  }

  private periodBoard(period: VotePeriod, key: string, closed: boolean): Promise<PreparedAnswer> {
    // The period key is part of the cache key: a new month or week never serves the previous one.
    return this.cache.get(
      `leaderboard:${period}:${key}`,
      closed ? CACHE_TTL_SECONDS.closedPeriod : CACHE_TTL_SECONDS.leaderboard,
      async () => toLeaderboardEntries(await this.leaderboards.topVotes(period, key, LEADERBOARD_SIZE)),
      closed ? CLOSED_PERIOD_MAX_AGE_SECONDS : undefined,
    );
  }
}
