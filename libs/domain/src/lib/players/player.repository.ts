import { VotePeriodKeys } from '../periods/vote-periods';
import { PlayerProjection } from './player.projection';

/** A stored player: its projection plus what the profile needs from other tables. */
export interface PlayerRecord {
  /** Internal id (the profile's `id`). */
  id: number;
  player: PlayerProjection;
  /** Votes in the periods the lookup asked for (0 when none yet: a new period starts at zero). */
  votesMonth: number;
  votesWeek: number;
}

export interface StaffRecord {
  nick: string;
  uuid: string;
  rank: string;
}

/** A player found by the start of its nick. */
export interface PlayerSearchRecord {
  nick: string;
  uuid: string;
}

/** Read side of the players projection (port; persistence implements it). */
export abstract class PlayerRepository {
  /** Case-insensitive; when several players once held the nick, the newest holder wins. */
  abstract findByNick(nick: string, periods: VotePeriodKeys): Promise<PlayerRecord | null>;
  /** `uuid` is the dashed lower-case form. */
  abstract findByUuid(uuid: string, periods: VotePeriodKeys): Promise<PlayerRecord | null>;
  /**
   * Up to `limit` players whose nick starts with `prefix`, any letter case, ordered by nick
   * (case-insensitively), then by when they took it, then uuid. Index-backed: the cost does not grow
   * with the number of players.
   */
  abstract searchByNickPrefix(prefix: string, limit: number): Promise<PlayerSearchRecord[]>;
  /** Players whose rank is one of `rankIds`, ordered by rank id, then nick. */
  abstract findStaff(rankIds: readonly string[]): Promise<StaffRecord[]>;
  /** Players whose ECONOMY_REGISTER was stored (kept as a counter, O(1)). */
  abstract countRegisteredPlayers(): Promise<number>;
}
