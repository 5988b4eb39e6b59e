import { PANEL_DEFAULT_LIMIT, PanelLogQuery } from '@craftstats/contracts';
import { LogCursor, LogFilter, normalizeUuid } from '@craftstats/domain';

/** The validated query of a panel log endpoint. */
export interface PanelQuery {
  filter: LogFilter;
  limit: number;
  cursor: LogCursor | null;
}

/** Largest valid JS time value (ms) + 1. */
const MAX_TIME_EXCLUSIVE = 8.64e15;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

/** The cursor is opaque to clients: base64url of the JSON `{ date, id }` of the last row of a page. */
export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify({ date: cursor.date, id: cursor.id }), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): LogCursor | null {
  if (!BASE64URL.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const keys = Object.keys(parsed);
  const { date, id } = parsed as Record<string, unknown>;
  if (keys.length !== 2 || !keys.includes('date') || !keys.includes('id')) return null;
  if (!isCount(date) || date >= MAX_TIME_EXCLUSIVE || !isCount(id)) return null;
  return { date, id };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The panel query a validated query DTO stands for (`PanelEconomyLogQueryDto` /
 * `PanelAchievementLogQueryDto`, checked by the global pipe): the uuid in its dashed lower-case form,
 * the default page size, the decoded cursor.
 */
export function toPanelQuery(query: Omit<PanelLogQuery, 'action'> & { action?: string }): PanelQuery {
  const filter: LogFilter = {};
  if (query.uuid !== undefined) filter.uuid = normalizeUuid(query.uuid) ?? query.uuid;
  if (query.nick !== undefined) filter.nick = query.nick;
  if (query.action !== undefined) filter.action = query.action;
  if (query.server !== undefined) filter.server = query.server;
  if (query.from !== undefined) filter.from = query.from;
  if (query.to !== undefined) filter.to = query.to;
  return {
    filter,
    limit: query.limit ?? PANEL_DEFAULT_LIMIT,
    cursor: query.cursor === undefined ? null : decodeCursor(query.cursor),
  };
}
