import { Inject, Injectable } from '@nestjs/common';
import {
  PanelAchievementLogEntry,
  PanelAchievementLogResponse,
  PanelEconomyLogEntry,
  PanelEconomyLogResponse,
} from '@craftstats/contracts';
import {
  AchievementLogRecord,
  EconomyLogRecord,
  LogKind,
  LogRecords,
  LogRepository,
} from '@craftstats/domain';
import { toAchievementLogEntry, toEconomyHistoryEntry } from '../logs/log-entry.mapper';
import { PanelQuery, encodeCursor } from './panel.query';

/** The public log entry plus the event id the game server sent. */
export function toPanelEconomyEntry(row: EconomyLogRecord): PanelEconomyLogEntry {
  return { ...toEconomyHistoryEntry(row), event_id: row.eventId, details: row.details };
}

export function toPanelAchievementEntry(row: AchievementLogRecord): PanelAchievementLogEntry {
  return { ...toAchievementLogEntry(row), event_id: row.eventId };
}

interface PanelLogEntries {
  economy: PanelEconomyLogEntry;
  achievements: PanelAchievementLogEntry;
}

/** Each log's panel entry: the one thing the two panel logs do differently. */
const PANEL_LOG_ENTRY: { [K in LogKind]: (record: LogRecords[K]) => PanelLogEntries[K] } = {
  economy: toPanelEconomyEntry,
  achievements: toPanelAchievementEntry,
};

/** The staff panel's view of the whole log history: filtered, newest first, keyset-paginated. */
@Injectable()
export class PanelService {
  constructor(@Inject(LogRepository) private readonly logs: LogRepository) {}

  economyLog(query: PanelQuery): Promise<PanelEconomyLogResponse> {
    return this.log('economy', query);
  }

  achievementsLog(query: PanelQuery): Promise<PanelAchievementLogResponse> {
    return this.log('achievements', query);
  }

  private async log<K extends LogKind>(
    kind: K,
    query: PanelQuery,
  ): Promise<{ status: 200; data: Array<PanelLogEntries[K]>; nextCursor: string | null }> {
    const page = await this.logs.search(kind, query.filter, query.limit, query.cursor);
    const toEntry: (record: LogRecords[K]) => PanelLogEntries[K] = PANEL_LOG_ENTRY[kind];
    return {
      status: 200,
      data: page.rows.map(toEntry),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  }
}
