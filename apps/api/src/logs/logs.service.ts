import { Injectable } from '@nestjs/common';
import { AchievementLogEntry, EconomyLogEntry, LOG_SIZE } from '@craftstats/contracts';
import { AchievementLogRecord, EconomyLogRecord, LogRepository } from '@craftstats/domain';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedResponse, MicroCache } from '../http-cache/micro-cache';

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

@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogRepository,
    private readonly cache: MicroCache,
  ) {}

  economy(): Promise<CachedResponse> {
    return this.cache.get('log:economy', CACHE_TTL_SECONDS.log, async () =>
      (await this.logs.latestEconomy(LOG_SIZE)).map(toEconomyLogEntry),
    );
  }

  achievements(): Promise<CachedResponse> {
    return this.cache.get('log:achievements', CACHE_TTL_SECONDS.log, async () =>
      (await this.logs.latestAchievements(LOG_SIZE)).map(toAchievementLogEntry),
    );
  }
}
