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
