import { EntityManager, EntityMetadata } from 'typeorm';
import { PlayerProjection } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, forUpdateSql, quoteIdentifier, rowsPerStatement } from '../database/sql-dialect';
import { PlayerEntity } from '../players/player.entity';
import { PlayerMapper, RawColumnReader, rawColumnReader } from '../players/player.mapper';

export interface StoredPlayer {
  id: number;
  createdAt: number;
  /**
   * The players row as the domain's projection. Its balances are not read (every one is 0 as of 0):
   * nothing that starts from a stored player needs them. A fold sets a balance from its event alone
   * (the newest event wins, and on the append path every new event is newer than every stored
   * balance), the writer writes the balances a fold set and renames the others in place, and a replay
   * starts from nothing (docs/adr/0077-the-write-path-reads-and-writes-what-changed.md).
   */
  projection: PlayerProjection;
}

/**
 * Loads the stored players among `uuids`, locking their rows on MySQL/MariaDB (`SELECT … FOR UPDATE`;
 * SQLite's transaction holds the whole file): one locking read of the players for a whole batch.
 * Every writer locks in the same order — ascending uuid, the order in which the locking read walks
 * the unique uuid index — and takes these locks before any other row lock of a player (its balances,
 * vote counters, sessions, or the row itself), so two batches touching the same players wait for
 * each other instead of deadlocking.
 */
export async function loadPlayersForUpdate(
  manager: EntityManager,
  dialect: Dialect,
  uuids: readonly string[],
): Promise<Map<string, StoredPlayer>> {
  const players = new Map<string, StoredPlayer>();
  const sorted = [...new Set(uuids)].sort();
  const q = (name: string) => quoteIdentifier(dialect, name);
  // Plain SQL read straight into the projection (ADR 0059): TypeORM's entity hydration of these rows
  // was the loader's main CPU cost. The same statement as `find` with a pessimistic_write lock.
  const readPlayer = readerOf(manager.connection.getMetadata(PlayerEntity), q);
  for (const part of chunk(sorted, rowsPerStatement(dialect, 1))) {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT ${readPlayer.select} FROM ${q('players')} WHERE ${q('uuid')} IN (${part.map(() => '?').join(', ')}) ` +
        `ORDER BY ${q('uuid')} ASC${forUpdateSql(dialect)}`,
      part,
    );
    for (const raw of rows) {
      const row = readPlayer.read(raw);
      players.set(row.uuid, {
        id: row.id,
        createdAt: row.createdAt,
        projection: PlayerMapper.toDomain(row, []),
      });
    }
  }
  return players;
}

/** The reader of a data source's players, made once (its metadata objects live as long as it does). */
const READERS = new WeakMap<EntityMetadata, RawColumnReader<PlayerEntity>>();

function readerOf(players: EntityMetadata, q: (name: string) => string): RawColumnReader<PlayerEntity> {
  let reader = READERS.get(players);
  if (reader === undefined) {
    reader = rawColumnReader<PlayerEntity>(players, q);
    READERS.set(players, reader);
  }
  return reader;
}
