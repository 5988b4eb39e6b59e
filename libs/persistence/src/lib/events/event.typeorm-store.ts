import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import {
  ClosedSession,
  ECONOMY_TYPES,
  EventStore,
  GameEvent,
  IngestContext,
  IngestOutcome,
  PlayerProjection,
  VoteIncrement,
  applyEvent,
  isPublicLogAction,
  nickKey,
} from '@craftstats/domain';
import { Dialect, dialectOf } from '../database/data-source';
import { isRetryableTransactionError } from '../database/database-errors';
import { chunk, upsertSql } from '../database/sql-dialect';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { PlaySessionEntity } from '../players/play-session.entity';
import { PlayerEntity } from '../players/player.entity';
import { toPlayerRow, toProjection } from '../players/player.mapper';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';
import { ProcessedEventEntity } from './processed-event.entity';
import { eventDetails } from './event.details';

const MAX_ATTEMPTS = 6;
const ROWS_PER_STATEMENT = 200;

/** A race with another writer that a fresh attempt of the whole transaction resolves. */
function isRaceError(error: unknown): boolean {
  if (isRetryableTransactionError(error)) return true;
  const code =
    (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ??
    (error as { code?: string })?.code;
  // Two writers creating the same new player: the loser retries and then finds the row.
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

interface TouchedPlayer {
  id: number | null;
  /** As stored before this batch (null for a player this batch creates). */
  before: PlayerProjection | null;
  /** As the batch leaves it (null only until the first event is applied). */
  player: PlayerProjection | null;
  votes: VoteIncrement[];
  sessions: ClosedSession[];
}

/**
 * The write path on TypeORM. One transaction per batch:
 *  1. claim the event ids in `processed_events` (INSERT IGNORE / ON CONFLICT DO NOTHING) and read
 *     back which ones this batch claimed — the rest were already stored (duplicates);
 *  2. append the new events to the economy and achievement logs;
 *  3. lock the players concerned (SELECT … FOR UPDATE on MySQL; SQLite locks the whole file),
 *     apply the domain rules in date order, and write back players, balances, vote counters and
 *     play sessions.
 * Deadlocks and creation races with another process roll back and retry the whole batch.
 */
export class TypeOrmEventStore extends EventStore {
  private readonly dialect: Dialect;
  /** SQLite has one connection per process: batches of this process run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {
    super();
    this.dialect = dialectOf(dataSource);
  }

  async ingest(events: readonly GameEvent[], ctx: IngestContext): Promise<IngestOutcome> {
    if (events.length === 0) return { accepted: 0, duplicates: 0 };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.exclusive(() =>
          this.dataSource.transaction((manager) => this.store(manager, events, ctx)),
        );
      } catch (error) {
        if (!isRaceError(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
      }
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.dialect !== 'sqlite') return work();
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async store(
    manager: EntityManager,
    events: readonly GameEvent[],
    ctx: IngestContext,
  ): Promise<IngestOutcome> {
    // Within the batch the first occurrence of an id wins, in its own position (equal dates are applied
    // in batch order); later ones are duplicates.
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
    const touched = await this.loadPlayers(manager, [...new Set(events.map((event) => event.uuid))]);
    // Apply in event-date order (stable: equal dates keep batch order), so a batch that carries a
    // quit before its join, or balances out of order, still ends in the right state.
    const ordered = events
      .map((event, index) => ({ event, index }))
      .sort((a, b) => a.event.date - b.event.date || a.index - b.index);
    for (const { event } of ordered) {
      let entry = touched.get(event.uuid);
      if (entry === undefined) {
        entry = { id: null, before: null, player: null, votes: [], sessions: [] };
        touched.set(event.uuid, entry);
      }
      const { player, effects } = applyEvent(entry.player, event, { timeZone: ctx.timeZone });
      entry.player = player;
      entry.votes.push(...effects.votes);
      if (effects.closedSession) entry.sessions.push(effects.closedSession);
    }
    let registered = 0;
    for (const entry of touched.values()) {
      if ((entry.before?.registred ?? 0) === 0 && (entry.player?.registred ?? 0) !== 0) registered++;
      await this.savePlayer(manager, entry, ctx.receivedAt);
    }
    if (registered > 0) {
      await manager.query(
        upsertSql(this.dialect, 'counters', ['name', 'value'], 1, ['name'], { increment: ['value'] }),
        [REGISTERED_PLAYERS_COUNTER, registered],
      );
    }
  }

  /** Loads (and on MySQL locks) the stored players among `uuids`. */
  private async loadPlayers(
    manager: EntityManager,
    uuids: readonly string[],
  ): Promise<Map<string, TouchedPlayer>> {
    const touched = new Map<string, TouchedPlayer>();
    for (const part of chunk(uuids, ROWS_PER_STATEMENT)) {
      const rows = await manager.getRepository(PlayerEntity).find({
        where: { uuid: In(part) },
        ...(this.dialect === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      });
      if (rows.length === 0) continue;
      // Locked too: under REPEATABLE READ a plain read would return this transaction's snapshot,
      // possibly older than a batch that committed while we waited for the player locks.
      const balances = await manager.getRepository(PlayerBalanceEntity).find({
        where: { playerId: In(rows.map((r) => r.id)) },
        ...(this.dialect === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      });
      for (const row of rows) {
        const projection = toProjection(
          row,
          balances.filter((b) => b.playerId === row.id),
        );
        touched.set(row.uuid, {
          id: row.id,
          before: projection,
          player: projection,
          votes: [],
          sessions: [],
        });
      }
    }
    return touched;
  }

  private async savePlayer(manager: EntityManager, entry: TouchedPlayer, receivedAt: number): Promise<void> {
    const { player, before } = entry;
    if (player === null) return;
    let playerId = entry.id;
    if (playerId === null) {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(PlayerEntity)
        .values(toPlayerRow(player, receivedAt))
        .updateEntity(false)
        .execute();
      playerId = Number(result.identifiers[0]?.['id'] ?? result.raw?.insertId ?? result.raw);
      if (!Number.isInteger(playerId)) {
        playerId = (
          await manager
            .getRepository(PlayerEntity)
            .findOneOrFail({ where: { uuid: player.uuid }, select: { id: true } })
        ).id;
      }
    } else if (JSON.stringify(before) !== JSON.stringify(player)) {
      const { createdAt: _createdAt, ...row } = toPlayerRow(player, 0);
      await manager.getRepository(PlayerEntity).update({ id: playerId }, row);
    }

    const nickLower = nickKey(player.nick);
    const renamed = before !== null && nickKey(before.nick) !== nickLower;
    if (renamed) {
      // The leaderboard tables carry a copy of the nick for their tie-break index.
      await manager.getRepository(PlayerBalanceEntity).update({ playerId }, { nickLower });
      await manager.query(
        this.dialect === 'mysql'
          ? 'UPDATE `vote_counts` SET `nick_lower` = ? WHERE `player_id` = ?'
          : 'UPDATE "vote_counts" SET "nick_lower" = ? WHERE "player_id" = ?',
        [nickLower, playerId],
      );
    }

    const changedBalances = ECONOMY_TYPES.filter((type) => {
      const now = player.balances[type];
      const old = before?.balances[type];
      return now.asOf !== 0 && (old === undefined || old.amount !== now.amount || old.asOf !== now.asOf);
    });
    if (changedBalances.length > 0) {
      await manager.query(
        upsertSql(
          this.dialect,
          'player_balances',
          ['player_id', 'currency', 'amount', 'sort_key', 'as_of', 'nick_lower', 'uuid'],
          changedBalances.length,
          ['player_id', 'currency'],
          { replace: ['amount', 'sort_key', 'as_of', 'nick_lower'] },
        ),
        changedBalances.flatMap((type) => {
          const { amount, asOf } = player.balances[type];
          return [playerId, type, amount, -amount, asOf, nickLower, player.uuid];
        }),
      );
    }

    const voteCounts = new Map<string, { period: string; key: string; n: number }>();
    for (const vote of entry.votes) {
      const id = `${vote.period}|${vote.key}`;
      const current = voteCounts.get(id) ?? { period: vote.period, key: vote.key, n: 0 };
      current.n += vote.count ?? 1;
      voteCounts.set(id, current);
    }
    if (voteCounts.size > 0) {
      const rows = [...voteCounts.values()];
      await manager.query(
        upsertSql(
          this.dialect,
          'vote_counts',
          ['player_id', 'period', 'period_key', 'votes', 'sort_key', 'nick_lower', 'uuid'],
          rows.length,
          ['player_id', 'period', 'period_key'],
          { increment: ['votes', 'sort_key'], replace: ['nick_lower'] },
        ),
        rows.flatMap((row) => [playerId, row.period, row.key, row.n, -row.n, nickLower, player.uuid]),
      );
    }

    if (entry.sessions.length > 0) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(PlaySessionEntity)
        .values(entry.sessions.map((s) => ({ playerId: playerId as number, ...s })))
        .updateEntity(false)
        .execute();
    }
  }
}
