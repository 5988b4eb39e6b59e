import { randomUUID } from 'node:crypto';
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
  insertSql,
  quoteIdentifier,
  rowsPerStatement,
  supportsInsertReturning,
  upsertSql,
} from '../database/sql-dialect';
import { inProjectionTransaction } from '../database/transactions';
import { loadHistories } from '../projections/event-history.reader';
import { loadPlayersForUpdate } from '../projections/projection.loader';
import { replayStoredPlayer } from '../projections/projection.rebuild';
import { ProjectionWrite, ProjectionWriter } from '../projections/projection.writer';
import {
  ACHIEVEMENT_LOG_COLUMNS,
  ECONOMY_LOG_COLUMNS,
  achievementLogRow,
  economyLogRow,
} from '../logs/log-rows';

/** Plain code-unit order: the same in every process and database (binary keys, ADR 0016). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The write path on TypeORM. One transaction per batch:
 *  1. claim the event ids in `processed_events` (INSERT IGNORE / ON CONFLICT DO NOTHING) and read
 *     back which ones this batch claimed — the rest were already stored (duplicates);
 *  2. append the new events to the economy and achievement logs;
 *  3. lock the players concerned in uuid order (SELECT … FOR UPDATE on MySQL; SQLite locks the whole
 *     file) and project: a player whose new events all sort after the newest event it has seen gets
 *     them folded on (`foldEvents`); a player who receives an older event is replayed from its whole
 *     log instead of being patched (ADR 0015). Then players, balances, vote counters and play
 *     sessions are written set by set (`ProjectionWriter`).
 * Deadlocks and creation races with another process roll back and retry the whole batch.
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
    const fresh = await this.claim(manager, unique, ctx, returning);
    const duplicates = events.length - fresh.length;
    if (fresh.length === 0) return { accepted: 0, duplicates };

    await this.appendLogs(manager, fresh, ctx);
    await this.project(manager, fresh, ctx, returning);
    return { accepted: fresh.length, duplicates };
  }

  private q(name: string): string {
    return quoteIdentifier(this.dialect, name);
  }

  /**
   * Inserts the ids, in id order (two batches claiming overlapping ids wait for each other instead
   * of deadlocking); the ids this statement inserted are new, the rest were stored before. MariaDB
   * and SQLite say which in the same statement (RETURNING); on MySQL the ids carrying this batch's
   * id are read back. Returns the new events in batch order.
   */
  private async claim(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
    returning: boolean,
  ): Promise<GameEvent[]> {
    const batchId = randomUUID();
    const columns = ['source', 'event_id', 'batch_id', 'received_at'];
    const ids = events.map((event) => event.id).sort(compareText);
    const claimed = new Set<string>();
    for (const part of chunk(ids, rowsPerStatement(this.dialect, columns.length))) {
      const sql = upsertSql(
        this.dialect,
        'processed_events',
        columns,
        part.length,
        ['source', 'event_id'],
        {},
      );
      const params = part.flatMap((id) => [ctx.source, id, batchId, ctx.receivedAt]);
      if (!returning) {
        await manager.query(sql, params);
        continue;
      }
      // MariaDB and SQLite return exactly the rows this statement inserted: the new ids.
      const rows: Array<{ event_id: string }> = await manager.query(
        `${sql} RETURNING ${this.q('event_id')}`,
        params,
      );
      for (const row of rows) claimed.add(row.event_id);
    }
    if (!returning) {
      for (const part of chunk(ids, rowsPerStatement(this.dialect, 1) - 1)) {
        const rows: Array<{ event_id: string; batch_id: string }> = await manager.query(
          `SELECT ${this.q('event_id')}, ${this.q('batch_id')} FROM ${this.q('processed_events')} ` +
            `WHERE ${this.q('source')} = ? AND ${this.q('event_id')} IN (${part.map(() => '?').join(', ')})`,
          [ctx.source, ...part],
        );
        for (const row of rows) if (row.batch_id === batchId) claimed.add(row.event_id);
      }
    }
    return events.filter((event) => claimed.has(event.id));
  }

  /** One multi-row INSERT per log (the economy log and the achievement log). */
  private async appendLogs(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
  ): Promise<void> {
    const economy: unknown[][] = [];
    const achievements: unknown[][] = [];
    for (const event of events) {
      if (event.kind === 'achievement') {
        achievements.push(achievementLogRow(event, ctx.source, ctx.receivedAt));
      } else {
        economy.push(economyLogRow(event, ctx.source, ctx.receivedAt));
      }
    }
    for (const [table, columns, rows] of [
      ['economy_log', ECONOMY_LOG_COLUMNS, economy],
      ['achievement_log', ACHIEVEMENT_LOG_COLUMNS, achievements],
    ] as const) {
      for (const part of chunk(rows, rowsPerStatement(this.dialect, columns.length))) {
        await manager.query(insertSql(this.dialect, table, columns, part.length), part.flat());
      }
    }
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
    const histories = await loadHistories(manager, late);
    for (const uuid of late) {
      const current = stored.get(uuid);
      if (current === undefined) continue;
      const after = replayStoredPlayer(current, histories.get(uuid) ?? [], ctx.timeZone);
      writes.push({
        id: current.id,
        before: current.projection,
        after,
        replace: true,
        createdAt: current.createdAt,
      });
    }
    await this.writer.write(manager, writes, { returning });
  }
}
