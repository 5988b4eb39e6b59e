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

/** The two logs: achievement completions in `achievement_log`, every other event in `economy_log`. */
export type LogKind = 'economy' | 'achievements';

/** What the write path needs of a log table: its name, its columns and an event's values. */
export interface LogTable {
  readonly kind: LogKind;
  readonly table: 'economy_log' | 'achievement_log';
  readonly columns: readonly string[];
  row(event: GameEvent, source: string, receivedAt: number): LogValue[];
}

export const LOG_TABLES: Readonly<Record<LogKind, LogTable>> = {
  economy: { kind: 'economy', table: 'economy_log', columns: ECONOMY_LOG_COLUMNS, row: economyLogRow },
  achievements: {
    kind: 'achievements',
    table: 'achievement_log',
    columns: ACHIEVEMENT_LOG_COLUMNS,
    row: (event, source, receivedAt) => {
      if (event.kind !== 'achievement') throw new TypeError(`${event.action} is not an achievement`);
      return achievementLogRow(event, source, receivedAt);
    },
  },
};

/** The log an event is stored in. */
export function logKindOf(event: GameEvent): LogKind {
  return event.kind === 'achievement' ? 'achievements' : 'economy';
}

/**
 * The unique key of every log table (`uq_<table>_event`): an event id is stored once per sending
 * server and log, which is what makes a resent event a duplicate.
 */
export const LOG_EVENT_KEY = ['source', 'event_id'] as const;
