import type { DataEnvelope } from './common';

/** Array element of `data` of `GET /search/players`: a player whose nick starts with the query. */
export interface PlayerSearchResult {
  nick: string;
  /** Dashed lower-case UUID. */
  uuid: string;
}

/** `GET /search/players` answers at most this many players. */
export const PLAYER_SEARCH_LIMIT = 10;

/**
 * The `q` parameter of `GET /search/players`: the start of a nick, 1..32 of the characters a nick may
 * hold (`A-Z a-z 0-9 _ . * -`); letter case does not matter. Anything else is a 400.
 */
export const PLAYER_SEARCH_QUERY_PATTERN = /^[A-Za-z0-9_.*-]{1,32}$/;

/**
 * Answer of `GET /search/players?q=…`: up to {@link PLAYER_SEARCH_LIMIT} players whose nick starts with
 * `q` (case-insensitive), ordered by nick (case-insensitive), then uuid. An empty list when none does.
 */
export type PlayerSearchResponse = DataEnvelope<PlayerSearchResult[]>;
