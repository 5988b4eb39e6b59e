import { AchievementEvent, GameEvent, isPublicLogAction } from '@craftstats/domain';
import { eventDetails } from '../events/event.details';

/** Columns of an `economy_log` row, in the order of `economyLogRow`'s values. */
export const ECONOMY_LOG_COLUMNS = [
  'event_id',
  'source',
  'action',
  'uuid',
  'nick',
  'sender',
  'server',
  'old_value',
  'new_value',
  'date',
  'is_public',
  'details',
  'received_at',
] as const;

/** Columns of an `achievement_log` row, in the order of `achievementLogRow`'s values. */
export const ACHIEVEMENT_LOG_COLUMNS = [
  'event_id',
  'source',
  'uuid',
  'nick',
  'ach_id',
  'ach_name',
  'ach_value',
  'server',
  'date',
  'received_at',
] as const;

/** A value of a log row as the drivers take it. */
export type LogValue = string | number | null;

/**
 * The values of an event's `economy_log` row (every event but an achievement), for the multi-row
 * INSERTs of the write path and of the legacy bulk import: one place decides what the log stores.
 */
export function economyLogRow(event: GameEvent, source: string, receivedAt: number): LogValue[] {
  return [
    event.id,
    source,
    event.action,
    event.uuid,
    event.nick,
    event.sender,
    event.server,
    event.oldValue,
    event.newValue,
    event.date,
    isPublicLogAction(event.action) ? 1 : 0,
    eventDetails(event),
    receivedAt,
  ];
}

/** The values of an achievement's `achievement_log` row. */
export function achievementLogRow(event: AchievementEvent, source: string, receivedAt: number): LogValue[] {
  return [
    event.id,
    source,
    event.uuid,
    event.nick,
    event.achId,
    event.achName,
    event.achValue,
    event.server,
    event.date,
    receivedAt,
  ];
}
