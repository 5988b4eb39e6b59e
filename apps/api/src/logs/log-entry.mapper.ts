import {
  AchievementLogEntry,
  EconomyLogAction,
  EconomyLogEntry,
  EventAction,
  isEconomyLogAction,
  isEventAction,
} from '@craftstats/contracts';
import { AchievementLogRecord, EconomyLogRecord } from '@craftstats/domain';

/** A stored action is one the ingestor accepted; anything else is a broken invariant, not user input. */
function storedAction<T extends string>(action: string, is: (value: unknown) => value is T): T {
  if (!is(action)) throw new Error(`stored log entry has the unexpected action "${action}"`);
  return action;
}

/**
 * Every field is text, `date` is milliseconds as text (OpenAPI: `EconomyLogEntryDto`). The public log's
 * actions only.
 */
export function toEconomyLogEntry(row: EconomyLogRecord): EconomyLogEntry {
  return { ...economyFields(row), action: storedAction<EconomyLogAction>(row.action, isEconomyLogAction) };
}

/** The same fields for the panel, whose history holds every action. */
export function toEconomyHistoryEntry(row: EconomyLogRecord): Omit<EconomyLogEntry, 'action'> & {
  action: EventAction;
} {
  return { ...economyFields(row), action: storedAction(row.action, isEventAction) };
}

function economyFields(row: EconomyLogRecord): Omit<EconomyLogEntry, 'action'> {
  return {
    nick: row.nick,
    uuid: row.uuid,
    sender: row.sender,
    server: row.server,
    old_value: row.oldValue,
    new_value: row.newValue,
    date: String(row.date),
  };
}

/** `ach_value` an integer, `date` milliseconds as text. */
export function toAchievementLogEntry(row: AchievementLogRecord): AchievementLogEntry {
  return {
    nick: row.nick,
    uuid: row.uuid,
    ach_id: row.achId,
    ach_name: row.achName,
    ach_value: row.achValue,
    server: row.server,
    date: String(row.date),
  };
}
