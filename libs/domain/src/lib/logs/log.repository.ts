/** One row of the economy/player log, values as stored (text where the API answers text). */
export interface EconomyLogRecord {
  /** Internal row id (a stable tie-breaker and cursor component). */
  id: number;
  eventId: string;
  nick: string;
  uuid: string;
  action: string;
  sender: string;
  server: string;
  oldValue: string;
  newValue: string;
  date: number;
  /** Action-specific fields (site, mc_version, mode/level/experience, social links), or null. */
  details: Record<string, string | number | null> | null;
}

export interface AchievementLogRecord {
  id: number;
  eventId: string;
  nick: string;
  uuid: string;
  achId: string;
  achName: string;
  achValue: number;
  server: string;
  date: number;
}

/** Filters of the staff panel's log search; all optional, combined with AND. */
export interface LogFilter {
  uuid?: string;
  /** Matches the player currently holding this nick (case-insensitive). */
  nick?: string;
  action?: string;
  server?: string;
  /** Inclusive lower bound of `date`, ms. */
  from?: number;
  /** Inclusive upper bound of `date`, ms. */
  to?: number;
}

/** Keyset position: the last row of the previous page (newest first order is date DESC, id DESC). */
export interface LogCursor {
  date: number;
  id: number;
}

export interface LogPage<T> {
  rows: T[];
  /** Position after the last row, or null when there is no further row. */
  next: LogCursor | null;
}

/** One poll of a log's tail (see `deliverableUpTo`). */
export interface LogTail<T> {
  /** Committed rows with an id after the cursor, ascending, with whether each is shown publicly. */
  rows: Array<{ id: number; record: T | null }>;
  /** Ids in the holes between `rows` that exist but are not committed yet (MySQL only). */
  inFlight: number[];
}

/** The two logs: achievement completions, and every other event (the economy log). */
export type LogKind = 'economy' | 'achievements';

/** The record each log reads as. */
export interface LogRecords {
  economy: EconomyLogRecord;
  achievements: AchievementLogRecord;
}

/** Every read of a log, parameterised by its kind (both logs share one row shape and one path). */
export abstract class LogRepository {
  /**
   * Up to `limit` committed rows with `id > afterId` in id order (the log's stream): rows the public
   * log does not show (economy rows outside its public action families) come with `record: null`
   * (they only move the cursor).
   */
  abstract tail<K extends LogKind>(kind: K, afterId: number, limit: number): Promise<LogTail<LogRecords[K]>>;
  /** The highest row id of each log (0 when empty): where a stream without Last-Event-ID starts. */
  abstract lastLogIds(): Promise<Record<LogKind, number>>;
  /** The latest `limit` rows the public log shows, newest first. */
  abstract latest<K extends LogKind>(kind: K, limit: number): Promise<Array<LogRecords[K]>>;
  /** The whole history (every action), newest first, keyset-paginated. */
  abstract search<K extends LogKind>(
    kind: K,
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
  ): Promise<LogPage<LogRecords[K]>>;
}
