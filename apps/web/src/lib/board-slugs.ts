import {
  type LeaderboardName,
  type LevelMode,
  type WebLeaderboardSlug,
  isLeaderboardName,
  isWebLeaderboardSlug,
} from '@craftstats/contracts';

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
  if (!isWebLeaderboardSlug(slug)) return null;
  if (isLeaderboardName(slug)) {
    if (slug === 'month-votes') return { slug, kind: 'value', name: slug, period: 'month' };
    if (slug === 'week-votes') return { slug, kind: 'value', name: slug, period: 'week' };
    return { slug, kind: 'value', name: slug };
  }
  // Every other slug is `levels-<mode>` (WebLeaderboardSlug).
  return { slug, kind: 'level', mode: slug.slice('levels-'.length) as LevelMode };
}
