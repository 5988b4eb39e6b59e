import type { DataEnvelope } from './common';

/**
 * `data` of `GET /server/playercount` (seed §2.2): the result of a Minecraft Server List Ping.
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

/** `data` of `GET /server/uniqueplayers` (seed §2.3). */
export interface UniquePlayers {
  /** Players registered since December 2013. */
  amount: number;
}

/** Array element of `data` of `GET /server/stafflist` (seed §2.4). */
export interface StaffMember {
  nick: string;
  uuid: string;
  /** Rank identifier, numeric text. */
  rank: string;
}

export type PlayerCountResponse = DataEnvelope<PlayerCount>;
export type UniquePlayersResponse = DataEnvelope<UniquePlayers>;
export type StaffListResponse = DataEnvelope<StaffMember[]>;
