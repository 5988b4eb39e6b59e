export interface StaffCredentials {
  playerId: number;
  nick: string;
  uuid: string;
  rank: string;
  /** argon2id hash, or null when no password was set yet. */
  passwordHash: string | null;
  /**
   * When the current password was set, ms since the epoch, or null when none was set yet. Tokens
   * issued before it (in an earlier second than it) are no longer valid: a password change logs out
   * every earlier session.
   */
  passwordSetAt: number | null;
}

/** Staff panel passwords (port). Staff membership itself is the player's rank (STAFF_RANK_IDS). */
export abstract class StaffAccountRepository {
  /** The player currently holding `nick` (case-insensitive), with their password (hash, time) if any. */
  abstract findByNick(nick: string): Promise<StaffCredentials | null>;
  abstract setPasswordHash(playerId: number, passwordHash: string, at: number): Promise<void>;
}
