import type { DataEnvelope } from './common';

/** One row of a leaderboard. */
export interface LeaderboardEntry {
  /** Rank position, 1..50, ascending. */
  index: number;
  nick: string;
  /** Dashed lower-case UUID (8-4-4-4-12 hex). */
  uuid: string;
  /** The ranked statistic (an integer). */
  value: number;
}

/** Economy leaderboards: `/economy/leaderboard/<name>`. */
export const ECONOMY_LEADERBOARDS = [
  'craftcoins',
  'crafttokens',
  'votetokens',
  'achievement-points',
  'event-points',
] as const;

/**
 * The community's time zone: the API counts vote months and weeks in it unless its `TZ_COMMUNITY`
 * names another; the website (`apps/web`) always shows its times and periods in it, Czech time.
 */
export const COMMUNITY_TIME_ZONE = 'Europe/Prague';

/**
 * Vote leaderboards. `month-votes` and `week-votes` count the current calendar month and
 * week (weeks start on Monday) in the community's time zone, {@link COMMUNITY_TIME_ZONE} by default.
 */
export const VOTE_LEADERBOARDS = ['total-votes', 'month-votes', 'week-votes'] as const;

export type EconomyLeaderboardName = (typeof ECONOMY_LEADERBOARDS)[number];
export type VoteLeaderboardName = (typeof VOTE_LEADERBOARDS)[number];
/** Name of any of the eight leaderboards (last segment of its path). */
export type LeaderboardName = EconomyLeaderboardName | VoteLeaderboardName;

/** All eight leaderboard names, economy first. */
export const LEADERBOARD_NAMES: readonly LeaderboardName[] = [...ECONOMY_LEADERBOARDS, ...VOTE_LEADERBOARDS];

/** A leaderboard holds at most this many entries. */
export const LEADERBOARD_SIZE = 50;

/** Narrows a string (for example a route parameter) to a {@link LeaderboardName}. */
export function isLeaderboardName(value: unknown): value is LeaderboardName {
  return typeof value === 'string' && (LEADERBOARD_NAMES as readonly string[]).includes(value);
}

/** Answer of every leaderboard endpoint: up to 50 entries ordered by value descending. */
export type LeaderboardResponse = DataEnvelope<LeaderboardEntry[]>;

/**
 * A vote month `YYYY-MM` of the community's calendar, e.g. `2026-10`: the `month` query parameter of
 * `GET /economy/leaderboard/month-votes`.
 */
export type VoteMonthKey = `${number}-${number}`;

/**
 * A vote week named by its Monday `YYYY-MM-DD`, e.g. `2026-11-16`: the `week` query parameter of
 * `GET /economy/leaderboard/week-votes`. Any other weekday is a 400.
 */
export type VoteWeekKey = `${number}-${number}-${number}`;

/**
 * One row of a level leaderboard (`GET /economy/leaderboard/levels/:mode`): ordered by `level`
 * descending, then `experience` descending, then nick (case-insensitively) and uuid.
 */
export interface LevelLeaderboardEntry extends LeaderboardEntry {
  /** The ranked statistic: the level (the same number as `level`). */
  value: number;
  level: number;
  /** Experience within the mode; always 0 for `global`, which has only a level. */
  experience: number;
}

/** Answer of a level leaderboard: up to 50 players with any progress in the mode. */
export type LevelLeaderboardResponse = DataEnvelope<LevelLeaderboardEntry[]>;
