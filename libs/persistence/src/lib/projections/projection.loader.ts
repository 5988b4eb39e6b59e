import { EntityManager, In } from 'typeorm';
import { PlayerProjection } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk } from '../database/sql-dialect';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from '../players/player.entity';
import { toProjection } from '../players/player.mapper';

const UUIDS_PER_STATEMENT = 200;

export interface StoredPlayer {
  id: number;
  createdAt: number;
  projection: PlayerProjection;
}

/**
 * Loads the stored players among `uuids` with their balances, locking their rows on MySQL/MariaDB
 * (`SELECT … FOR UPDATE`; SQLite's transaction holds the whole file). Every writer locks in the same
 * order — ascending uuid, the order in which the locking read walks the unique uuid index, chunk
 * after chunk — so two batches touching the same players wait for each other instead of deadlocking.
 */
export async function loadPlayersForUpdate(
  manager: EntityManager,
  dialect: Dialect,
  uuids: readonly string[],
): Promise<Map<string, StoredPlayer>> {
  const players = new Map<string, StoredPlayer>();
  const sorted = [...new Set(uuids)].sort();
  for (const part of chunk(sorted, UUIDS_PER_STATEMENT)) {
    const rows = await manager.getRepository(PlayerEntity).find({
      where: { uuid: In(part) },
      order: { uuid: 'ASC' },
      ...(dialect === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (rows.length === 0) continue;
    const balances = await manager
      .getRepository(PlayerBalanceEntity)
      .find({ where: { playerId: In(rows.map((row) => row.id)) } });
    for (const row of rows) {
      players.set(row.uuid, {
        id: row.id,
        createdAt: row.createdAt,
        projection: toProjection(
          row,
          balances.filter((b) => b.playerId === row.id),
        ),
      });
    }
  }
  return players;
}
