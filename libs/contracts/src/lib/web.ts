import type { LevelMode } from './events';
import { LEVEL_MODES } from './events';
import type { LeaderboardName } from './leaderboards';
import { LEADERBOARD_NAMES } from './leaderboards';

/**
 * The slug of a leaderboard in the website's URLs (`/zebricky/<slug>`): the API's board name
 * (`craftcoins` … `week-votes`), or `levels-<mode>` for a level board.
 */
export type WebLeaderboardSlug = LeaderboardName | `levels-${LevelMode}`;

/** Every leaderboard slug of the website, the eight boards of the API first, then the level boards. */
export const WEB_LEADERBOARD_SLUGS: readonly WebLeaderboardSlug[] = [
  ...LEADERBOARD_NAMES,
  ...LEVEL_MODES.map((mode): WebLeaderboardSlug => `levels-${mode}`),
];

/** Narrows a string (a URL segment) to a {@link WebLeaderboardSlug}. */
export function isWebLeaderboardSlug(value: unknown): value is WebLeaderboardSlug {
  return typeof value === 'string' && (WEB_LEADERBOARD_SLUGS as readonly string[]).includes(value);
}

/**
 * The stable page addresses of the community website (`apps/web`), relative to its origin. They never
 * collide with a path of the API, so one origin can serve both. Links from elsewhere (a Discord bot, the
 * game's chat) may point at them.
 */
export const WEB_PATHS = {
  /** Server status, player-count graph, staff and the newest log entries. */
  home: '/',
  /** Every leaderboard. */
  leaderboards: '/zebricky',
  /** One leaderboard; `?month=YYYY-MM` / `?week=YYYY-MM-DD` pick a past period of the vote boards. */
  leaderboard: (slug: WebLeaderboardSlug): string => `/zebricky/${slug}`,
  /** A player's profile by nick (case-insensitive). */
  playerByNick: (nick: string): string => `/hrac/${encodeURIComponent(nick)}`,
  /** A player's profile by UUID (dashed or undashed). */
  playerByUuid: (uuid: string): string => `/hrac/uuid/${encodeURIComponent(uuid)}`,
  /** The two live logs. */
  live: '/zive',
  /** The staff panel. */
  panel: '/panel',
} as const;

/**
 * The routes whose answer is the website's page (`index.html`), in the router's notation (`*` = the
 * rest of the path). Everything else on the API's origin is the API's (an unknown path stays its JSON
 * 404).
 */
export const WEB_PAGE_ROUTES = ['/', '/zebricky', '/zebricky/*', '/hrac/*', '/zive', '/panel'] as const;

/** The website's built, content-hashed files (scripts, styles, icons) are served under this prefix. */
export const WEB_ASSETS_PREFIX = '/assets/';

/** Whether `path` (without the query) is one of the website's pages ({@link WEB_PAGE_ROUTES}). */
export function isWebPagePath(path: string): boolean {
  return WEB_PAGE_ROUTES.some((route) =>
    route.endsWith('/*') ? path.startsWith(route.slice(0, -1)) : path === route,
  );
}
