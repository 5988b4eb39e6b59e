import {
  Balance,
  ECONOMY_TYPES,
  EconomyType,
  LEVEL_MODES,
  LevelMode,
  LevelProgress,
  PlayerRecord,
} from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { DriverRow } from '../database/prepared-reads';
import { quoteIdentifier } from '../database/sql-dialect';
import { discordIdFromColumn } from './player.mapper';

/** How a profile lookup finds its player. */
export type ProfileKey = 'nick' | 'uuid';

/** The players columns a profile needs, each selected under its own name. */
const PLAYER_COLUMNS = [
  'id',
  'uuid',
  'nick',
  'nick_since',
  'discriminator',
  'web_group',
  'registred',
  'last_online',
  'last_server',
  'is_online',
  'played_time',
  'mc_version',
  'rank_id',
  'rank_since',
  'tag',
  'discord_id',
  'global_level',
  ...LEVEL_MODES.filter((mode) => mode !== 'global').flatMap((mode) => [
    `${mode}_level`,
    `${mode}_experience`,
  ]),
  'social_status',
  'social_facebook',
  'social_twitter',
  'social_twitch',
  'social_steam',
  'social_web',
  'votes_total',
  'last_vote',
  'session_server',
  'session_since',
  'deprecated_votetokens',
  'deprecated_level',
  'deprecated_experience',
  'last_event_date',
  'last_event_id',
  'last_event_source',
] as const;

/**
 * The one statement of a profile lookup (ADR 0035): the player row, its balance in each currency and
 * its vote counters of this month and week. Each balance and counter is a LEFT JOIN on its table's
 * whole primary key (player_id, currency) / (player_id, period, period_key) — one row per player, so
 * no grouping, and a missing row reads as NULL (= 0: a new period starts at zero). The player is
 * found through uq_players_uuid, or through idx_players_nick (nick_lower, nick_since, uuid) walked
 * from its end for the newest holder of the nick (ADR 0015).
 *
 * Parameters, in order: the month key, the week key, then the nick key (`nickKey`) or the uuid.
 */
export function profileSql(dialect: Dialect, key: ProfileKey): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const balances = ECONOMY_TYPES.map((currency, i) => {
    // The currency names are this code's constants (upper-case letters), never request data.
    if (!/^[A-Z]+$/.test(currency)) throw new Error(`Unexpected currency name ${currency}`);
    return { alias: `b${i}`, currency };
  });
  const columns = [
    ...PLAYER_COLUMNS.map((column) => `p.${q(column)}`),
    ...balances.flatMap(({ alias }) => [
      `${alias}.${q('amount')} AS ${q(`${alias}_amount`)}`,
      `${alias}.${q('as_of')} AS ${q(`${alias}_as_of`)}`,
    ]),
    `vm.${q('votes')} AS ${q('votes_month')}`,
    `vw.${q('votes')} AS ${q('votes_week')}`,
  ];
  const joins = [
    ...balances.map(
      ({ alias, currency }) =>
        `LEFT JOIN ${q('player_balances')} ${alias} ON ${alias}.${q('player_id')} = p.${q('id')} ` +
        `AND ${alias}.${q('currency')} = '${currency}'`,
    ),
    ...(['vm', 'vw'] as const).map(
      (alias) =>
        `LEFT JOIN ${q('vote_counts')} ${alias} ON ${alias}.${q('player_id')} = p.${q('id')} ` +
        `AND ${alias}.${q('period')} = '${alias === 'vm' ? 'month' : 'week'}' AND ${alias}.${q('period_key')} = ?`,
    ),
  ];
  const where =
    key === 'uuid'
      ? `WHERE p.${q('uuid')} = ?`
      : `WHERE p.${q('nick_lower')} = ? ORDER BY p.${q('nick_since')} DESC, p.${q('uuid')} DESC LIMIT 1`;
  return `SELECT ${columns.join(', ')} FROM ${q('players')} p ${joins.join(' ')} ${where}`;
}

/** A number column: mysql2 returns BIGINT as a decimal string (always within 2^53 here). */
function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

function str(value: unknown): string {
  return value as string;
}

function strOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : (value as string);
}

/** A row of `profileSql` → the stored player, as `toProjection` builds it from the entities. */
export function profileRecordFromRow(row: DriverRow): PlayerRecord {
  const levels = {} as Record<LevelMode, LevelProgress>;
  for (const mode of LEVEL_MODES) {
    levels[mode] = {
      level: num(row[`${mode}_level`]),
      experience: mode === 'global' ? 0 : num(row[`${mode}_experience`]),
    };
  }
  const balances = {} as Record<EconomyType, Balance>;
  ECONOMY_TYPES.forEach((currency, i) => {
    const amount = row[`b${i}_amount`];
    balances[currency] =
      amount === null || amount === undefined
        ? { amount: 0, asOf: 0 }
        : { amount: num(amount), asOf: num(row[`b${i}_as_of`]) };
  });
  const sessionServer = strOrNull(row.session_server);
  const sessionSince = numOrNull(row.session_since);
  return {
    id: num(row.id),
    player: {
      uuid: str(row.uuid),
      nick: str(row.nick),
      nickSince: num(row.nick_since),
      discriminator: str(row.discriminator),
      registred: num(row.registred),
      webGroup: num(row.web_group),
      lastOnline: num(row.last_online),
      lastServer: str(row.last_server),
      isOnline: Boolean(row.is_online),
      playedTime: num(row.played_time),
      mcVersion: str(row.mc_version),
      rank: str(row.rank_id),
      rankSince: num(row.rank_since),
      tag: str(row.tag),
      discordId: discordIdFromColumn(strOrNull(row.discord_id)),
      levels,
      social: {
        status: str(row.social_status),
        facebook: strOrNull(row.social_facebook),
        twitter: strOrNull(row.social_twitter),
        twitch: strOrNull(row.social_twitch),
        steam: strOrNull(row.social_steam),
        web: strOrNull(row.social_web),
      },
      balances,
      votesTotal: num(row.votes_total),
      lastVote: num(row.last_vote),
      openSession:
        sessionServer !== null && sessionSince !== null
          ? { server: sessionServer, since: sessionSince }
          : null,
      deprecated: {
        votetokens: num(row.deprecated_votetokens),
        level: num(row.deprecated_level),
        experience: num(row.deprecated_experience),
      },
      lastEvent: {
        date: num(row.last_event_date),
        id: str(row.last_event_id),
        source: str(row.last_event_source),
      },
    },
    votesMonth: numOrNull(row.votes_month) ?? 0,
    votesWeek: numOrNull(row.votes_week) ?? 0,
  };
}
