import type { DataEnvelope, RankId } from './common';

/**
 * `data` of `GET /server/playercount`: the result of a Minecraft Server List Ping.
 * When the game server does not answer, `isOnline` is `false`, the numbers are `0` and `favicon` is `""`
 * (still HTTP 200).
 */
export interface PlayerCount {
  players: {
    online: number;
    max: number;
  };
  isOnline: boolean;
  /** Game server protocol number (not an API version). */
  version: number;
  /** Measured round trip of the ping in milliseconds. */
  latency: number;
  /** `data:image/png;base64,...` URI sent by the server, or `""` if none. */
  favicon: string;
}

/** `data` of `GET /server/uniqueplayers`. */
export interface UniquePlayers {
  /** Players registered since December 2013. */
  amount: number;
}

/** Array element of `data` of `GET /server/stafflist`. */
export interface StaffMember {
  nick: string;
  uuid: string;
  /** Rank identifier, numeric text ({@link RankId}). */
  rank: RankId;
}

export type PlayerCountResponse = DataEnvelope<PlayerCount>;
export type UniquePlayersResponse = DataEnvelope<UniquePlayers>;
export type StaffListResponse = DataEnvelope<StaffMember[]>;

/**
 * One point of `GET /server/playercount/history`: the Server List Ping results of the minutes in one
 * bucket. `time` is the bucket's start (ms since the epoch), `online` the average online count of
 * its minutes (one decimal), `max` the highest slot count, `isOnline` true if the server answered in
 * at least one of them. Minutes without a sample (the API was down) are gaps, not zeros.
 */
export interface PlayerCountHistoryPoint {
  time: number;
  online: number;
  max: number;
  isOnline: boolean;
}

/** At most this many points per history answer; longer ranges get wider buckets. */
export const PLAYERCOUNT_HISTORY_MAX_POINTS = 500;

/** The `hours` query parameter of the history: 1..720 (30 days), 24 when absent. */
export const PLAYERCOUNT_HISTORY_HOURS = { min: 1, max: 720, default: 24 } as const;

export type PlayerCountHistoryResponse = DataEnvelope<PlayerCountHistoryPoint[]>;
