import { Inject, Injectable } from '@nestjs/common';
import {
  PanelAchievementLogEntry,
  PanelAchievementLogResponse,
  PanelEconomyLogEntry,
  PanelEconomyLogResponse,
} from '@craftstats/contracts';
import { AchievementLogRecord, EconomyLogRecord, LogRepository } from '@craftstats/domain';
import { toAchievementLogEntry, toEconomyHistoryEntry } from '../logs/log-entry.mapper';
import { PanelQuery, encodeCursor } from './panel.query';

/** The public log entry plus the event id the game server sent. */
export function toPanelEconomyEntry(row: EconomyLogRecord): PanelEconomyLogEntry {
  return { ...toEconomyHistoryEntry(row), event_id: row.eventId, details: row.details };
}

export function toPanelAchievementEntry(row: AchievementLogRecord): PanelAchievementLogEntry {
  return { ...toAchievementLogEntry(row), event_id: row.eventId };
}

/** The staff panel's view of the whole log history: filtered, newest first, keyset-paginated. */
@Injectable()
export class PanelService {
  constructor(@Inject(LogRepository) private readonly logs: LogRepository) {}

  async economyLog(query: PanelQuery): Promise<PanelEconomyLogResponse> {
    const page = await this.logs.searchEconomy(query.filter, query.limit, query.cursor);
    return {
      status: 200,
      data: page.rows.map(toPanelEconomyEntry),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  }

  async achievementsLog(query: PanelQuery): Promise<PanelAchievementLogResponse> {
    const page = await this.logs.searchAchievements(query.filter, query.limit, query.cursor);
    return {
      status: 200,
      data: page.rows.map(toPanelAchievementEntry),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  }
}
