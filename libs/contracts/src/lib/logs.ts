import type { DataEnvelope } from './common';
import type { EconomyLogAction } from './events';

/**
 * Array element of `data` of `GET /economy/log`. Every field is text: values stay exact even
 * beyond 2^53 (Discord ids).
 */
export interface EconomyLogEntry {
  nick: string;
  uuid: string;
  /** Log action, one of `ECONOMY_LOG_ACTIONS` (ECONOMY_*, PLAYER_UPDATE_RANK, PLAYER_SET_TAG, PLAYER_DISCORD_CONNECT). */
  action: EconomyLogAction;
  /** Originator of the change (a server-side actor name). */
  sender: string;
  /** Server on which it happened. */
  server: string;
  /** Value before the change, numeric text. */
  old_value: string;
  /** Value after the change, numeric text. */
  new_value: string;
  /** Milliseconds since epoch, as text. */
  date: string;
}

/** Array element of `data` of `GET /achievements/log`. */
export interface AchievementLogEntry {
  nick: string;
  uuid: string;
  /** Internal achievement identifier, e.g. `game_first_join`. */
  ach_id: string;
  /** Display name shown to the player. */
  ach_name: string;
  /** Achievement Points granted on completion (integer). */
  ach_value: number;
  server: string;
  /** Milliseconds since epoch, as text. */
  date: string;
}

/** The live logs hold the latest this many entries, newest first. */
export const LOG_SIZE = 50;

export type EconomyLogResponse = DataEnvelope<EconomyLogEntry[]>;
export type AchievementLogResponse = DataEnvelope<AchievementLogEntry[]>;
