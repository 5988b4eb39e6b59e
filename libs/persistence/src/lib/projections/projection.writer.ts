import { EntityManager } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ECONOMY_TYPES, FoldResult, PlayerProjection, countVotes, nickKey } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import { chunk, flatRows, quoteIdentifier, rowsPerStatement, upsertSql } from '../database/sql-dialect';
import { PlayerEntity } from '../players/player.entity';
import { PlayerMapper, PlayerRow } from '../players/player.mapper';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';

/** What to store for one player. */
export interface ProjectionWrite {
  /** The stored row's id; null for a player this write creates. */
  id: number | null;
  /** As stored (null for a new player). */
  before: PlayerProjection | null;
  after: FoldResult;
  /**
   * true: `after` is a replay of the player's whole log — its balances and vote counters replace
   * the stored ones. false: `after` folded new events onto `before` — its votes are increments.
   * (Closed play sessions are not stored: nothing reads them, the players row keeps the played time
   * and the open session; docs/adr/0072-the-log-is-its-own-idempotency-record.md.)
   */
  replace: boolean;
  /** created_at of a new row (receipt time of the first event). */
  createdAt: number;
}

/**
 * The players table's columns as `writePlayers` writes them, worked out once per writer from the
 * entity metadata (docs/ingestion.md, "Less CPU per batch"): per batch only the values are computed.
 */
interface PlayerColumns {
  /** Every column but id, in metadata order: the INSERT of new players. */
  insert: ReadonlyArray<keyof PlayerRow>;
  insertSql: (rows: number, returning: boolean) => string;
  /**
   * The columns the upsert of changed players always sends: those without a default (the statement
   * is an INSERT before it is an update, and both dialects refuse a NOT NULL column without a value
   * even when the row then exists). created_at is among them, in the VALUES only.
   */
  required: ReadonlyArray<keyof PlayerRow>;
  /** The row's columns but id and created_at: what decides whether a stored player changed. */
  compared: ReadonlyArray<keyof PlayerRow>;
  /** The column's name in the table, by property name. */
  columnName: (property: string) => string;
  /** The driver's value of a column (`preparePersistentValue`), by property name. */
  prepare: (property: string, value: unknown) => unknown;
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
  private playerColumns: PlayerColumns | null = null;

  constructor(private readonly dialect: Dialect) {}

  private columnsOf(manager: EntityManager): PlayerColumns {
    if (this.playerColumns !== null) return this.playerColumns;
    const metadata = manager.connection.getMetadata(PlayerEntity);
    const driver = manager.connection.driver;
    const byProperty = new Map<string, ColumnMetadata>(metadata.columns.map((c) => [c.propertyName, c]));
    const insert = metadata.columns.filter((c) => c.propertyName !== 'id');
    const createdAt = byProperty.get('createdAt') as ColumnMetadata;
    const placeholders = `(${insert.map(() => '?').join(', ')})`;
    const insertHead = `INSERT INTO ${this.q('players')} (${insert.map((c) => this.q(c.databaseName)).join(', ')}) VALUES `;
    this.playerColumns = {
      insert: insert.map((c) => c.propertyName as keyof PlayerRow),
      insertSql: (rows, returning) =>
        insertHead +
        Array(rows).fill(placeholders).join(', ') +
        (returning ? ` RETURNING ${this.q('id')}, ${this.q('uuid')}` : ''),
      required: insert
        .filter((c) => c.default === undefined && !c.isNullable)
        .map((c) => c.propertyName as keyof PlayerRow),
      compared: insert.filter((c) => c !== createdAt).map((c) => c.propertyName as keyof PlayerRow),
      columnName: (property) => (byProperty.get(property) as ColumnMetadata).databaseName,
      prepare: (property, value) =>
        driver.preparePersistentValue(value, byProperty.get(property) as ColumnMetadata),
    };
    return this.playerColumns;
  }

  private q(name: string): string {
    return quoteIdentifier(this.dialect, name);
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
    // The leaderboard rows carry a copy of the nick for their tie-break index: a renamed player's rows
    // are renamed in place (its stored balances are not read, `StoredPlayer`), a replaced player's
    // are deleted and written again.
    const renamed: Array<[number, string]> = entries
      .filter(
        ({ write }) =>
          !write.replace &&
          write.before !== null &&
          nickKey(write.before.nick) !== nickKey(write.after.player.nick),
      )
      .map(({ write, id }) => [id, nickKey(write.after.player.nick)]);
    for (const table of ['player_balances', 'vote_counts']) {
      await this.deleteFor(manager, table, replaced);
      await this.renameIn(manager, table, renamed);
    }
    await this.writeBalances(manager, entries);
    await this.writeVotes(manager, entries);
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
    const columns = this.columnsOf(manager);
    const { prepare } = columns;
    const ids = new Map<string, number>();

    const created = writes
      .filter((w) => w.id === null)
      .sort((a, b) => byKey([a.after.player.uuid], [b.after.player.uuid]));
    for (const part of chunk(created, rowsPerStatement(this.dialect, columns.insert.length))) {
      // A plain INSERT: a player another transaction created meanwhile fails it on uq_players_uuid,
      // and the whole batch is retried (it then finds the row and locks it). MariaDB and SQLite
      // return the new ids at once; MySQL reads them back.
      const params: unknown[] = [];
      for (const w of part) {
        const row = PlayerMapper.toPersistence(w.after.player, w.createdAt);
        for (const property of columns.insert) params.push(prepare(property, row[property]));
      }
      const rows: unknown = await manager.query(columns.insertSql(part.length, returning), params);
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

    // A stored player is written when a column of its row (but id and created_at) differs, and only
    // the columns that differ for some player of the batch are set (docs/ingestion.md): a level
    // update sets four columns of its players, not fifty.
    const changed: Array<{ id: number; row: PlayerRow }> = [];
    const set = new Set<keyof PlayerRow>();
    for (const w of writes) {
      if (w.id === null) continue;
      ids.set(w.after.player.uuid, w.id);
      const row = PlayerMapper.toPersistence(w.after.player, 0);
      const before = w.before === null ? null : PlayerMapper.toPersistence(w.before, 0);
      let differs = false;
      for (const property of columns.compared) {
        if (before !== null && before[property] === row[property]) continue;
        set.add(property);
        differs = true;
      }
      if (differs) changed.push({ id: w.id, row });
    }
    if (changed.length === 0) return ids;
    changed.sort((a, b) => a.id - b.id);
    const sent: Array<keyof PlayerRow | 'id'> = ['id', ...columns.required];
    for (const property of set) if (!sent.includes(property)) sent.push(property);
    const createdAtValue = prepare('createdAt', 0);
    for (const part of chunk(changed, rowsPerStatement(this.dialect, sent.length))) {
      // Rows that exist and are locked by this transaction: the upsert on the primary key is a
      // multi-row UPDATE of the changed columns (the required ones are only in the VALUES, and
      // created_at is never overwritten).
      const params: unknown[] = [];
      for (const { id, row } of part) {
        for (const property of sent) {
          if (property === 'createdAt') params.push(createdAtValue);
          else params.push(prepare(property, property === 'id' ? id : row[property]));
        }
      }
      await manager.query(
        upsertSql(this.dialect, 'players', sent.map(columns.columnName), part.length, ['id'], {
          replace: [...set].map(columns.columnName),
        }),
        params,
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

  /** Sets `nick_lower` of every row of `table` of each renamed player: one UPDATE, player id order. */
  private async renameIn(
    manager: EntityManager,
    table: string,
    renamed: ReadonlyArray<[playerId: number, nickLower: string]>,
  ): Promise<void> {
    const sorted = [...renamed].sort(byKey);
    for (const part of chunk(sorted, rowsPerStatement(this.dialect, 3))) {
      const id = this.q('player_id');
      await manager.query(
        `UPDATE ${this.q(table)} SET ${this.q('nick_lower')} = CASE ${id} ${part.map(() => 'WHEN ? THEN ?').join(' ')} END ` +
          `WHERE ${id} IN (${part.map(() => '?').join(', ')})`,
        [...flatRows(part), ...part.map(([playerId]) => playerId)],
      );
    }
  }

  /** The balances a fold set (every one of a replay), in key order. */
  private async writeBalances(
    manager: EntityManager,
    entries: ReadonlyArray<{ write: ProjectionWrite; id: number }>,
  ): Promise<void> {
    const rows: unknown[][] = [];
    for (const { write, id } of entries) {
      const player = write.after.player;
      const nickLower = nickKey(player.nick);
      for (const type of ECONOMY_TYPES) {
        const now = player.balances[type];
        if (now.asOf === 0) continue;
        const old = write.before?.balances[type];
        const same = !write.replace && old?.amount === now.amount && old?.asOf === now.asOf;
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
        flatRows(part),
      );
    }
  }

  private async writeVotes(
    manager: EntityManager,
    entries: ReadonlyArray<{ write: ProjectionWrite; id: number }>,
  ): Promise<void> {
    const rows: unknown[][] = [];
    for (const { write, id } of entries) {
      const player = write.after.player;
      const nickLower = nickKey(player.nick);
      for (const count of countVotes(write.after.votes)) {
        rows.push([id, count.period, count.key, count.votes, -count.votes, nickLower, player.uuid]);
      }
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
        flatRows(part),
      );
    }
  }
}
