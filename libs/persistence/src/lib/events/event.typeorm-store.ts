import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import {
  EventStore,
  GameEvent,
  IngestContext,
  IngestOutcome,
  SourcedEvent,
  canAppend,
  foldEvents,
  isPublicLogAction,
} from '@craftstats/domain';
import { Dialect, dialectOf } from '../database/data-source';
import { chunk, upsertSql } from '../database/sql-dialect';
import { inProjectionTransaction } from '../database/transactions';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { loadHistories } from '../projections/event-history.reader';
import { loadPlayersForUpdate } from '../projections/projection.loader';
import { replayStoredPlayer } from '../projections/projection.rebuild';
import { ProjectionWrite, ProjectionWriter } from '../projections/projection.writer';
import { ProcessedEventEntity } from './processed-event.entity';
import { eventDetails } from './event.details';

const ROWS_PER_STATEMENT = 200;

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

  constructor(private readonly dataSource: DataSource) {
    super();
    this.dialect = dialectOf(dataSource);
    this.writer = new ProjectionWriter(this.dialect);
  }

  async ingest(events: readonly GameEvent[], ctx: IngestContext): Promise<IngestOutcome> {
    if (events.length === 0) return { accepted: 0, duplicates: 0 };
    return inProjectionTransaction(this.dataSource, (manager) => this.store(manager, events, ctx));
  }

  private async store(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
  ): Promise<IngestOutcome> {
    // Within the batch the first occurrence of an id wins; later ones are duplicates.
    const seen = new Set<string>();
    const unique = events.filter((event) => {
      if (seen.has(event.id)) return false;
      seen.add(event.id);
      return true;
    });
    const fresh = await this.claim(manager, unique, ctx);
    const duplicates = events.length - fresh.length;
    if (fresh.length === 0) return { accepted: 0, duplicates };

    await this.appendLogs(manager, fresh, ctx);
    await this.project(manager, fresh, ctx);
    return { accepted: fresh.length, duplicates };
  }

  /** Inserts the ids; returns the events whose id this batch inserted, in batch order. */
  private async claim(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
  ): Promise<GameEvent[]> {
    const batchId = randomUUID();
    const columns = ['source', 'event_id', 'batch_id', 'received_at'];
    for (const part of chunk(events, ROWS_PER_STATEMENT)) {
      await manager.query(
        upsertSql(this.dialect, 'processed_events', columns, part.length, ['source', 'event_id'], {}),
        part.flatMap((event) => [ctx.source, event.id, batchId, ctx.receivedAt]),
      );
    }
    const claimed = new Set<string>();
    for (const part of chunk(events, ROWS_PER_STATEMENT)) {
      const rows = await manager.getRepository(ProcessedEventEntity).find({
        select: { eventId: true, batchId: true },
        where: { source: ctx.source, eventId: In(part.map((event) => event.id)) },
      });
      for (const row of rows) if (row.batchId === batchId) claimed.add(row.eventId);
    }
    return events.filter((event) => claimed.has(event.id));
  }

  private async appendLogs(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
  ): Promise<void> {
    const economy: Array<Omit<EconomyLogEntity, 'id'>> = [];
    const achievements: Array<Omit<AchievementLogEntity, 'id'>> = [];
    for (const event of events) {
      if (event.kind === 'achievement') {
        achievements.push({
          eventId: event.id,
          source: ctx.source,
          uuid: event.uuid,
          nick: event.nick,
          achId: event.achId,
          achName: event.achName,
          achValue: event.achValue,
          server: event.server,
          date: event.date,
          receivedAt: ctx.receivedAt,
        });
      } else {
        economy.push({
          eventId: event.id,
          source: ctx.source,
          action: event.action,
          uuid: event.uuid,
          nick: event.nick,
          sender: event.sender,
          server: event.server,
          oldValue: event.oldValue,
          newValue: event.newValue,
          date: event.date,
          isPublic: isPublicLogAction(event.action),
          details: eventDetails(event),
          receivedAt: ctx.receivedAt,
        });
      }
    }
    for (const part of chunk(economy, ROWS_PER_STATEMENT)) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(EconomyLogEntity)
        .values(part)
        .updateEntity(false)
        .execute();
    }
    for (const part of chunk(achievements, ROWS_PER_STATEMENT)) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(AchievementLogEntity)
        .values(part)
        .updateEntity(false)
        .execute();
    }
  }

  private async project(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
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
    await this.writer.write(manager, writes);
  }
}
