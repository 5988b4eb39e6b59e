import { EntityManager } from 'typeorm';
import { ECONOMY_TYPES, FoldResult, PlayerProjection, countVotes, nickKey } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, insertSql, rowsPerStatement, upsertSql } from '../database/sql-dialect';
import { PlayerEntity } from '../players/player.entity';
import { PlayerRow, toPlayerRow } from '../players/player.mapper';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';

/** What to store for one player. */
export interface ProjectionWrite {
  /** The stored row's id; null for a player this write creates. */
  id: number | null;
  /** As stored (null for a new player). */
  before: PlayerProjection | null;
  after: FoldResult;
  /**
   * true: `after` is a replay of the player's whole log — its balances, vote counters and sessions
   * replace the stored ones. false: `after` folded new events onto `before` — its votes are
   * increments and its sessions new ones.
   */
  replace: boolean;
  /** created_at of a new row (receipt time of the first event). */
  createdAt: number;
}

/** The player row's columns in a fixed order, without created_at (set once, on insert). */
function rowValues(player: PlayerProjection): Omit<PlayerRow, 'createdAt'> {
  const { createdAt: _createdAt, ...row } = toPlayerRow(player, 0);
  return row;
}

/** Rows in key order: every writer takes a table's row locks in the same order. */
function byKey(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Writes projections set by set: one multi-row statement per table and kind of change for the whole
 * batch, whatever the number of players (chunked only beyond the dialect's parameter limit, see
 * `rowsPerStatement`). The callers hold the players' row locks (`loadPlayersForUpdate`, uuid order);
 * new player rows are inserted in uuid order and every other table's rows are written in key order
 * (player id first), so two writers never wait for each other in opposite orders.
 */
export class ProjectionWriter {
  constructor(private readonly dialect: Dialect) {}

  private q(name: string): string {
    return this.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
  }

  /** `returning`: the database has INSERT … RETURNING (`supportsInsertReturning`). */
  async write(
    manager: EntityManager,
    writes: readonly ProjectionWrite[],
    options: { returning?: boolean } = {},
  ): Promise<void> {
    if (writes.length === 0) return;
    const ids = await this.writePlayers(manager, writes, options.returning ?? false);
    const entries = writes.map((write) => ({ write, id: ids.get(write.after.player.uuid) as number }));
    const replaced = entries.filter((e) => e.write.replace && e.write.id !== null).map((e) => e.id);
    for (const table of ['player_balances', 'vote_counts', 'play_sessions']) {
      await this.deleteFor(manager, table, replaced);
    }
    await this.writeBalances(manager, entries);
    await this.writeVotes(manager, entries);
    await this.writeSessions(manager, entries);
    const registered = writes.reduce(
      (sum, w) => sum + Number(w.after.player.registred !== 0) - Number((w.before?.registred ?? 0) !== 0),
      0,
    );
    if (registered !== 0) {
      await manager.query(
        upsertSql(this.dialect, 'counters', ['name', 'value'], 1, ['name'], { increment: ['value'] }),
        [REGISTERED_PLAYERS_COUNTER, registered],
      );
    }
  }

  /** Inserts the new players and updates the changed ones; returns every player's id by uuid. */
  private async writePlayers(
    manager: EntityManager,
    writes: readonly ProjectionWrite[],
    returning: boolean,
  ): Promise<Map<string, number>> {
    const metadata = manager.connection.getMetadata(PlayerEntity);
    const driver = manager.connection.driver;
    const columns = metadata.columns.filter((c) => c.propertyName !== 'id');
    const values = (row: Record<string, unknown>) =>
      columns.map((c) => driver.preparePersistentValue(row[c.propertyName], c));
    const ids = new Map<string, number>();

    const created = writes
      .filter((w) => w.id === null)
      .sort((a, b) => byKey([a.after.player.uuid], [b.after.player.uuid]));
    for (const part of chunk(created, rowsPerStatement(this.dialect, columns.length))) {
      // A plain INSERT: a player another transaction created meanwhile fails it on uq_players_uuid,
      // and the whole batch is retried (it then finds the row and locks it). MariaDB and SQLite
      // return the new ids at once; MySQL reads them back.
      const row = `(${columns.map(() => '?').join(', ')})`;
      const rows: unknown = await manager.query(
        `INSERT INTO ${this.q('players')} (${columns.map((c) => this.q(c.databaseName)).join(', ')}) VALUES ${part.map(() => row).join(', ')}` +
          (returning ? ` RETURNING ${this.q('id')}, ${this.q('uuid')}` : ''),
        part.flatMap((w) => values(toPlayerRow(w.after.player, w.createdAt))),
      );
      if (returning) {
        for (const r of rows as Array<{ id: number | string; uuid: string }>) ids.set(r.uuid, Number(r.id));
        continue;
      }
      const selected: Array<{ id: number | string; uuid: string }> = await manager.query(
        `SELECT ${this.q('id')}, ${this.q('uuid')} FROM ${this.q('players')} WHERE ${this.q('uuid')} IN (${part.map(() => '?').join(', ')})`,
        part.map((w) => w.after.player.uuid),
      );
      for (const r of selected) ids.set(r.uuid, Number(r.id));
    }

    const changed = writes
      .filter((w) => {
        if (w.id === null) return false;
        ids.set(w.after.player.uuid, w.id);
        return (
          w.before === null ||
          JSON.stringify(rowValues(w.before)) !== JSON.stringify(rowValues(w.after.player))
        );
      })
      .sort((a, b) => (a.id as number) - (b.id as number));
    const updateColumns = metadata.columns.filter((c) => c.propertyName !== 'createdAt');
    const replace = updateColumns.filter((c) => c.propertyName !== 'id').map((c) => c.databaseName);
    for (const part of chunk(changed, rowsPerStatement(this.dialect, updateColumns.length + 1))) {
      // Rows that exist and are locked by this transaction: the upsert on the primary key is a
      // multi-row UPDATE (created_at is only in the VALUES, never overwritten).
      const insertColumns = [...updateColumns.map((c) => c.databaseName), 'created_at'];
      const createdAtColumn = metadata.columns.find((c) => c.propertyName === 'createdAt');
      await manager.query(
        upsertSql(this.dialect, 'players', insertColumns, part.length, ['id'], { replace }),
        part.flatMap((w) => {
          const row: Record<string, unknown> = { ...toPlayerRow(w.after.player, 0), id: w.id };
          return [
            ...updateColumns.map((c) => driver.preparePersistentValue(row[c.propertyName], c)),
            driver.preparePersistentValue(0, createdAtColumn as (typeof columns)[number]),
          ];
        }),
      );
    }
    return ids;
  }

  private async deleteFor(
    manager: EntityManager,
    table: string,
    playerIds: readonly number[],
  ): Promise<void> {
    for (const part of chunk(playerIds, rowsPerStatement(this.dialect, 1))) {
      await manager.query(
        `DELETE FROM ${this.q(table)} WHERE ${this.q('player_id')} IN (${part.map(() => '?').join(', ')})`,
        part,
      );
    }
  }

  private async writeBalances(
    manager: EntityManager,
    entries: ReadonlyArray<{ write: ProjectionWrite; id: number }>,
  ): Promise<void> {
    const rows: unknown[][] = [];
    for (const { write, id } of entries) {
      const player = write.after.player;
      const nickLower = nickKey(player.nick);
      const renamed = write.before !== null && nickKey(write.before.nick) !== nickLower;
      for (const type of ECONOMY_TYPES) {
        const now = player.balances[type];
        if (now.asOf === 0) continue;
        const old = write.before?.balances[type];
        const same = !write.replace && !renamed && old?.amount === now.amount && old?.asOf === now.asOf;
        if (!same) rows.push([id, type, now.amount, -now.amount, now.asOf, nickLower, player.uuid]);
      }
    }
    rows.sort(byKey);
    for (const part of chunk(rows, rowsPerStatement(this.dialect, 7))) {
      await manager.query(
        upsertSql(
          this.dialect,
          'player_balances',
          ['player_id', 'currency', 'amount', 'sort_key', 'as_of', 'nick_lower', 'uuid'],
          part.length,
          ['player_id', 'currency'],
          { replace: ['amount', 'sort_key', 'as_of', 'nick_lower'] },
        ),
        part.flat(),
      );
    }
  }

  private async writeVotes(
    manager: EntityManager,
    entries: ReadonlyArray<{ write: ProjectionWrite; id: number }>,
  ): Promise<void> {
    const rows: unknown[][] = [];
    const renamed: Array<[number, string]> = [];
    for (const { write, id } of entries) {
      const player = write.after.player;
      const nickLower = nickKey(player.nick);
      if (!write.replace && write.before !== null && nickKey(write.before.nick) !== nickLower) {
        renamed.push([id, nickLower]);
      }
      for (const count of countVotes(write.after.votes)) {
        rows.push([id, count.period, count.key, count.votes, -count.votes, nickLower, player.uuid]);
      }
    }
    // The leaderboard rows carry a copy of the nick for their tie-break index: one UPDATE for every
    // renamed player of the batch, in player id order.
    renamed.sort(byKey);
    for (const part of chunk(renamed, rowsPerStatement(this.dialect, 3))) {
      const id = this.q('player_id');
      await manager.query(
        `UPDATE ${this.q('vote_counts')} SET ${this.q('nick_lower')} = CASE ${id} ${part.map(() => 'WHEN ? THEN ?').join(' ')} END ` +
          `WHERE ${id} IN (${part.map(() => '?').join(', ')})`,
        [...part.flat(), ...part.map(([playerId]) => playerId)],
      );
    }
    // Replaced players' counters were deleted above, so adding to them sets them.
    rows.sort(byKey);
    for (const part of chunk(rows, rowsPerStatement(this.dialect, 7))) {
      await manager.query(
        upsertSql(
          this.dialect,
          'vote_counts',
          ['player_id', 'period', 'period_key', 'votes', 'sort_key', 'nick_lower', 'uuid'],
          part.length,
          ['player_id', 'period', 'period_key'],
          { increment: ['votes', 'sort_key'], replace: ['nick_lower'] },
        ),
        part.flat(),
      );
    }
  }

  private async writeSessions(
    manager: EntityManager,
    entries: ReadonlyArray<{ write: ProjectionWrite; id: number }>,
  ): Promise<void> {
    const columns = ['player_id', 'server', 'joined_at', 'quit_at', 'duration'];
    const rows = entries
      .flatMap(({ write, id }) =>
        write.after.sessions.map((s) => [id, s.server, s.joinedAt, s.quitAt, s.duration]),
      )
      .sort(byKey);
    for (const part of chunk(rows, rowsPerStatement(this.dialect, columns.length))) {
      await manager.query(insertSql(this.dialect, 'play_sessions', columns, part.length), part.flat());
    }
  }
}
