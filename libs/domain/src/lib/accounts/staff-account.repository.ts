export interface StaffCredentials {
  playerId: number;
  nick: string;
  uuid: string;
  rank: string;
  /** argon2id hash, or null when no password was set yet. */
  passwordHash: string | null;
  /**
   * When the current password was set, ms since the epoch, or null when none was set yet. It is the
   * password's version: it strictly increases with every change of this account's password, and a token
   * is valid only while its `pwd_at` claim equals it, so a password change logs out every earlier
   * session (ADR 0044).
   */
  passwordSetAt: number | null;
}

/** Staff panel passwords (port). Staff membership itself is the player's rank (STAFF_RANK_IDS). */
export abstract class StaffAccountRepository {
  /**
   * Login and registration by nick (case-insensitive). Among the players whose nick it is, one who has
   * a staff password comes first, then the current holder of the nick (ADR 0017): another player who
   * merely uses a staff member's nick neither takes over nor blocks their account.
   */
  abstract findByNick(nick: string): Promise<StaffCredentials | null>;
  /** The player with this (dashed lower-case) uuid — a token's `sub` — with their password if any. */
  abstract findByUuid(uuid: string): Promise<StaffCredentials | null>;
  /**
   * Sets the password hash, set at `at` (ms) — stored as the previous set time + 1 ms instead when that
   * is not later, so that `passwordSetAt` strictly increases.
   */
  abstract setPasswordHash(playerId: number, passwordHash: string, at: number): Promise<void>;
}
