import type { DataEnvelope } from './common';

/** `economy` of a {@link PlayerProfile}; all integers. */
export interface PlayerEconomy {
  craftcoins: number;
  crafttokens: number;
  votetokens: number;
  karma: number;
  achievement_points: number;
}

/** `ranked` of a {@link PlayerProfile}: levels and experience per game mode; all integers. */
export interface PlayerRanked {
  global_level: number;
  survival_level: number;
  survival_experience: number;
  skyblock_level: number;
  skyblock_experience: number;
  creative_level: number;
  creative_experience: number;
  vanilla_level: number;
  vanilla_experience: number;
  prison_level: number;
  prison_experience: number;
  skycloud_level: number;
  skycloud_experience: number;
}

/** `votes` of a {@link PlayerProfile}. */
export interface PlayerVotes {
  total: number;
  /** Votes in the current calendar month (community time zone). */
  month: number;
  /** Votes in the current week, starting Monday (community time zone). */
  week: number;
  /** Milliseconds since epoch of the last vote, `0` if never. */
  last_vote: number;
}

/** `social` of a {@link PlayerProfile}: a status text and http(s) URLs or `null`. */
export interface PlayerSocial {
  status: string;
  facebook: string | null;
  twitter: string | null;
  twitch: string | null;
  steam: string | null;
  web: string | null;
}

/**
 * The URL to link for a value a player entered (a {@link PlayerSocial} field): only an http(s) URL
 * becomes a link, anything else is `null` and a client shows the value as text.
 */
export function safeHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `discord` of a {@link PlayerProfile}. */
export interface PlayerDiscord {
  /** Discord snowflake as text (exceeds 2^53); `null` while no Discord account is linked. */
  id: string | null;
}

/** `deprecated` of a {@link PlayerProfile}: legacy values; all integers. */
export interface PlayerDeprecated {
  votetokens: number;
  level: number;
  experience: number;
}

/**
 * `data` of `GET /player/:nick` and `GET /player/uuid/:uuid`. Every field is always
 * present: values the service was never told are `0`, `""`, `false` or `null` (social URLs,
 * `discord.id`).
 */
export interface PlayerProfile {
  /** Internal player id. */
  id: number;
  /** Four-digit text, e.g. `"0420"`. */
  discriminator: string;
  nick: string;
  /** Dashed lower-case UUID. */
  uuid: string;
  web_group: number;
  /**
   * Registration time, ms since epoch. Misspelled on purpose: the original API's field name
   * (docs/legacy-clients.md).
   */
  registred: number;
  /** Ms since epoch. */
  last_online: number;
  last_server: string;
  is_online: boolean;
  /**
   * Played time in whole minutes, rounded down from the summed sessions (hours: `played_time / 60`).
   * A session still open counts once the player quits.
   */
  played_time: number;
  /** Game client version text. */
  mc_version: string;
  economy: PlayerEconomy;
  ranked: PlayerRanked;
  votes: PlayerVotes;
  social: PlayerSocial;
  discord: PlayerDiscord;
  deprecated: PlayerDeprecated;
}

export type PlayerProfileResponse = DataEnvelope<PlayerProfile>;
