/**
 * Wire format of the ingestion endpoint `POST /v1/events`, exactly as game servers send it
 * (snake_case).
 *
 * @packageDocumentation
 */

/** Economy types of the `ECONOMY_{TYPE}_{OPERATION}` actions. */
export const ECONOMY_TYPES = [
  'CRAFTCOINS',
  'CRAFTTOKENS',
  'VOTETOKENS',
  'KARMA',
  'ACHIEVEMENTPOINTS',
  'EVENTPOINTS',
] as const;
export type EconomyType = (typeof ECONOMY_TYPES)[number];

export const ECONOMY_OPERATIONS = ['ADD', 'TAKE', 'RESET'] as const;
export type EconomyOperation = (typeof ECONOMY_OPERATIONS)[number];

/** `ECONOMY_{TYPE}_{OPERATION}`, e.g. `ECONOMY_CRAFTCOINS_ADD`. */
export type EconomyBalanceAction = `ECONOMY_${EconomyType}_${EconomyOperation}`;

/** All 18 balance actions, grouped by type in the order of {@link ECONOMY_TYPES}. */
export const ECONOMY_BALANCE_ACTIONS = [
  'ECONOMY_CRAFTCOINS_ADD',
  'ECONOMY_CRAFTCOINS_TAKE',
  'ECONOMY_CRAFTCOINS_RESET',
  'ECONOMY_CRAFTTOKENS_ADD',
  'ECONOMY_CRAFTTOKENS_TAKE',
  'ECONOMY_CRAFTTOKENS_RESET',
  'ECONOMY_VOTETOKENS_ADD',
  'ECONOMY_VOTETOKENS_TAKE',
  'ECONOMY_VOTETOKENS_RESET',
  'ECONOMY_KARMA_ADD',
  'ECONOMY_KARMA_TAKE',
  'ECONOMY_KARMA_RESET',
  'ECONOMY_ACHIEVEMENTPOINTS_ADD',
  'ECONOMY_ACHIEVEMENTPOINTS_TAKE',
  'ECONOMY_ACHIEVEMENTPOINTS_RESET',
  'ECONOMY_EVENTPOINTS_ADD',
  'ECONOMY_EVENTPOINTS_TAKE',
  'ECONOMY_EVENTPOINTS_RESET',
] as const satisfies readonly EconomyBalanceAction[];

const BALANCE_ACTION_PARTS: ReadonlyMap<string, { economyType: EconomyType; operation: EconomyOperation }> =
  new Map(
    ECONOMY_TYPES.flatMap((economyType) =>
      ECONOMY_OPERATIONS.map(
        (operation) => [`ECONOMY_${economyType}_${operation}`, { economyType, operation }] as const,
      ),
    ),
  );

/** True for one of the 18 {@link ECONOMY_BALANCE_ACTIONS}. */
export function isEconomyBalanceAction(value: unknown): value is EconomyBalanceAction {
  return typeof value === 'string' && BALANCE_ACTION_PARTS.has(value);
}

/** The economy type and operation of a balance action, e.g. KARMA and TAKE of ECONOMY_KARMA_TAKE. */
export function economyBalanceActionParts(action: EconomyBalanceAction): {
  economyType: EconomyType;
  operation: EconomyOperation;
} {
  const parts = BALANCE_ACTION_PARTS.get(action);
  if (parts === undefined) throw new RangeError(`Not a balance action: ${action}`);
  return parts;
}

/** Game modes of `PLAYER_UPDATE_LEVEL` (`global` has a level only, no experience). */
export const LEVEL_MODES = [
  'global',
  'survival',
  'skyblock',
  'creative',
  'vanilla',
  'prison',
  'skycloud',
] as const;
export type LevelMode = (typeof LEVEL_MODES)[number];

/** Every action a game server may send, in the order of docs/ingestion.md. */
export const EVENT_ACTIONS = [
  'ECONOMY_REGISTER',
  'ECONOMY_CHANGE_NAME',
  ...ECONOMY_BALANCE_ACTIONS,
  'PLAYER_UPDATE_RANK',
  'PLAYER_SET_TAG',
  'PLAYER_DISCORD_CONNECT',
  'PLAYER_VOTE',
  'ACHIEVEMENT_COMPLETE',
  'PLAYER_JOIN',
  'PLAYER_QUIT',
  'PLAYER_UPDATE_LEVEL',
  'PLAYER_UPDATE_SOCIAL',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/**
 * The actions that appear in the public `/economy/log`: the original API's action families
 * (ECONOMY_*, PLAYER_UPDATE_RANK, PLAYER_SET_TAG, PLAYER_DISCORD_CONNECT).
 */
export const ECONOMY_LOG_ACTIONS = [
  'ECONOMY_REGISTER',
  'ECONOMY_CHANGE_NAME',
  ...ECONOMY_BALANCE_ACTIONS,
  'PLAYER_UPDATE_RANK',
  'PLAYER_SET_TAG',
  'PLAYER_DISCORD_CONNECT',
] as const satisfies readonly EventAction[];
export type EconomyLogAction = (typeof ECONOMY_LOG_ACTIONS)[number];

/** Narrows a string to an {@link EconomyLogAction}. */
export function isEconomyLogAction(value: unknown): value is EconomyLogAction {
  return typeof value === 'string' && (ECONOMY_LOG_ACTIONS as readonly string[]).includes(value);
}

/** Narrows a string to an {@link EventAction}. */
export function isEventAction(value: unknown): value is EventAction {
  return typeof value === 'string' && (EVENT_ACTIONS as readonly string[]).includes(value);
}

/** Allowed event ids: 1..64 characters of `[A-Za-z0-9._:-]`. */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Checks an event id against {@link EVENT_ID_PATTERN}. */
export function isValidEventId(value: unknown): value is string {
  return typeof value === 'string' && EVENT_ID_PATTERN.test(value);
}

/** A value of `old_value`/`new_value`: numeric text or an integer; stored as text. */
export type EventValue = string | number;

/** Fields common to every event. */
export interface IngestEventBase {
  /** 1..64 chars `[A-Za-z0-9._:-]`, unique per event: the idempotency key. See `newEventId`. */
  id: string;
  action: EventAction;
  /** Player UUID, dashed or undashed. */
  uuid: string;
  nick: string;
  /** Defaults to the server name of the ingest token. */
  server?: string | undefined;
  /** Defaults to `server`. */
  sender?: string | undefined;
  /** Integer ms since epoch; defaults to the time of receipt. */
  date?: number | undefined;
  /** Numeric text or integer. Use text for values above 2^53 (Discord ids). */
  old_value?: EventValue | undefined;
  /** Numeric text or integer. Use text for values above 2^53 (Discord ids). */
  new_value?: EventValue | undefined;
}

/** A player connects for the first time; a repeat is a no-op. */
export interface EconomyRegisterEvent extends IngestEventBase {
  action: 'ECONOMY_REGISTER';
}

/** The player (by uuid) takes `nick`. */
export interface EconomyChangeNameEvent extends IngestEventBase {
  action: 'ECONOMY_CHANGE_NAME';
}

/** A balance change; the balance becomes `new_value` (of the newest event by `date`). */
export interface EconomyBalanceEvent extends IngestEventBase {
  action: EconomyBalanceAction;
  new_value: EventValue;
}

/** Rank becomes `new_value` (rank id, numeric text). */
export interface PlayerUpdateRankEvent extends IngestEventBase {
  action: 'PLAYER_UPDATE_RANK';
  new_value: EventValue;
}

/** Tag becomes `new_value`. */
export interface PlayerSetTagEvent extends IngestEventBase {
  action: 'PLAYER_SET_TAG';
  new_value: EventValue;
}

/** `discord.id` becomes `new_value` (send it as text: snowflakes exceed 2^53). */
export interface PlayerDiscordConnectEvent extends IngestEventBase {
  action: 'PLAYER_DISCORD_CONNECT';
  new_value: EventValue;
}

/** A vote on a server list site: votes total/month/week + 1, `last_vote` = `date`. */
export interface PlayerVoteEvent extends IngestEventBase {
  action: 'PLAYER_VOTE';
  /** The voting site, e.g. `craftlist.org`. */
  site: string;
}

/** Appended to the achievement log. */
export interface AchievementCompleteEvent extends IngestEventBase {
  action: 'ACHIEVEMENT_COMPLETE';
  ach_id: string;
  ach_name: string;
  /** Achievement Points granted (integer). */
  ach_value: number;
}

/** The player joined `server`: online, `last_server`, `last_online`. */
export interface PlayerJoinEvent extends IngestEventBase {
  action: 'PLAYER_JOIN';
  mc_version?: string | undefined;
}

/** The player quit: offline, `last_online`, `played_time` grows by the session length. */
export interface PlayerQuitEvent extends IngestEventBase {
  action: 'PLAYER_QUIT';
}

/** Level (and experience, except for `global`) of a game mode. */
export interface PlayerUpdateLevelEvent extends IngestEventBase {
  action: 'PLAYER_UPDATE_LEVEL';
  mode: LevelMode;
  level: number;
  experience?: number | undefined;
}

/** Social profile; URLs are http(s) or `null` to clear. Omitted fields stay unchanged. */
export interface PlayerUpdateSocialEvent extends IngestEventBase {
  action: 'PLAYER_UPDATE_SOCIAL';
  status?: string | undefined;
  facebook?: string | null | undefined;
  twitter?: string | null | undefined;
  twitch?: string | null | undefined;
  steam?: string | null | undefined;
  web?: string | null | undefined;
}

/** One event of an ingestion request, discriminated on `action`. */
export type IngestEvent =
  | EconomyRegisterEvent
  | EconomyChangeNameEvent
  | EconomyBalanceEvent
  | PlayerUpdateRankEvent
  | PlayerSetTagEvent
  | PlayerDiscordConnectEvent
  | PlayerVoteEvent
  | AchievementCompleteEvent
  | PlayerJoinEvent
  | PlayerQuitEvent
  | PlayerUpdateLevelEvent
  | PlayerUpdateSocialEvent;

/** The member of {@link IngestEvent} for one action, e.g. `IngestEventOf<'PLAYER_VOTE'>`. */
export type IngestEventOf<A extends EventAction> = Extract<IngestEvent, { action: A }>;

/** Body of `POST /v1/events`: 1..{@link INGEST_MAX_EVENTS} events, at most {@link INGEST_MAX_BYTES}. */
export interface IngestRequest {
  events: IngestEvent[];
}

/** An event the ingestor refused; the others of the request were still processed. */
export interface IngestRejection {
  /** Position of the event in the request's `events` (the ingest client remaps it to the caller's array). */
  index: number;
  /** The event's id, `null` when it had no usable id. */
  id: string | null;
  /** Why it was refused. */
  error: string;
}

/**
 * 200 answer of `POST /v1/events`, sent after the transaction committed. `accepted` were stored and
 * applied, `duplicates` had an already-seen id and changed nothing, `rejected` were invalid.
 */
export interface IngestResponse {
  accepted: number;
  duplicates: number;
  rejected: IngestRejection[];
}

/** Most events in one request. */
export const INGEST_MAX_EVENTS = 1000;
/** Largest request body, 1 MiB. */
export const INGEST_MAX_BYTES = 1048576;
