import { LEADERBOARD_SIZE } from '@craftstats/contracts';
import { nickKey } from '../players/player.identity';

/** A leaderboard holds at most 50 entries (README, "API": top 50); the size is part of the wire contract. */
export { LEADERBOARD_SIZE } from '@craftstats/contracts';

export interface RankedRow {
  nick: string;
  uuid: string;
  value: number;
}

export type LeaderboardRow = RankedRow & { index: number };

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The leaderboard order (ADR 0004): value descending, then nick case-insensitively ascending, then
 * uuid ascending — a total order, so equal values always rank the same way.
 *
 * Text is compared by UTF-16 code units of the lower-cased nick (not localeCompare, which depends on
 * the host's locale). Nicks are ASCII, so a database reproduces this order with ORDER BY on a stored
 * lower-case nick column with a binary collation. A case-insensitive collation may order
 * punctuation differently: utf8mb4_general_ci compares upper-case forms, so '_' sorts after letters.
 */
export function compareRanked(a: RankedRow, b: RankedRow): number {
  if (a.value !== b.value) return a.value > b.value ? -1 : 1;
  return compareText(nickKey(a.nick), nickKey(b.nick)) || compareText(a.uuid, b.uuid);
}

/** The top LEADERBOARD_SIZE rows in leaderboard order, `index` from 1. The input is not reordered. */
export function rankRows(rows: readonly RankedRow[]): LeaderboardRow[] {
  return [...rows]
    .sort(compareRanked)
    .slice(0, LEADERBOARD_SIZE)
    .map((row, i) => ({ ...row, index: i + 1 }));
}

/** A player's progress in one level mode (`experience` is 0 for `global`, which has only a level). */
export interface LevelRow {
  nick: string;
  uuid: string;
  level: number;
  experience: number;
}

export type LevelLeaderboardRow = LevelRow & { index: number };

/**
 * The level leaderboard order: level descending, then experience descending, then the usual tie rule
 * of {@link compareRanked} (nick case-insensitively, then uuid).
 */
export function compareLevels(a: LevelRow, b: LevelRow): number {
  if (a.level !== b.level) return a.level > b.level ? -1 : 1;
  if (a.experience !== b.experience) return a.experience > b.experience ? -1 : 1;
  return compareText(nickKey(a.nick), nickKey(b.nick)) || compareText(a.uuid, b.uuid);
}

/** The top LEADERBOARD_SIZE level rows in level order, `index` from 1. The input is not reordered. */
export function rankLevelRows(rows: readonly LevelRow[]): LevelLeaderboardRow[] {
  return [...rows]
    .sort(compareLevels)
    .slice(0, LEADERBOARD_SIZE)
    .map((row, i) => ({ ...row, index: i + 1 }));
}
