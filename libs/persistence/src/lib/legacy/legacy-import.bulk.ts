import { randomUUID } from 'node:crypto';
import { EntityManager, In } from 'typeorm';
import {
  ECONOMY_TYPES,
  LegacyImportEvent,
  PlayerProjection,
  ProjectionContext,
  VoteIncrement,
  foldEvents,
  isPublicLogAction,
  nickKey,
} from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, upsertSql } from '../database/sql-dialect';
import { eventDetails } from '../events/event.details';
import { PlayerEntity } from '../players/player.entity';
import { toPlayerRow } from '../players/player.mapper';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';

/** Rows per multi-row INSERT (the players table has ~45 columns: well under SQLite's 32766 variables). */
const ROWS_PER_STATEMENT = 500;

type Value = string | number | null;

/** A new player as the domain rules make it from its import event alone. */
export interface ProjectedImport {
  event: LegacyImportEvent;
  player: PlayerProjection;
  votes: VoteIncrement[];
}

/**
 * The pure part: what the event store's fold gives for each event on a player nobody knew yet —
 * including the row's newest-event key, so a later, older live event replays the player (ADR 0015).
 */
export function projectNewPlayers(
  events: readonly LegacyImportEvent[],
  ctx: ProjectionContext & { source: string },
): ProjectedImport[] {
  return events.map((event) => {
    const { player, votes } = foldEvents(null, [{ source: ctx.source, event }], ctx);
    return { event, player, votes };
  });
}

function insertSql(dialect: Dialect, table: string, columns: readonly string[], rowCount: number): string {
  const q = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${Array(rowCount).fill(row).join(', ')}`;
}

async function insertRows(
  manager: EntityManager,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
): Promise<void> {
  for (const part of chunk(rows, ROWS_PER_STATEMENT)) {
    await manager.query(insertSql(dialect, table, columns, part.length), part.flat());
  }
}

/**
 * The bulk path of the import, for players the database does not know yet: the log rows, the
 * processed ids and every projection row (players, balances, vote counts, the registration counter)
 * written with multi-row INSERTs inside the caller's transaction — the same rows the event store would
 * write for these events one batch at a time, computed with the same domain rules.
 *
 * Plain INSERTs, no IGNORE: a player or an event id that appeared meanwhile (a live event creating
 * the player between the caller's check and this write) fails the statement with a duplicate key,
 * and the caller rolls back and takes the event store's path for the page instead.
 */
export async function writeNewPlayers(
  manager: EntityManager,
  dialect: Dialect,
  imports: readonly ProjectedImport[],
  source: string,
  receivedAt: number,
): Promise<{ registrations: number }> {
  if (imports.length === 0) return { registrations: 0 };
  if (dialect !== 'mysql') return writeRows(manager, dialect, imports, source, receivedAt);
  // The balance and vote rows reference players inserted a few statements earlier in this very
  // transaction: checking each foreign key again only costs time.
  await manager.query('SET SESSION foreign_key_checks = 0');
  try {
    return await writeRows(manager, dialect, imports, source, receivedAt);
  } finally {
    await manager.query('SET SESSION foreign_key_checks = 1');
  }
}

async function writeRows(
  manager: EntityManager,
  dialect: Dialect,
  imports: readonly ProjectedImport[],
  source: string,
  receivedAt: number,
): Promise<{ registrations: number }> {
  const batchId = randomUUID();
  await insertRows(
    manager,
    dialect,
    'processed_events',
    ['source', 'event_id', 'batch_id', 'received_at'],
    imports.map(({ event }) => [source, event.id, batchId, receivedAt]),
  );
  await insertRows(
    manager,
    dialect,
    'economy_log',
    [
      'event_id',
      'source',
      'action',
      'uuid',
      'nick',
      'sender',
      'server',
      'old_value',
      'new_value',
      'date',
      'is_public',
      'details',
      'received_at',
    ],
    imports.map(({ event }) => [
      event.id,
      source,
      event.action,
      event.uuid,
      event.nick,
      event.sender,
      event.server,
      event.oldValue,
      event.newValue,
      event.date,
      isPublicLogAction(event.action) ? 1 : 0,
      eventDetails(event),
      receivedAt,
    ]),
  );

  const metadata = manager.connection.getMetadata(PlayerEntity);
  const playerColumns = metadata.columns.filter((column) => !column.isGenerated);
  await insertRows(
    manager,
    dialect,
    'players',
    playerColumns.map((column) => column.databaseName),
    imports.map(({ player }) => {
      const row = toPlayerRow(player, receivedAt) as unknown as Record<string, unknown>;
      return playerColumns.map((column) => {
        const value = row[column.propertyName];
        return typeof value === 'boolean' ? (value ? 1 : 0) : (value as Value);
      });
    }),
  );

  const ids = new Map<string, number>();
  for (const part of chunk(imports, ROWS_PER_STATEMENT)) {
    const rows = await manager.getRepository(PlayerEntity).find({
      select: { id: true, uuid: true },
      where: { uuid: In(part.map(({ player }) => player.uuid)) },
    });
    for (const row of rows) ids.set(row.uuid, row.id);
  }
  const idOf = (uuid: string): number => {
    const id = ids.get(uuid);
    if (id === undefined) throw new Error(`Imported player ${uuid} was not found after its insert`);
    return id;
  };

  const balances: Value[][] = [];
  const votes: Value[][] = [];
  let registrations = 0;
  for (const { player, votes: increments } of imports) {
    const playerId = idOf(player.uuid);
    const nickLower = nickKey(player.nick);
    for (const type of ECONOMY_TYPES) {
      const { amount, asOf } = player.balances[type];
      if (asOf !== 0) balances.push([playerId, type, amount, -amount, asOf, nickLower, player.uuid]);
    }
    const counts = new Map<string, { period: string; key: string; n: number }>();
    for (const vote of increments) {
      const id = `${vote.period}|${vote.key}`;
      const current = counts.get(id) ?? { period: vote.period, key: vote.key, n: 0 };
      current.n += vote.count ?? 1;
      counts.set(id, current);
    }
    for (const count of counts.values()) {
      votes.push([playerId, count.period, count.key, count.n, -count.n, nickLower, player.uuid]);
    }
    if (player.registred !== 0) registrations++;
  }
  await insertRows(
    manager,
    dialect,
    'player_balances',
    ['player_id', 'currency', 'amount', 'sort_key', 'as_of', 'nick_lower', 'uuid'],
    balances,
  );
  await insertRows(
    manager,
    dialect,
    'vote_counts',
    ['player_id', 'period', 'period_key', 'votes', 'sort_key', 'nick_lower', 'uuid'],
    votes,
  );
  if (registrations > 0) {
    await manager.query(
      upsertSql(dialect, 'counters', ['name', 'value'], 1, ['name'], { increment: ['value'] }),
      [REGISTERED_PLAYERS_COUNTER, registrations],
    );
  }
  return { registrations };
}
