import { COMMUNITY_TIME_ZONE } from '@craftstats/contracts';
import { cs } from '../i18n/cs';

const numberFormat = new Intl.NumberFormat('cs-CZ');
const dateTimeFormat = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: COMMUNITY_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dateFormat = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: COMMUNITY_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const shortTimeFormat = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: COMMUNITY_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An integer with Czech digit grouping: 1 234 567. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * Numeric text of the logs (`"1500"`, beyond 2^53 too) with Czech digit grouping; any other text as it
 * is.
 */
export function formatNumericText(text: string): string {
  if (!/^-?\d{1,30}$/.test(text)) return text;
  return BigInt(text).toLocaleString('cs-CZ');
}

/** Milliseconds since the epoch as a Czech date and time (Prague time): 25. 11. 2026 13:05:07. */
export function formatDateTime(ms: number): string {
  return dateTimeFormat.format(ms);
}

export function formatDate(ms: number): string {
  return dateFormat.format(ms);
}

/** A short date and time for the graph's axis: 25. 11. 13:05. */
export function formatShortTime(ms: number): string {
  return shortTimeFormat.format(ms);
}

/** A log's `date` (milliseconds as text) as a number, or null when it is not one. */
export function msFromText(text: string): number | null {
  const ms = Number(text);
  return /^\d{1,16}$/.test(text) && Number.isSafeInteger(ms) ? ms : null;
}

/** Whole minutes of play as days, hours and minutes: 2 dny 3 h 5 min. */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) return cs.duration.lessThanMinute;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = Math.floor(minutes % 60);
  const parts: string[] = [];
  if (days > 0) parts.push(cs.duration.days(days));
  if (hours > 0) parts.push(cs.duration.hours(hours));
  if (rest > 0) parts.push(cs.duration.minutes(rest));
  return parts.join(' ');
}
