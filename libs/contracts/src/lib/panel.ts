import type { EventAction } from './events';
import type { AchievementLogEntry, EconomyLogEntry } from './logs';

/**
 * Query of the staff panel's log endpoints (`GET /panel/economy/log`, `GET /panel/achievements/log`).
 * All filters are optional and combine with AND.
 */
export interface PanelLogQuery {
  /** Player UUID, dashed or undashed. */
  uuid?: string | undefined;
  /** Player nick (case-insensitive). */
  nick?: string | undefined;
  /** Event action, e.g. `ECONOMY_CRAFTCOINS_ADD` (economy log only). */
  action?: EventAction | undefined;
  server?: string | undefined;
  /** Inclusive lower bound of `date`, ms since epoch. */
  from?: number | undefined;
  /** Inclusive upper bound of `date`, ms since epoch. */
  to?: number | undefined;
  /** Page size, 1..{@link PANEL_MAX_LIMIT}, default {@link PANEL_DEFAULT_LIMIT}. */
  limit?: number | undefined;
  /** Opaque `nextCursor` of the previous page. */
  cursor?: string | undefined;
}

export const PANEL_MAX_LIMIT = 500;
export const PANEL_DEFAULT_LIMIT = 100;

/**
 * Action-specific fields of a log entry: `site` (PLAYER_VOTE), `mc_version` (PLAYER_JOIN), `mode`,
 * `level`, `experience` (PLAYER_UPDATE_LEVEL), the sent social fields (PLAYER_UPDATE_SOCIAL).
 */
export type PanelEventDetails = Record<string, string | number | null>;

/**
 * Economy log entry as the panel shows it: the whole history, so `action` is any event action, with the
 * event's idempotency id and its own fields.
 */
export type PanelEconomyLogEntry = Omit<EconomyLogEntry, 'action'> & {
  action: EventAction;
  event_id: string;
  details: PanelEventDetails | null;
};
/** Achievement log entry as the panel shows it: with the event's idempotency id. */
export type PanelAchievementLogEntry = AchievementLogEntry & { event_id: string };

/**
 * A page of the panel's history, newest first. `nextCursor` is `null` on the last page; otherwise pass
 * it as `cursor` to get the next one.
 */
export interface PagedEnvelope<T> {
  status: 200;
  data: T[];
  nextCursor: string | null;
}

export type PanelEconomyLogResponse = PagedEnvelope<PanelEconomyLogEntry>;
export type PanelAchievementLogResponse = PagedEnvelope<PanelAchievementLogEntry>;

/** Order in which query parameters are written, so equal queries give equal URLs (and cache keys). */
const PANEL_QUERY_KEYS = ['uuid', 'nick', 'action', 'server', 'from', 'to', 'limit', 'cursor'] as const;

/**
 * Serializes a {@link PanelLogQuery} to URL search parameters, skipping `undefined` values, in a fixed
 * key order. Validation (limit range, from ≤ to) is left to the server, which answers 400.
 */
export function panelQueryToSearchParams(query: PanelLogQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PANEL_QUERY_KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}
