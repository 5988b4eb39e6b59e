import { EntityManager, EntityMetadata } from 'typeorm';
import { PlayerProjection } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, forUpdateSql, quoteIdentifier, rowsPerStatement } from '../database/sql-dialect';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from '../players/player.entity';
import { PlayerMapper, RawColumnReader, StoredBalance, rawColumnReader } from '../players/player.mapper';

export interface StoredPlayer {
  id: number;
  createdAt: number;
  projection: PlayerProjection;
}

/**
 * Loads the stored players among `uuids` with their balances, locking their rows on MySQL/MariaDB
 * (`SELECT … FOR UPDATE`; SQLite's transaction holds the whole file): one locking read of the players
 * and one read of their balances for a whole batch. Every writer locks in the same order — ascending
 * uuid, the order in which the locking read walks the unique uuid index — and takes these locks
 * before any other row lock of a player (its balances, vote counters, sessions, or the row itself),
 * so two batches touching the same players wait for each other instead of deadlocking.
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
  // was the loader's main CPU cost. The same statements as `find` with a pessimistic_write lock.
  const { players: readPlayer, balances: readBalance } = readersOf(
    manager.connection.getMetadata(PlayerEntity),
    manager.connection.getMetadata(PlayerBalanceEntity),
    q,
  );
  for (const part of chunk(sorted, rowsPerStatement(dialect, 1))) {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT ${readPlayer.select} FROM ${q('players')} WHERE ${q('uuid')} IN (${part.map(() => '?').join(', ')}) ` +
        `ORDER BY ${q('uuid')} ASC${forUpdateSql(dialect)}`,
      part,
    );
    if (rows.length === 0) continue;
    const entities = rows.map((raw) => readPlayer.read(raw));
    const balances: Array<Record<string, unknown>> = await manager.query(
      `SELECT ${readBalance.select} FROM ${q('player_balances')} WHERE ${q('player_id')} IN (${entities.map(() => '?').join(', ')})`,
      entities.map((row) => row.id),
    );
    const byPlayer = new Map<number, StoredBalance[]>();
    for (const raw of balances) {
      const balance = readBalance.read(raw);
      const list = byPlayer.get(balance.playerId);
      if (list) list.push(balance);
      else byPlayer.set(balance.playerId, [balance]);
    }
    for (const row of entities) {
      players.set(row.uuid, {
        id: row.id,
        createdAt: row.createdAt,
        projection: PlayerMapper.toDomain(row, byPlayer.get(row.id) ?? []),
      });
    }
  }
  return players;
}

interface Readers {
  players: RawColumnReader<PlayerEntity>;
  balances: RawColumnReader<PlayerBalanceEntity>;
}

/** The readers of a data source, made once (its metadata objects live as long as it does). */
const READERS = new WeakMap<EntityMetadata, Readers>();

function readersOf(players: EntityMetadata, balances: EntityMetadata, q: (name: string) => string): Readers {
  let readers = READERS.get(players);
  if (readers === undefined) {
    readers = {
      players: rawColumnReader<PlayerEntity>(players, q),
      balances: rawColumnReader<PlayerBalanceEntity>(balances, q),
    };
    READERS.set(players, readers);
  }
  return readers;
}
