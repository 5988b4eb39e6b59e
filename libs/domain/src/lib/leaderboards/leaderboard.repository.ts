import { EconomyType, LevelMode } from '../players/player.constants';
import { VotePeriod } from '../players/player.projection';
import { LevelRow, RankedRow } from './leaderboard';

/**
 * Top-N queries, index-backed: ordered by value DESC, then nick case-insensitively, then uuid
 * (the order of `compareRanked`).
 */
export abstract class LeaderboardRepository {
  abstract topBalances(economyType: EconomyType, limit: number): Promise<RankedRow[]>;
  /** `key` is 'all' for the total, else a key from votePeriodKeys(). */
  abstract topVotes(period: VotePeriod, key: string, limit: number): Promise<RankedRow[]>;
  /**
   * The best `limit` players of a level mode in the order of `compareLevels` (level DESC, experience
   * DESC, nick, uuid); players without any progress in the mode (level 0, experience 0) are left out.
   */
  abstract topLevels(mode: LevelMode, limit: number): Promise<LevelRow[]>;
}
