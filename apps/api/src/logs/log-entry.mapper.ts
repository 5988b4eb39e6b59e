import { AchievementLogEntry, EconomyLogEntry } from '@craftstats/contracts';
import { AchievementLogRecord, EconomyLogRecord } from '@craftstats/domain';

/** Seed 2.5: every field is text, `date` is milliseconds as text. */
export function toEconomyLogEntry(row: EconomyLogRecord): EconomyLogEntry {
  return {
    nick: row.nick,
    uuid: row.uuid,
    action: row.action,
    sender: row.sender,
    server: row.server,
    old_value: row.oldValue,
    new_value: row.newValue,
    date: String(row.date),
  };
}

/** SPEC 3: `ach_value` an integer, `date` milliseconds as text. */
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
