import type { LegacyImportEvent } from '../events/event.types';
import {
  ECONOMY_TYPES,
  type EconomyType,
  LEVEL_MODES,
  type LevelMode,
  MS_PER_MINUTE,
} from '../players/player.constants';
import { isValidNick, normalizeUuid } from '../players/player.identity';
import type { LevelProgress } from '../players/player.projection';

/** The `source` of imported events: their ids are unique within it, so a re-run dedupes. */
export const LEGACY_SOURCE = 'legacy';

/** `server` and `sender` of imported events in the log. */
export const LEGACY_SERVER = 'legacy';

/** The old system's default `status` text: a player who never set one. Imported as ''. */
export const LEGACY_DEFAULT_STATUS = 'Tento hráč nemá nastavený status...';

/** Largest value of the 32-bit INT columns (levels, vote counts). */
const MAX_INT32 = 2_147_483_647;

/** Most minutes of play whose milliseconds are still an exact integer (about 285,000 years). */
const MAX_PLAYED_MINUTES = Math.floor(Number.MAX_SAFE_INTEGER / MS_PER_MINUTE);

/** One `player_profile` row as the driver returns it: BIGINT as text, INT as number, NULL as null. */
export type LegacyProfileRow = Record<string, string | number | null>;

/**
 * Where each imported value comes from, column by column (the old profile endpoint's mapping, see
 * docs/legacy-import.md). Balances: craftcoins, crafttokens, votetokens (vote_tokens_3), karma,
 * achievement_points (quest_points), event points.
 */
export const LEGACY_BALANCE_COLUMNS: Readonly<Record<EconomyType, string>> = {
  CRAFTCOINS: 'craft_coins',
  CRAFTTOKENS: 'craft_tokens',
  VOTETOKENS: 'vote_tokens_3',
  KARMA: 'karma_points',
  ACHIEVEMENTPOINTS: 'quest_points',
  EVENTPOINTS: 'event_points',
};

/** `ranked.<mode>_level/_experience` ← these columns (global has a level only). */
export const LEGACY_LEVEL_COLUMNS: Readonly<Record<LevelMode, { level: string; experience: string | null }>> =
  {
    global: { level: 'global_level', experience: null },
    survival: { level: 'survival_118_level', experience: 'survival_118_experience' },
    skyblock: { level: 'skyblock_118_level', experience: 'skyblock_118_experience' },
    creative: { level: 'creative_level', experience: 'creative_experience' },
    vanilla: { level: 'vanilla_level', experience: 'vanilla_experience' },
    prison: { level: 'prison_level', experience: 'prison_experience' },
    skycloud: { level: 'skycloud_level', experience: 'skycloud_experience' },
  };

/** Every column the import reads (the rest of the 78 have no place here; docs/legacy-import.md). */
export const LEGACY_COLUMNS: readonly string[] = [
  'id',
  'discriminator',
  'nick',
  'uuid',
  'registred',
  'last_online',
  'last_server',
  'played_time',
  'mc_version',
  ...Object.values(LEGACY_BALANCE_COLUMNS),
  ...LEVEL_MODES.flatMap((mode) => {
    const { level, experience } = LEGACY_LEVEL_COLUMNS[mode];
    return experience === null ? [level] : [level, experience];
  }),
  'vote_tokens',
  'level',
  'experience',
  'total_votes',
  'month_votes',
  'week_votes',
  'last_vote',
  'discord_user_id',
  'status',
];

/**
 * What an imported player brings: the values of the old profile, each dated where the row has a date.
 * Zero balances are left out (they equal "never told").
 */
export interface LegacySnapshot {
  /** Primary key of the row in `player_profile`. */
  legacyId: number;
  /** The old four-digit discriminator, or '' when the row had none valid (the derived one is kept). */
  discriminator: string;
  registred: number;
  lastOnline: number;
  lastServer: string;
  /**
   * The old `played_time` column as it was: whole minutes (the old proxy added 1 to it once a minute,
   * and the old API served it as `played_time` unchanged). The projection adds it as milliseconds.
   */
  playedTime: number;
  mcVersion: string;
  balances: Partial<Record<EconomyType, number>>;
  levels: Record<LevelMode, LevelProgress>;
  votes: { total: number; month: number; week: number; lastVote: number };
  status: string;
  /** The linked Discord account, null for none (the old NULL, '' or '0'). */
  discordId: string | null;
  deprecated: { votetokens: number; level: number; experience: number };
}

export type LegacyRowProblem =
  'INVALID_UUID' | 'INVALID_NICK' | 'DUPLICATE_UUID' | 'VALUE_OUT_OF_RANGE' | 'INVALID_DISCORD_ID';

export type LegacyRowResult =
  | { ok: true; event: LegacyImportEvent }
  | { ok: false; legacyId: number; problem: LegacyRowProblem; detail: string };

/** The idempotency key of the event imported from row `legacyId` (sorts like the key). */
export function legacyEventId(legacyId: number): string {
  return `player_profile:${String(legacyId).padStart(12, '0')}`;
}

class RowProblem extends Error {
  constructor(
    readonly problem: LegacyRowProblem,
    readonly detail: string,
  ) {
    super(detail);
  }
}

function integer(row: LegacyProfileRow, column: string, min: number, max: number): number {
  const raw = row[column];
  const value = typeof raw === 'number' ? raw : Number(raw ?? 0);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RowProblem('VALUE_OUT_OF_RANGE', `${column}=${String(raw)} is outside ${min}..${max}`);
  }
  return value + 0;
}

function text(row: LegacyProfileRow, column: string): string {
  const raw = row[column];
  return raw === null || raw === undefined ? '' : String(raw);
}

/** A date column (ms since the epoch); 0 = never. */
function date(row: LegacyProfileRow, column: string): number {
  return integer(row, column, 0, Number.MAX_SAFE_INTEGER);
}

/**
 * Validates one `player_profile` row and turns it into its import event, dated `asOf`. Pure: the
 * same row and `asOf` always give the same event (and event id), so a re-run is recognised.
 */
export function legacyProfileEvent(row: LegacyProfileRow, asOf: number): LegacyRowResult {
  const legacyId = Number(row['id']);
  try {
    const uuid = normalizeUuid(text(row, 'uuid'));
    if (uuid === null) throw new RowProblem('INVALID_UUID', `uuid "${text(row, 'uuid')}" is not a UUID`);
    const nick = text(row, 'nick');
    if (!isValidNick(nick)) {
      throw new RowProblem('INVALID_NICK', `nick "${nick}" is not 1..32 of [A-Za-z0-9_.*-]`);
    }
    const balances: Partial<Record<EconomyType, number>> = {};
    for (const type of ECONOMY_TYPES) {
      const amount = integer(
        row,
        LEGACY_BALANCE_COLUMNS[type],
        -Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER,
      );
      if (amount !== 0) balances[type] = amount;
    }
    const levels = Object.fromEntries(
      LEVEL_MODES.map((mode) => {
        const columns = LEGACY_LEVEL_COLUMNS[mode];
        return [
          mode,
          {
            level: integer(row, columns.level, 0, MAX_INT32),
            experience:
              columns.experience === null ? 0 : integer(row, columns.experience, 0, Number.MAX_SAFE_INTEGER),
          },
        ];
      }),
    ) as Record<LevelMode, LevelProgress>;
    const discordId = text(row, 'discord_user_id').trim();
    if (discordId !== '' && discordId !== '0' && !/^[0-9]{1,20}$/.test(discordId)) {
      throw new RowProblem('INVALID_DISCORD_ID', `discord_user_id "${discordId}" is not a Discord id`);
    }
    const status = text(row, 'status');
    const mcVersion = text(row, 'mc_version');
    const discriminator = text(row, 'discriminator');
    const snapshot: LegacySnapshot = {
      legacyId,
      discriminator: /^[0-9]{4}$/.test(discriminator) && discriminator !== '0000' ? discriminator : '',
      registred: date(row, 'registred'),
      lastOnline: date(row, 'last_online'),
      lastServer: text(row, 'last_server'),
      playedTime: integer(row, 'played_time', 0, MAX_PLAYED_MINUTES),
      mcVersion: mcVersion === '0' ? '' : mcVersion,
      balances,
      levels,
      votes: {
        total: integer(row, 'total_votes', 0, MAX_INT32),
        month: integer(row, 'month_votes', 0, MAX_INT32),
        week: integer(row, 'week_votes', 0, MAX_INT32),
        lastVote: date(row, 'last_vote'),
      },
      status: status === LEGACY_DEFAULT_STATUS ? '' : status,
      discordId: discordId === '' || discordId === '0' ? null : discordId,
      deprecated: {
        votetokens: integer(row, 'vote_tokens', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
        level: integer(row, 'level', 0, MAX_INT32),
        experience: integer(row, 'experience', 0, Number.MAX_SAFE_INTEGER),
      },
    };
    return {
      ok: true,
      event: {
        id: legacyEventId(legacyId),
        kind: 'legacy',
        action: 'LEGACY_IMPORT',
        uuid,
        nick,
        server: LEGACY_SERVER,
        sender: LEGACY_SERVER,
        date: asOf,
        oldValue: '0',
        newValue: String(legacyId),
        snapshot,
      },
    };
  } catch (error) {
    if (error instanceof RowProblem) {
      return { ok: false, legacyId, problem: error.problem, detail: error.detail };
    }
    throw error;
  }
}

/** The date the old system last knew the player under their nick: the newest holder wins a lookup. */
export function legacyNickSince(snapshot: LegacySnapshot, asOf: number): number {
  return snapshot.lastOnline || snapshot.registred || asOf;
}

/** The fields of a stored `LEGACY_IMPORT` log row that make up its event. */
export interface LegacyLogRow {
  eventId: string;
  uuid: string;
  nick: string;
  server: string;
  sender: string;
  date: number;
  oldValue: string;
  newValue: string;
  /** The snapshot as JSON (the log row's `details`). */
  details: string | null;
}

/**
 * The event a `LEGACY_IMPORT` log row was stored from, for replaying the log (it is not an ingestible
 * action, so the ingest parser does not read it). @throws RangeError when the row holds no snapshot.
 */
export function legacyEventFromLog(row: LegacyLogRow): LegacyImportEvent {
  const snapshot = row.details === null ? null : (JSON.parse(row.details) as LegacySnapshot | null);
  if (snapshot === null || typeof snapshot !== 'object' || typeof snapshot.legacyId !== 'number') {
    throw new RangeError(`LEGACY_IMPORT row ${row.eventId} holds no snapshot`);
  }
  // Snapshots stored before discordId became nullable wrote a missing account as ''.
  if (snapshot.discordId === '') snapshot.discordId = null;
  return {
    id: row.eventId,
    kind: 'legacy',
    action: 'LEGACY_IMPORT',
    uuid: row.uuid,
    nick: row.nick,
    server: row.server,
    sender: row.sender,
    date: row.date,
    oldValue: row.oldValue,
    newValue: row.newValue,
    snapshot,
  };
}
