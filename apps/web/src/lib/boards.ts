import {
  LEVEL_MODES,
  type LeaderboardName,
  type LevelMode,
  type VoteMonthKey,
  type VoteWeekKey,
  type WebLeaderboardSlug,
  isLeaderboardName,
} from '@craftstats/contracts';
import { api } from './api';

/** One row of any board as the website shows it: a value, or a level with its experience. */
export interface BoardRow {
  index: number;
  nick: string;
  uuid: string;
  value?: number;
  level?: number;
  experience?: number;
}

export type Board =
  | { slug: WebLeaderboardSlug; kind: 'value'; name: LeaderboardName; period?: 'month' | 'week' }
  | { slug: WebLeaderboardSlug; kind: 'level'; mode: LevelMode };

/** The board of a slug, or null for an unknown one. */
export function boardOf(slug: string): Board | null {
  if (isLeaderboardName(slug)) {
    if (slug === 'month-votes') return { slug, kind: 'value', name: slug, period: 'month' };
    if (slug === 'week-votes') return { slug, kind: 'value', name: slug, period: 'week' };
    return { slug, kind: 'value', name: slug };
  }
  const mode = slug.startsWith('levels-') ? slug.slice('levels-'.length) : '';
  if ((LEVEL_MODES as readonly string[]).includes(mode)) {
    return { slug: slug as WebLeaderboardSlug, kind: 'level', mode: mode as LevelMode };
  }
  return null;
}

/** Loads a board through the contracts' client; `period` is a `?month=`/`?week=` value or ''. */
export async function loadBoard(board: Board, period: string, signal: AbortSignal): Promise<BoardRow[]> {
  const options = { signal };
  if (board.kind === 'level') return api.levelLeaderboard(board.mode, options);
  if (board.period === 'month' && period !== '') return api.monthVotes(period as VoteMonthKey, options);
  if (board.period === 'week' && period !== '') return api.weekVotes(period as VoteWeekKey, options);
  return api.leaderboard(board.name, options);
}
