import type { EconomyType, LevelMode } from '../players/player.constants';
import type { LegacySnapshot } from '../legacy/legacy-profile';
import type { BalanceAction, BalanceOperation, EventAction } from './event.actions';

/** Fields every validated event has, normalized. */
export interface EventBase {
  /** The idempotency key chosen by the game server. */
  id: string;
  action: EventAction;
  /** Dashed lower-case UUID. */
  uuid: string;
  nick: string;
  server: string;
  sender: string;
  /** Milliseconds since the epoch. */
  date: number;
  /** Canonical decimal text ('0' when not sent). Text because Discord ids exceed 2^53. */
  oldValue: string;
  /** Canonical decimal text ('0' when not sent). */
  newValue: string;
}

export interface RegisterEvent extends EventBase {
  kind: 'register';
  action: 'ECONOMY_REGISTER';
}

export interface RenameEvent extends EventBase {
  kind: 'rename';
  action: 'ECONOMY_CHANGE_NAME';
}

export interface BalanceEvent extends EventBase {
  kind: 'balance';
  action: BalanceAction;
  economyType: EconomyType;
  operation: BalanceOperation;
  /** The balance after the change: `Number(newValue)`, a safe integer. */
  amount: number;
}

export interface RankEvent extends EventBase {
  kind: 'rank';
  action: 'PLAYER_UPDATE_RANK';
}

export interface TagEvent extends EventBase {
  kind: 'tag';
  action: 'PLAYER_SET_TAG';
}

export interface DiscordConnectEvent extends EventBase {
  kind: 'discord';
  action: 'PLAYER_DISCORD_CONNECT';
}

export interface VoteEvent extends EventBase {
  kind: 'vote';
  action: 'PLAYER_VOTE';
  site: string;
}

export interface AchievementEvent extends EventBase {
  kind: 'achievement';
  action: 'ACHIEVEMENT_COMPLETE';
  achId: string;
  achName: string;
  achValue: number;
}

export interface JoinEvent extends EventBase {
  kind: 'join';
  action: 'PLAYER_JOIN';
  /** '' when not sent. */
  mcVersion: string;
}

export interface QuitEvent extends EventBase {
  kind: 'quit';
  action: 'PLAYER_QUIT';
}

export interface LevelEvent extends EventBase {
  kind: 'level';
  action: 'PLAYER_UPDATE_LEVEL';
  mode: LevelMode;
  level: number;
  experience: number;
}

export interface SocialProfile {
  status: string;
  facebook: string | null;
  twitter: string | null;
  twitch: string | null;
  steam: string | null;
  web: string | null;
}

/** Only the keys the event carried; `null` clears a link. */
export type SocialUpdate = Partial<SocialProfile>;

export interface SocialEvent extends EventBase {
  kind: 'social';
  action: 'PLAYER_UPDATE_SOCIAL';
  social: SocialUpdate;
}

/**
 * A player of the original system, imported by `npm run import:legacy` (never sent by a game server:
 * the ingest parser does not accept this action). Dated at the import's `--as-of`; the snapshot carries
 * the row's own dates (registred, last_online, last_vote) for the fields they date. See ADR 0027.
 */
export interface LegacyImportEvent extends Omit<EventBase, 'action'> {
  kind: 'legacy';
  action: 'LEGACY_IMPORT';
  snapshot: LegacySnapshot;
}

/** A validated event; narrow with `switch (event.kind)` or `switch (event.action)`. */
export type GameEvent =
  | RegisterEvent
  | RenameEvent
  | BalanceEvent
  | RankEvent
  | TagEvent
  | DiscordConnectEvent
  | VoteEvent
  | AchievementEvent
  | JoinEvent
  | QuitEvent
  | LevelEvent
  | SocialEvent
  | LegacyImportEvent;

export type EventKind = GameEvent['kind'];
