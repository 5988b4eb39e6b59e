import { PANEL_DEFAULT_LIMIT, PANEL_MAX_LIMIT, PanelLogQuery } from '@craftstats/contracts';
import { LogCursor, LogFilter, isValidNick, normalizeUuid } from '@craftstats/domain';
import { ApiException } from '@craftstats/platform';

/** The validated query of a panel log endpoint. */
export interface PanelQuery {
  filter: LogFilter;
  limit: number;
  cursor: LogCursor | null;
}

type PanelQueryKey = keyof PanelLogQuery;

/** Every parameter the panel log endpoints know; anything else is a 400. */
export const PANEL_QUERY_KEYS: readonly PanelQueryKey[] = [
  'uuid',
  'nick',
  'action',
  'server',
  'from',
  'to',
  'limit',
  'cursor',
];

export const PANEL_QUERY_MESSAGES = {
  unknown: (name: string) =>
    `Neznámý parametr dotazu „${name}“. Povolené jsou: ${PANEL_QUERY_KEYS.join(', ')}.`,
  repeated: (name: string) => `Parametr „${name}“ je v dotazu vícekrát.`,
  action: 'Neplatný parametr action: očekává se název akce, např. ECONOMY_CRAFTCOINS_ADD.',
  server: 'Neplatný parametr server: očekává se název serveru (1 až 64 znaků).',
  time: (name: string) =>
    `Neplatný parametr ${name}: očekává se čas v milisekundách od epochy (celé nezáporné číslo).`,
  range: 'Parametr from nesmí být větší než to.',
  limit: `Neplatný parametr limit: očekává se celé číslo od 1 do ${PANEL_MAX_LIMIT}.`,
  cursor: 'Neplatný parametr cursor: použij hodnotu nextCursor z předchozí stránky.',
} as const;

/** Largest valid JS time value (ms) + 1. */
const MAX_TIME_EXCLUSIVE = 8.64e15;
const ACTION = /^[A-Z][A-Z0-9_]{0,63}$/;
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

const invalid = (message: string): ApiException => new ApiException(400, 'VALIDATION_FAILED', message);

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

function time(name: string, value: string): number {
  if (!/^\d{1,16}$/.test(value) || Number(value) >= MAX_TIME_EXCLUSIVE)
    throw invalid(PANEL_QUERY_MESSAGES.time(name));
  return Number(value);
}

/**
 * Validates the query of `GET /panel/economy/log` and `GET /panel/achievements/log` (all filters
 * optional, combined with AND). Unknown or repeated parameters and invalid values are a 400 envelope
 * with a Czech message naming the parameter.
 */
export function parsePanelQuery(raw: unknown): PanelQuery {
  const query = (raw ?? {}) as Record<string, unknown>;
  const values = new Map<PanelQueryKey, string>();
  for (const name of Object.keys(query)) {
    if (!(PANEL_QUERY_KEYS as readonly string[]).includes(name))
      throw invalid(PANEL_QUERY_MESSAGES.unknown(name.slice(0, 40)));
    const value = query[name];
    if (typeof value !== 'string') throw invalid(PANEL_QUERY_MESSAGES.repeated(name));
    values.set(name as PanelQueryKey, value);
  }

  const filter: LogFilter = {};
  const uuid = values.get('uuid');
  if (uuid !== undefined) {
    const normalized = normalizeUuid(uuid);
    if (normalized === null) throw new ApiException(400, 'INVALID_UUID');
    filter.uuid = normalized;
  }
  const nick = values.get('nick');
  if (nick !== undefined) {
    if (!isValidNick(nick)) throw new ApiException(400, 'INVALID_NICK');
    filter.nick = nick;
  }
  const action = values.get('action');
  if (action !== undefined) {
    if (!ACTION.test(action)) throw invalid(PANEL_QUERY_MESSAGES.action);
    filter.action = action;
  }
  const server = values.get('server');
  if (server !== undefined) {
    if (server.trim() === '' || [...server].length > 64 || UNPRINTABLE.test(server))
      throw invalid(PANEL_QUERY_MESSAGES.server);
    filter.server = server;
  }
  const from = values.get('from');
  if (from !== undefined) filter.from = time('from', from);
  const to = values.get('to');
  if (to !== undefined) filter.to = time('to', to);
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
    throw invalid(PANEL_QUERY_MESSAGES.range);

  let limit = PANEL_DEFAULT_LIMIT;
  const limitText = values.get('limit');
  if (limitText !== undefined) {
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > PANEL_MAX_LIMIT)
      throw invalid(PANEL_QUERY_MESSAGES.limit);
    limit = Number(limitText);
  }

  let cursor: LogCursor | null = null;
  const cursorText = values.get('cursor');
  if (cursorText !== undefined) {
    cursor = decodeCursor(cursorText);
    if (cursor === null) throw invalid(PANEL_QUERY_MESSAGES.cursor);
  }
  return { filter, limit, cursor };
}
