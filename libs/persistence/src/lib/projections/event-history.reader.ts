import { And, EntityManager, EntityTarget, FindOperator, In, LessThanOrEqual, MoreThan } from 'typeorm';
import {
  FoldResult,
  SourcedEvent,
  VoteIncrement,
  countVotes,
  foldEvents,
  legacyEventFromLog,
  parseEvent,
} from '@craftstats/domain';
import { chunk } from '../database/sql-dialect';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { LogRowBase } from '../logs/log-row.base';
import { StoredPlayer } from './projection.loader';

const UUIDS_PER_STATEMENT = 200;

/** A log row that no longer reads as a valid event (e.g. written by hand): rebuilding stops there. */
export class UnreadableLogRowError extends Error {
  constructor(table: string, source: string, eventId: string, reason: string) {
    super(`${table} row ${source}/${eventId} is not a valid event: ${reason}`);
    this.name = 'UnreadableLogRowError';
  }
}

function read(table: string, source: string, raw: Record<string, unknown>, date: number): SourcedEvent {
  // The receipt time only bounds future dates; the row was validated when it was stored.
  const result = parseEvent(raw, { defaultServer: String(raw['server']), receivedAt: date });
  if (!result.ok) throw new UnreadableLogRowError(table, source, String(raw['id']), result.error);
  return { source, event: result.event };
}

/** An economy-log row as the event it was stored from. */
export function economyRowToEvent(row: EconomyLogEntity): SourcedEvent {
  if (row.action === 'LEGACY_IMPORT') {
    // Never sent by a game server (the ingest parser refuses it): the row keeps the whole snapshot.
    try {
      return { source: row.source, event: legacyEventFromLog(row) };
    } catch (error) {
      throw new UnreadableLogRowError('economy_log', row.source, row.eventId, (error as Error).message);
    }
  }
  const details = row.details === null ? {} : (JSON.parse(row.details) as Record<string, unknown>);
  return read(
    'economy_log',
    row.source,
    {
      ...details,
      id: row.eventId,
      action: row.action,
      uuid: row.uuid,
      nick: row.nick,
      server: row.server,
      sender: row.sender,
      date: row.date,
      old_value: row.oldValue,
      new_value: row.newValue,
    },
    row.date,
  );
}

/** An achievement-log row as the event it was stored from. */
export function achievementRowToEvent(row: AchievementLogEntity): SourcedEvent {
  return read(
    'achievement_log',
    row.source,
    {
      id: row.eventId,
      action: 'ACHIEVEMENT_COMPLETE',
      uuid: row.uuid,
      nick: row.nick,
      server: row.server,
      date: row.date,
      ach_id: row.achId,
      ach_name: row.achName,
      ach_value: row.achValue,
    },
    row.date,
  );
}

/**
 * Rows of each log that one step of a replay reads (plus the rows that share the step's last date):
 * what bounds a replay's memory, whatever the length of a player's log
 * (docs/adr/0076-replays-read-the-log-in-date-windows.md).
 */
export const REPLAY_WINDOW_ROWS = 5000;

/** A player's projection replayed from the log. */
export interface Replay {
  /**
   * The projection of the player's whole log, the web group (which no event sets) kept from the
   * stored row. Its vote increments are summed per counter; closed sessions are not kept (nothing
   * stores them, ADR 0072).
   */
  result: FoldResult;
  /** Log events read. */
  events: number;
  /** The earliest event date. */
  firstDate: number;
}

/** A log a replay reads, and how one of its rows reads as the event it was stored from. */
interface ReplayedLog {
  entity: EntityTarget<LogRowBase>;
  toEvent(row: LogRowBase): SourcedEvent;
}

const LOGS: readonly ReplayedLog[] = [
  { entity: EconomyLogEntity, toEvent: (row) => economyRowToEvent(row as EconomyLogEntity) },
  { entity: AchievementLogEntity, toEvent: (row) => achievementRowToEvent(row as AchievementLogEntity) },
];

/**
 * Replays the given players from both logs, without holding a whole log in memory: the logs are read
 * in date windows of at most `windowRows` rows per log (and every row sharing the window's last date),
 * and each window is folded onto what the earlier ones gave. A window's events all sort after the
 * earlier windows' (the history's order is the date first, `compareEventKeys`), so this is
 * `foldEvents(null, wholeLog)` step by step. Players without a logged event are not in the result.
 *
 * Plain reads: on MySQL/MariaDB the caller's transaction is READ COMMITTED and holds the players'
 * row locks, so the log it reads holds every event committed for them — exactly the events their
 * stored projection was built from.
 */
export async function replayFromLog(
  manager: EntityManager,
  uuids: readonly string[],
  stored: ReadonlyMap<string, StoredPlayer>,
  timeZone: string,
  windowRows = REPLAY_WINDOW_ROWS,
): Promise<Map<string, Replay>> {
  const replays = new Map<string, Replay>();
  for (const part of chunk(uuids, UUIDS_PER_STATEMENT)) {
    // Dates up to `after` are folded; null before the first window.
    let after: number | null = null;
    for (;;) {
      const end = await windowEnd(manager, part, after, windowRows);
      const byPlayer = new Map<string, SourcedEvent[]>();
      for (const log of LOGS) {
        const rows = await manager.getRepository(log.entity).find({
          where: { uuid: In(part), ...dateWindow(after, end) },
        });
        for (const row of rows) {
          const event = log.toEvent(row);
          const list = byPlayer.get(row.uuid);
          if (list) list.push(event);
          else byPlayer.set(row.uuid, [event]);
        }
      }
      for (const [uuid, events] of byPlayer) {
        replays.set(uuid, foldWindow(replays.get(uuid), events, stored.get(uuid), timeZone));
      }
      if (end === null) break;
      after = end;
    }
  }
  return replays;
}

/**
 * The last date of the next window: the lowest date that is the `windowRows`-th after `after` in
 * one of the logs, or null when both logs have fewer rows left (the window is the rest).
 */
async function windowEnd(
  manager: EntityManager,
  uuids: readonly string[],
  after: number | null,
  windowRows: number,
): Promise<number | null> {
  let end: number | null = null;
  for (const log of LOGS) {
    const query = manager
      .getRepository(log.entity)
      .createQueryBuilder('log')
      .select('log.date', 'date')
      .where({ uuid: In(uuids), ...dateWindow(after, null) })
      .orderBy('log.date', 'ASC')
      .offset(windowRows - 1)
      .limit(1);
    const row: { date: number | string } | undefined = await query.getRawOne();
    if (row !== undefined) end = end === null ? Number(row.date) : Math.min(end, Number(row.date));
  }
  return end;
}

function dateWindow(after: number | null, end: number | null): { date?: FindOperator<number> } {
  if (after === null) return end === null ? {} : { date: LessThanOrEqual(end) };
  return { date: end === null ? MoreThan(after) : And(MoreThan(after), LessThanOrEqual(end)) };
}

/** `previous` (the earlier windows) with one more window of a player's events folded on. */
function foldWindow(
  previous: Replay | undefined,
  events: SourcedEvent[],
  stored: StoredPlayer | undefined,
  timeZone: string,
): Replay {
  const folded = foldEvents(previous?.result.player ?? null, events, { timeZone });
  if (stored !== undefined) folded.player.webGroup = stored.projection.webGroup;
  const votes = countVotes([...(previous?.result.votes ?? []), ...folded.votes]).map(
    ({ period, key, votes: count }): VoteIncrement => ({ period, key, count }),
  );
  return {
    result: { player: folded.player, votes, sessions: [] },
    events: (previous?.events ?? 0) + events.length,
    firstDate: events.reduce((min, e) => Math.min(min, e.event.date), previous?.firstDate ?? Infinity),
  };
}
