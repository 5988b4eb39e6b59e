import { EconomyType } from '../players/player.constants';
import { VotePeriod } from '../players/player.projection';
import { RankedRow } from './leaderboard';

/**
 * Top-N queries, index-backed: ordered by value DESC, then nick case-insensitively, then uuid
 * (the order of `compareRanked`).
 */
export abstract class LeaderboardRepository {
  abstract topBalances(economyType: EconomyType, limit: number): Promise<RankedRow[]>;
  /** `key` is 'all' for the total, else a key from votePeriodKeys(). */
  abstract topVotes(period: VotePeriod, key: string, limit: number): Promise<RankedRow[]>;
}
