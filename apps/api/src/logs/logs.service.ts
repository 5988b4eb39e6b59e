import { Injectable } from '@nestjs/common';
import { LOG_SIZE } from '@craftstats/contracts';
import { LogRepository } from '@craftstats/domain';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PreparedAnswer } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { toAchievementLogEntry, toEconomyLogEntry } from './log-entry.mapper';

@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogRepository,
    private readonly cache: MicroCache,
  ) {}

  economy(): Promise<PreparedAnswer> {
    return this.cache.get('log:economy', CACHE_TTL_SECONDS.log, async () =>
      (await this.logs.latestEconomy(LOG_SIZE)).map(toEconomyLogEntry),
    );
  }

  achievements(): Promise<PreparedAnswer> {
    return this.cache.get('log:achievements', CACHE_TTL_SECONDS.log, async () =>
      (await this.logs.latestAchievements(LOG_SIZE)).map(toAchievementLogEntry),
    );
  }
}
