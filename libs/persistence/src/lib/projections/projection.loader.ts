import { EntityManager, In } from 'typeorm';
import { PlayerProjection } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, rowsPerStatement } from '../database/sql-dialect';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from '../players/player.entity';
import { toProjection } from '../players/player.mapper';

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
  for (const part of chunk(sorted, rowsPerStatement(dialect, 1))) {
    const rows = await manager.getRepository(PlayerEntity).find({
      where: { uuid: In(part) },
      order: { uuid: 'ASC' },
      ...(dialect === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (rows.length === 0) continue;
    const balances = await manager
      .getRepository(PlayerBalanceEntity)
      .find({ where: { playerId: In(rows.map((row) => row.id)) } });
    const byPlayer = new Map<number, PlayerBalanceEntity[]>();
    for (const balance of balances) {
      const list = byPlayer.get(balance.playerId) ?? [];
      list.push(balance);
      byPlayer.set(balance.playerId, list);
    }
    for (const row of rows) {
      players.set(row.uuid, {
        id: row.id,
        createdAt: row.createdAt,
        projection: toProjection(row, byPlayer.get(row.id) ?? []),
      });
    }
  }
  return players;
}
