import { DataSource, EntityManager } from 'typeorm';
import {
  EventStore,
  GameEvent,
  IngestContext,
  IngestOutcome,
  SourcedEvent,
  canAppend,
  foldEvents,
} from '@craftstats/domain';
import { Dialect, dialectOf } from '../database/data-source';
import {
  chunk,
  flatRows,
  insertNewRowsSql,
  insertSql,
  rowsPerStatement,
  selectInSql,
  supportsInsertReturning,
} from '../database/sql-dialect';
import { inProjectionTransaction } from '../database/transactions';
import { replayFromLog } from '../projections/event-history.reader';
import { loadPlayersForUpdate } from '../projections/projection.loader';
import { ProjectionWrite, ProjectionWriter } from '../projections/projection.writer';
import { LOG_EVENT_KEY, LOG_TABLES, LogKind, logKindOf } from '../logs/log-rows';

/**
 * The write path on TypeORM. One transaction per batch:
 *  1. store the batch's events in their log (`economy_log`, `achievement_log`), one multi-row
 *     INSERT per log that skips the ids the log already holds for this server (the unique key
 *     `uq_<log>_event` on (source, event_id)) and returns the rows it inserted: those events are
 *     new, the rest are duplicates (docs/adr/0072-the-log-is-its-own-idempotency-record.md);
 *  2. lock the players concerned in uuid order (SELECT … FOR UPDATE on MySQL; SQLite locks the whole
 *     file) and project: a player whose new events all sort after the newest event it has seen gets
 *     them folded on (`foldEvents`); a player who receives an older event is replayed from its whole
 *     log, read in date windows, instead of being patched (ADRs 0015 and 0076). Then players,
 *     balances, vote counters and the registration counter are written set by set
 *     (`ProjectionWriter`), only what changed (ADR 0077).
 * Deadlocks and creation races with another process roll back and retry the whole batch; a batch
 * that rolls back leaves nothing stored, so its events are new again on the next attempt.
 */
export class TypeOrmEventStore extends EventStore {
  private readonly dialect: Dialect;
  private readonly writer: ProjectionWriter;

  /**
   * `insertReturning`: whether the database has INSERT … RETURNING; detected from the server unless
   * given (tests take MySQL's read-back path on MariaDB with `false`).
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { insertReturning?: boolean } = {},
  ) {
    super();
    this.dialect = dialectOf(dataSource);
    this.writer = new ProjectionWriter(this.dialect);
  }

  async ingest(events: readonly GameEvent[], ctx: IngestContext): Promise<IngestOutcome> {
    if (events.length === 0) return { accepted: 0, duplicates: 0 };
    const returning = this.options.insertReturning ?? (await supportsInsertReturning(this.dataSource));
    return inProjectionTransaction(this.dataSource, (manager) => this.store(manager, events, ctx, returning));
  }

  private async store(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
    returning: boolean,
  ): Promise<IngestOutcome> {
    // Within the batch the first occurrence of an id wins; later ones are duplicates.
    const seen = new Set<string>();
    const unique = events.filter((event) => {
      if (seen.has(event.id)) return false;
      seen.add(event.id);
      return true;
    });
    const fresh = await this.storeNew(manager, unique, ctx, returning);
    const duplicates = events.length - fresh.length;
    if (fresh.length === 0) return { accepted: 0, duplicates };

    await this.project(manager, fresh, ctx, returning);
    return { accepted: fresh.length, duplicates };
  }

  /**
   * Appends `events` (distinct ids, batch order) to their logs and returns those that were new, in
   * batch order. MariaDB and SQLite: one INSERT per log that skips the stored ids and returns the
   * inserted ones (`insertNewRowsSql`). MySQL (no RETURNING): the ids the log already holds are read
   * first, the others inserted with a plain INSERT; an id that another transaction stores in between
   * fails it with a duplicate key once that transaction commits, and the batch is retried — where
   * the read then finds it.
   */
  private async storeNew(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
    returning: boolean,
  ): Promise<GameEvent[]> {
    const byLog: Record<LogKind, GameEvent[]> = { economy: [], achievements: [] };
    for (const event of events) byLog[logKindOf(event)].push(event);
    const stored = new Set<string>();
    // Always the economy log first: every batch takes the logs' locks in the same table order.
    for (const kind of ['economy', 'achievements'] as const) {
      const list = byLog[kind];
      if (list.length === 0) continue;
      const { table, columns, row } = LOG_TABLES[kind];
      const values = (part: readonly GameEvent[]) =>
        flatRows(part.map((event) => row(event, ctx.source, ctx.receivedAt)));
      const perStatement = rowsPerStatement(this.dialect, columns.length);
      if (returning) {
        for (const part of chunk(list, perStatement)) {
          const sql = insertNewRowsSql(this.dialect, table, columns, part.length, LOG_EVENT_KEY, [
            'event_id',
          ]);
          const rows: Array<{ event_id: string }> = await manager.query(sql, values(part));
          for (const inserted of rows) stored.add(inserted.event_id);
        }
        continue;
      }
      const known = new Set<string>();
      for (const part of chunk(list, rowsPerStatement(this.dialect, 1) - 1)) {
        const rows: Array<{ event_id: string }> = await manager.query(
          selectInSql(this.dialect, table, ['event_id'], ['source'], 'event_id', part.length),
          [ctx.source, ...part.map((event) => event.id)],
        );
        for (const found of rows) known.add(found.event_id);
      }
      const fresh = list.filter((event) => !known.has(event.id));
      for (const part of chunk(fresh, perStatement)) {
        await manager.query(insertSql(this.dialect, table, columns, part.length), values(part));
      }
      for (const event of fresh) stored.add(event.id);
    }
    return events.filter((event) => stored.has(event.id));
  }

  private async project(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
    returning: boolean,
  ): Promise<void> {
    const fresh = new Map<string, SourcedEvent[]>();
    for (const event of events) {
      const list = fresh.get(event.uuid) ?? [];
      list.push({ source: ctx.source, event });
      fresh.set(event.uuid, list);
    }
    const stored = await loadPlayersForUpdate(manager, this.dialect, [...fresh.keys()]);
    const projection = { timeZone: ctx.timeZone };
    const writes: ProjectionWrite[] = [];
    const late: string[] = [];
    for (const [uuid, mine] of fresh) {
      const current = stored.get(uuid);
      if (current !== undefined && !canAppend(current.projection, mine)) {
        late.push(uuid);
        continue;
      }
      writes.push({
        id: current?.id ?? null,
        before: current?.projection ?? null,
        after: foldEvents(current?.projection ?? null, mine, projection),
        replace: false,
        createdAt: ctx.receivedAt,
      });
    }
    // An event older than what the player's projection has seen: replay the player's whole log
    // (which already holds this batch's events) rather than patch it.
    const replays = await replayFromLog(manager, late, stored, ctx.timeZone);
    for (const uuid of late) {
      const current = stored.get(uuid);
      const replay = replays.get(uuid);
      if (current === undefined || replay === undefined) continue;
      writes.push({
        id: current.id,
        before: current.projection,
        after: replay.result,
        replace: true,
        createdAt: current.createdAt,
      });
    }
    await this.writer.write(manager, writes, { returning });
  }
}
