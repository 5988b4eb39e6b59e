import {
  Balance,
  ECONOMY_TYPES,
  EconomyType,
  LEVEL_MODES,
  LevelMode,
  LevelProgress,
  PlayerProjection,
  nickKey,
} from '@craftstats/domain';
import { EntityMetadata } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from './player.entity';

/** Column names of the level columns, e.g. survival → survivalLevel / survivalExperience. */
type LevelColumns = {
  [M in LevelMode]: { level: `${M}Level`; experience: M extends 'global' ? null : `${M}Experience` };
};
const LEVEL_COLUMNS = Object.fromEntries(
  LEVEL_MODES.map((mode) => [
    mode,
    { level: `${mode}Level`, experience: mode === 'global' ? null : `${mode}Experience` },
  ]),
) as LevelColumns;

/** The player row's columns (everything but the generated id). */
export type PlayerRow = Omit<PlayerEntity, 'id'>;

/** What `toDomain` reads of a balance row. */
export type StoredBalance = Pick<PlayerBalanceEntity, 'currency' | 'amount' | 'asOf'>;

/**
 * The projection's Discord id from the `discord_id` column, which stores no linked account as ''
 * (a 1..20-digit id is never empty): the column keeps its NOT NULL default instead of a change that
 * SQLite can only make by rebuilding the players table (ADR 0068).
 */
export function discordIdFromColumn(value: string | null | undefined): string | null {
  return value === '' || value === null || value === undefined ? null : value;
}

/** The `discord_id` column's value for the projection's Discord id (null → ''). */
export function discordIdColumn(discordId: string | null): string {
  return discordId ?? '';
}

/**
 * The player aggregate's one mapper: the stored row (the entity's shape, + its balance rows) → the
 * domain's projection. Every path that reads the players table ends here — the entity reads, the
 * ingestor's locking read and the profile lookup (both through `rawColumnReader`, ADR 0059 and 0074).
 */
function toDomain(row: PlayerEntity, balances: readonly StoredBalance[]): PlayerProjection {
  const levels = {} as Record<LevelMode, LevelProgress>;
  for (const mode of LEVEL_MODES) {
    const columns = LEVEL_COLUMNS[mode];
    const experience = columns.experience === null ? 0 : (row[columns.experience] as number);
    levels[mode] = { level: row[columns.level] as number, experience };
  }
  const byType = {} as Record<EconomyType, Balance>;
  for (const type of ECONOMY_TYPES) {
    // A player has at most one row per currency (its primary key): a linear scan of a handful.
    const stored = balances.find((b) => b.currency === type);
    byType[type] = stored ? { amount: stored.amount, asOf: stored.asOf } : { amount: 0, asOf: 0 };
  }
  return {
    uuid: row.uuid,
    nick: row.nick,
    nickSince: row.nickSince,
    discriminator: row.discriminator,
    registred: row.registred,
    webGroup: row.webGroup,
    lastOnline: row.lastOnline,
    lastServer: row.lastServer,
    isOnline: row.isOnline,
    playedTime: row.playedTime,
    mcVersion: row.mcVersion,
    rank: row.rankId,
    rankSince: row.rankSince,
    tag: row.tag,
    discordId: discordIdFromColumn(row.discordId),
    levels,
    social: {
      status: row.socialStatus,
      facebook: row.socialFacebook,
      twitter: row.socialTwitter,
      twitch: row.socialTwitch,
      steam: row.socialSteam,
      web: row.socialWeb,
    },
    balances: byType,
    votesTotal: row.votesTotal,
    lastVote: row.lastVote,
    openSession:
      row.sessionServer !== null && row.sessionSince !== null
        ? { server: row.sessionServer, since: row.sessionSince }
        : null,
    deprecated: {
      votetokens: row.deprecatedVotetokens,
      level: row.deprecatedLevel,
      experience: row.deprecatedExperience,
    },
    lastEvent: { date: row.lastEventDate, id: row.lastEventId, source: row.lastEventSource },
  };
}

/** A raw reader of an entity's rows: its select list and the driver row → entity-shaped object. */
export interface RawColumnReader<T> {
  select: string;
  read(raw: Record<string, unknown>): T;
}

/** Column types whose hydration by TypeORM is only their value transformer (see `rawColumnReader`). */
const PLAIN_TYPES = new Set<unknown>(['int', 'bigint', 'varchar']);
const BOOLEAN_TYPES = new Set<unknown>(['boolean', Boolean]);

/**
 * Reads rows of an entity's table selected by plain SQL, without TypeORM's entity hydration (ADR 0059):
 * `select` lists every column under its property name (`nick_since AS nickSince`), and `read` turns a
 * driver row into an object of the entity's shape the way the MySQL and SQLite drivers' hydration
 * does for these column types — a boolean column's value made true/false, then each column's value
 * transformer; with `tableAlias`, each selected column is qualified by it. Any other column type (dates, JSON…) is refused when the reader is made, so a new
 * column of such a type cannot be read differently from `repository.find`.
 */
export function rawColumnReader<T>(
  metadata: EntityMetadata,
  quote: (name: string) => string,
  tableAlias?: string,
): RawColumnReader<T> {
  const columns = metadata.columns.map((column: ColumnMetadata) => {
    const isBoolean = BOOLEAN_TYPES.has(column.type);
    if (!isBoolean && !PLAIN_TYPES.has(column.type)) {
      throw new Error(
        `${metadata.tableName}.${column.databaseName}: column type ${String(column.type)} is not read raw`,
      );
    }
    const transformer = column.transformer;
    if (Array.isArray(transformer)) throw new Error(`${column.databaseName}: one transformer expected`);
    return { property: column.propertyName, isBoolean, from: transformer ? transformer.from : null };
  });
  const prefix = tableAlias === undefined ? '' : `${tableAlias}.`;
  const select = metadata.columns
    .map((c) => `${prefix}${quote(c.databaseName)} AS ${quote(c.propertyName)}`)
    .join(', ');
  return {
    select,
    read(raw) {
      const row: Record<string, unknown> = {};
      for (const { property, isBoolean, from } of columns) {
        let value = raw[property];
        if (isBoolean && value !== null && value !== undefined) value = value ? true : false;
        row[property] = from === null ? value : from(value);
      }
      return row as T;
    },
  };
}

/** Domain projection → the player row's columns (balances are stored separately). */
function toPersistence(player: PlayerProjection, createdAt: number): PlayerRow {
  const levelFields: Record<string, number> = {};
  for (const mode of LEVEL_MODES) {
    const columns = LEVEL_COLUMNS[mode];
    levelFields[columns.level] = player.levels[mode].level;
    if (columns.experience !== null) levelFields[columns.experience] = player.levels[mode].experience;
  }
  return {
    uuid: player.uuid,
    nick: player.nick,
    nickLower: nickKey(player.nick),
    nickSince: player.nickSince,
    discriminator: player.discriminator,
    webGroup: player.webGroup,
    registred: player.registred,
    lastOnline: player.lastOnline,
    lastServer: player.lastServer,
    isOnline: player.isOnline,
    playedTime: player.playedTime,
    mcVersion: player.mcVersion,
    rankId: player.rank,
    rankSince: player.rankSince,
    tag: player.tag,
    discordId: discordIdColumn(player.discordId),
    ...(levelFields as Pick<PlayerRow, `${LevelMode}Level` | `${Exclude<LevelMode, 'global'>}Experience`>),
    socialStatus: player.social.status,
    socialFacebook: player.social.facebook,
    socialTwitter: player.social.twitter,
    socialTwitch: player.social.twitch,
    socialSteam: player.social.steam,
    socialWeb: player.social.web,
    votesTotal: player.votesTotal,
    lastVote: player.lastVote,
    sessionServer: player.openSession?.server ?? null,
    sessionSince: player.openSession?.since ?? null,
    deprecatedVotetokens: player.deprecated.votetokens,
    deprecatedLevel: player.deprecated.level,
    deprecatedExperience: player.deprecated.experience,
    lastEventDate: player.lastEvent?.date ?? 0,
    lastEventId: player.lastEvent?.id ?? '',
    lastEventSource: player.lastEvent?.source ?? '',
    createdAt,
  };
}

/** The player aggregate's mapper: `toDomain` for every read of the players table, `toPersistence` for every write. */
export const PlayerMapper = { toDomain, toPersistence } as const;
