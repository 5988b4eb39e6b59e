import { EntityMetadata } from 'typeorm';
import { ECONOMY_TYPES, PlayerRecord } from '@craftstats/domain';
import { bigintAsNumber } from '../database/column-types';
import { Dialect } from '../database/data-source';
import { DriverRow } from '../database/prepared-reads';
import { quoteIdentifier } from '../database/sql-dialect';
import { PlayerEntity } from './player.entity';
import { PlayerMapper, RawColumnReader, StoredBalance, rawColumnReader } from './player.mapper';

/** How a profile lookup finds its player. */
export type ProfileKey = 'nick' | 'uuid';

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
export function profileSql(dialect: Dialect, key: ProfileKey, players: EntityMetadata): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const balances = ECONOMY_TYPES.map((currency, i) => {
    // The currency names are this code's constants (upper-case letters), never request data.
    if (!/^[A-Z]+$/.test(currency)) throw new Error(`Unexpected currency name ${currency}`);
    return { alias: `b${i}`, currency };
  });
  const columns = [
    profilePlayerReader(dialect, players).select,
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

/** The players columns of `profileSql`, each under its property name (`p.nick_since AS nickSince`). */
export function profilePlayerReader(
  dialect: Dialect,
  players: EntityMetadata,
): RawColumnReader<PlayerEntity> {
  return rawColumnReader<PlayerEntity>(players, (name) => quoteIdentifier(dialect, name), 'p');
}

/** A number column: a number from either driver (a decimal string only past 2^53, never stored here). */
const num = (value: unknown): number => bigintAsNumber.from(value) as number;

/**
 * A row of `profileSql` → the stored player: the players columns through the reader and the player
 * mapper like every other read of the table (ADR 0074), the joined balances and this period's votes
 * beside them (a missing row is NULL: no balance row, zero votes).
 */
export function profileRecordFromRow(row: DriverRow, players: RawColumnReader<PlayerEntity>): PlayerRecord {
  const entity = players.read(row);
  const balances: StoredBalance[] = [];
  ECONOMY_TYPES.forEach((currency, i) => {
    const amount = row[`b${i}_amount`];
    if (amount !== null && amount !== undefined) {
      balances.push({ currency, amount: num(amount), asOf: num(row[`b${i}_as_of`]) });
    }
  });
  const votesMonth = row['votes_month'];
  const votesWeek = row['votes_week'];
  return {
    id: entity.id,
    player: PlayerMapper.toDomain(entity, balances),
    votesMonth: votesMonth === null || votesMonth === undefined ? 0 : num(votesMonth),
    votesWeek: votesWeek === null || votesWeek === undefined ? 0 : num(votesWeek),
  };
}
