import { Injectable } from '@nestjs/common';
import { AchievementLogEntry, EconomyLogEntry, LOG_SIZE } from '@craftstats/contracts';
import { LogKind, LogRecords, LogRepository } from '@craftstats/domain';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PreparedAnswer } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { toAchievementLogEntry, toEconomyLogEntry } from './log-entry.mapper';

interface PublicLogEntries {
  economy: EconomyLogEntry;
  achievements: AchievementLogEntry;
}

/** Each log's public entry: the one thing the two public logs do differently. */
export const PUBLIC_LOG_ENTRY: { [K in LogKind]: (record: LogRecords[K]) => PublicLogEntries[K] } = {
  economy: toEconomyLogEntry,
  achievements: toAchievementLogEntry,
};

@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogRepository,
    private readonly cache: MicroCache,
  ) {}

  /** The latest entries of a public log (GET /economy/log, GET /achievements/log). */
  latest<K extends LogKind>(kind: K): Promise<PreparedAnswer> {
    const toEntry: (record: LogRecords[K]) => PublicLogEntries[K] = PUBLIC_LOG_ENTRY[kind];
    return this.cache.get(`log:${kind}`, CACHE_TTL_SECONDS.log, async () =>
      (await this.logs.latest(kind, LOG_SIZE)).map(toEntry),
    );
  }
}
