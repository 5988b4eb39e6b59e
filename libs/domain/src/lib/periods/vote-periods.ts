/**
 * Vote periods: the calendar month and the Monday-based week, both in the community's time zone
 * (`TZ_COMMUNITY`, default Europe/Prague). A period is identified by a text key, so a new period
 * starts at zero simply because nobody has voted under its key yet — no job has to reset anything.
 */
export interface VotePeriodKeys {
  /** 'YYYY-MM' of the local calendar date. */
  month: string;
  /** 'YYYY-MM-DD' of the local Monday that starts the week containing the local date. */
  week: string;
}

const DAY_MS = 86_400_000;

// Gregorian calendar and Latin digits are forced so the output does not depend on the host locale.
const LOCALE = 'en-US-u-ca-gregory-nu-latn';

/** Formatters are costly to build; one per zone is kept (there are only a few hundred zones). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for an unknown zone, so only valid zones are ever cached.
    formatter = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA time zone name the runtime knows, e.g. 'Europe/Prague' or 'UTC'. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar date of an instant in a zone. */
function localDate(dateMs: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = formatterFor(timeZone).formatToParts(dateMs);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * The month and week keys of the instant `dateMs` in `timeZone`.
 *
 * Only the local calendar date matters, which is what makes this correct across DST changes: the
 * date is read through `Intl` in the zone, and the step back to Monday is pure calendar arithmetic
 * done on a UTC-midnight date (where every day is exactly 24 h long).
 *
 * @throws RangeError for an unknown time zone, or a `dateMs` outside 0..8.64e15.
 */
export function votePeriodKeys(dateMs: number, timeZone: string): VotePeriodKeys {
  // Instants before the epoch are out of scope (and Date.UTC would misread local years 0..99).
  if (!Number.isFinite(dateMs) || dateMs < 0 || dateMs > 8.64e15) {
    throw new RangeError(`Invalid time value: ${dateMs}`);
  }
  const { year, month, day } = localDate(dateMs, timeZone);
  const localMidnight = Date.UTC(year, month - 1, day);
  // getUTCDay(): 0 = Sunday .. 6 = Saturday; days since Monday: Monday 0 .. Sunday 6.
  const daysSinceMonday = (new Date(localMidnight).getUTCDay() + 6) % 7;
  const monday = new Date(localMidnight - daysSinceMonday * DAY_MS);
  return {
    month: `${pad(year, 4)}-${pad(month, 2)}`,
    week: `${pad(monday.getUTCFullYear(), 4)}-${pad(monday.getUTCMonth() + 1, 2)}-${pad(monday.getUTCDate(), 2)}`,
  };
}

/** How long after its end a month or week still counts as open (late events may still arrive). */
export const PERIOD_CLOSE_GRACE_MS = 3_600_000;

/** Czech messages of a bad `month` / `week` query parameter (400 VALIDATION_FAILED). */
export const PERIOD_MESSAGES = {
  month: 'Neplatný parametr month: očekává se měsíc ve tvaru RRRR-MM, např. 2026-10.',
  week: 'Neplatný parametr week: očekává se datum pondělí ve tvaru RRRR-MM-DD, např. 2026-11-16.',
  notMonday: (key: string) =>
    `Neplatný parametr week: ${key} není pondělí; týden se určuje datem svého pondělí (RRRR-MM-DD).`,
} as const;

const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const WEEK_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a month key 'YYYY-MM' (year 1970..9999, month 01..12). */
export function isMonthKey(text: string): boolean {
  const match = MONTH_KEY.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1970 && month >= 1 && month <= 12;
}

/** Why `text` is not a week key, or null when it is 'YYYY-MM-DD' of a real Monday (year ≥ 1970). */
export function weekKeyProblem(text: string): 'format' | 'not-monday' | null {
  const match = WEEK_KEY.exec(text);
  if (match === null) return 'format';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1970 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return 'format';
  }
  return date.getUTCDay() === 1 ? null : 'not-monday';
}

/**
 * Whether the month or week `key` is over for good at `nowMs`: it ended (in `timeZone`) at least
 * PERIOD_CLOSE_GRACE_MS ago, so its board no longer changes. Keys compare as text, being zero-padded.
 */
export function isClosedPeriod(
  period: 'month' | 'week',
  key: string,
  nowMs: number,
  timeZone: string,
): boolean {
  const stillOpen = votePeriodKeys(Math.max(0, nowMs - PERIOD_CLOSE_GRACE_MS), timeZone)[period];
  return key < stillOpen;
}
