/**
 * How long each public read may be served from the micro-cache, in seconds. It also bounds the
 * `Cache-Control: public, max-age` of the answer: CachedReplies sends only what is left of the cached
 * entry's TTL (`remainingMaxAge`), so a copy held by a client (or a CDN) is never older than this
 * bound either. Documented per endpoint in the OpenAPI descriptions (Czech).
 */
export const CACHE_TTL_SECONDS = {
  /** The eight leaderboards. */
  leaderboard: 2,
  /**
   * A closed vote month or week (`?month=` / `?week=` of an ended period): the server keeps it an hour;
   * clients may keep it for CLOSED_PERIOD_MAX_AGE_SECONDS, as it no longer changes.
   */
  closedPeriod: 3_600,
  /** /economy/log and /achievements/log. */
  log: 2,
  /** /server/uniqueplayers. */
  uniquePlayers: 2,
  /** /server/stafflist. */
  staffList: 2,
  /** /server/playercount: one Server List Ping per 5 s at most, whatever the request rate. */
  playerCount: 5,
  /** /server/playercount/history: one sample per minute, so 30 s is fresh enough. */
  playerCountHistory: 30,
  /** /player/:nick and /player/uuid/:uuid. */
  profile: 1,
  /** /search/players: a new player shows up in the search box within this bound. */
  search: 2,
} as const;

/** `Cache-Control: public, max-age=<this>, immutable` of a closed vote period's board (one year). */
export const CLOSED_PERIOD_MAX_AGE_SECONDS = 31_536_000;

export type CachePolicy = keyof typeof CACHE_TTL_SECONDS;

/** Upper bound of entries per micro-cache; beyond it the oldest entries are dropped. */
export const CACHE_MAX_ENTRIES = {
  /** Fixed key sets (a few keys each, plus one per vote month/week). */
  fixed: 64,
  /** Profiles: one entry per looked-up nick or uuid. */
  profiles: 5_000,
  /** Searches: one entry per looked-up prefix (case-insensitive). */
  searches: 5_000,
} as const;
