import { EntityManager, In } from 'typeorm';
import { SourcedEvent, legacyEventFromLog, parseEvent } from '@craftstats/domain';
import { chunk } from '../database/sql-dialect';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';

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
 * Every logged event of the given players (both logs), by uuid. Plain reads: on MySQL/MariaDB the
 * caller's transaction is READ COMMITTED and holds the players' row locks, so the log it reads holds
 * every event committed for them — exactly the events their stored projection was built from.
 */
export async function loadHistories(
  manager: EntityManager,
  uuids: readonly string[],
): Promise<Map<string, SourcedEvent[]>> {
  const histories = new Map<string, SourcedEvent[]>(uuids.map((uuid) => [uuid, []]));
  const add = (event: SourcedEvent) => histories.get(event.event.uuid)?.push(event);
  for (const part of chunk(uuids, UUIDS_PER_STATEMENT)) {
    const economy = await manager.getRepository(EconomyLogEntity).find({ where: { uuid: In(part) } });
    for (const row of economy) add(economyRowToEvent(row));
    const achievements = await manager
      .getRepository(AchievementLogEntity)
      .find({ where: { uuid: In(part) } });
    for (const row of achievements) add(achievementRowToEvent(row));
  }
  return histories;
}
