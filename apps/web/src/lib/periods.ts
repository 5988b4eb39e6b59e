import type { VoteMonthKey, VoteWeekKey } from '@craftstats/contracts';
import { COMMUNITY_TIME_ZONE } from '@craftstats/contracts';
import { formatDate } from './format';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMMUNITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const monthNameFormat = new Intl.DateTimeFormat('cs-CZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Today's date in the community's calendar, as UTC midnight of that date (for date arithmetic). */
function communityToday(now: number): Date {
  const parts = Object.fromEntries(partsFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return new Date(Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day'])));
}

const pad = (n: number): string => String(n).padStart(2, '0');
const monthKey = (date: Date): VoteMonthKey =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}` as VoteMonthKey;
const dayKey = (date: Date): VoteWeekKey =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` as VoteWeekKey;

export interface PeriodOption {
  /** The `?month=` / `?week=` value; `''` for the current period (no parameter). */
  value: string;
  label: string;
}

/** "listopad 2026" for 2026-11. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return monthNameFormat.format(Date.UTC(year, month - 1, 1));
}

/** The months before the current one (newest first), `count` of them. */
export function pastMonths(now: number, count: number): string[] {
  const today = communityToday(now);
  return Array.from({ length: count }, (_, i) =>
    monthKey(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1 - i, 1))),
  );
}

/** The Mondays of the weeks before the current one (newest first), `count` of them. */
export function pastWeeks(now: number, count: number): string[] {
  const today = communityToday(now);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - sinceMonday);
  return Array.from({ length: count }, (_, i) => dayKey(new Date(monday - (i + 1) * 7 * 86_400_000)));
}

/** "25. 11. 2026" for the Monday 2026-11-25 (a week key). */
export function weekLabel(key: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return formatDate(Date.UTC(year, month - 1, day, 12));
}
