import { isClosedPeriod, isMonthKey, isValidTimeZone, votePeriodKeys, weekKeyProblem } from './vote-periods';

const PRAGUE = 'Europe/Prague';
const at = (iso: string): number => Date.parse(iso);

// Every expected value below is computed by hand from the calendar (1 Jan 2026 is a Thursday) and
// the Prague offsets: CET = UTC+1, CEST = UTC+2 from 29 Mar 2026 01:00 UTC to 25 Oct 2026 01:00 UTC.
describe('votePeriodKeys', () => {
  it('gives the month and the Monday of the week of an ordinary date', () => {
    // Thu 15 Jan 2026 13:00 CET.
    expect(votePeriodKeys(at('2026-01-15T12:00:00Z'), PRAGUE)).toEqual({
      month: '2026-01',
      week: '2026-01-12',
    });
  });

  it('keys a Monday by itself', () => {
    // Mon 12 Jan 2026 12:00 CET.
    expect(votePeriodKeys(at('2026-01-12T11:00:00Z'), PRAGUE)).toEqual({
      month: '2026-01',
      week: '2026-01-12',
    });
  });

  it('keys a Sunday by the Monday six days earlier', () => {
    // Sun 1 Feb 2026 13:00 CET: the week began in January, the month is February.
    expect(votePeriodKeys(at('2026-02-01T12:00:00Z'), PRAGUE)).toEqual({
      month: '2026-02',
      week: '2026-01-26',
    });
  });

  describe('week start at local Monday midnight', () => {
    it('is still the old week at Sunday 23:59:59.999 Prague time', () => {
      // 22:59:59.999 UTC = Sun 4 Jan 2026 23:59:59.999 CET.
      expect(votePeriodKeys(at('2026-01-04T22:59:59.999Z'), PRAGUE).week).toBe('2025-12-29');
    });

    it('is the new week from Monday 00:00 Prague time, while UTC is still Sunday', () => {
      expect(votePeriodKeys(at('2026-01-04T23:00:00Z'), PRAGUE).week).toBe('2026-01-05');
      // Mon 5 Jan 00:30 CET = Sun 4 Jan 23:30 UTC.
      expect(votePeriodKeys(at('2026-01-04T23:30:00Z'), PRAGUE).week).toBe('2026-01-05');
    });

    it('follows the zone it is given: the same instant is still Sunday in UTC', () => {
      expect(votePeriodKeys(at('2026-01-04T23:30:00Z'), 'UTC').week).toBe('2025-12-29');
    });
  });

  describe('spring DST change in Prague (Sun 29 Mar 2026, 02:00 CET -> 03:00 CEST)', () => {
    it('stays in the same week and month just before and just after the jump', () => {
      // 01:59:59.999 CET and 03:00:00 CEST on Sunday.
      expect(votePeriodKeys(at('2026-03-29T00:59:59.999Z'), PRAGUE)).toEqual({
        month: '2026-03',
        week: '2026-03-23',
      });
      expect(votePeriodKeys(at('2026-03-29T01:00:00Z'), PRAGUE)).toEqual({
        month: '2026-03',
        week: '2026-03-23',
      });
    });

    it('starts the next week at Monday 00:00 CEST, which is 22:00 UTC on Sunday', () => {
      expect(votePeriodKeys(at('2026-03-29T21:59:59.999Z'), PRAGUE).week).toBe('2026-03-23');
      expect(votePeriodKeys(at('2026-03-29T22:00:00Z'), PRAGUE).week).toBe('2026-03-30');
      // With a fixed CET offset this instant would wrongly be Sunday 23:30.
      expect(votePeriodKeys(at('2026-03-29T22:30:00Z'), PRAGUE).week).toBe('2026-03-30');
    });
  });

  describe('autumn DST change in Prague (Sun 25 Oct 2026, 03:00 CEST -> 02:00 CET)', () => {
    it('keys both passes through the repeated 02:30 hour to the same Sunday', () => {
      // 00:30 UTC = 02:30 CEST, 01:30 UTC = 02:30 CET.
      expect(votePeriodKeys(at('2026-10-25T00:30:00Z'), PRAGUE)).toEqual({
        month: '2026-10',
        week: '2026-10-19',
      });
      expect(votePeriodKeys(at('2026-10-25T01:30:00Z'), PRAGUE)).toEqual({
        month: '2026-10',
        week: '2026-10-19',
      });
    });

    it('starts the next week at Monday 00:00 CET, which is 23:00 UTC on Sunday', () => {
      // With the summer offset, 22:30 UTC would wrongly already be Monday.
      expect(votePeriodKeys(at('2026-10-25T22:30:00Z'), PRAGUE).week).toBe('2026-10-19');
      expect(votePeriodKeys(at('2026-10-25T22:59:59.999Z'), PRAGUE).week).toBe('2026-10-19');
      expect(votePeriodKeys(at('2026-10-25T23:00:00Z'), PRAGUE).week).toBe('2026-10-26');
      expect(votePeriodKeys(at('2026-10-25T23:30:00Z'), PRAGUE).week).toBe('2026-10-26');
    });
  });

  describe('month ends', () => {
    it('switches to April at 00:00 CEST on 1 April (22:00 UTC on 31 March), in the same week', () => {
      expect(votePeriodKeys(at('2026-03-31T21:59:59.999Z'), PRAGUE)).toEqual({
        month: '2026-03',
        week: '2026-03-30',
      });
      expect(votePeriodKeys(at('2026-03-31T22:00:00Z'), PRAGUE)).toEqual({
        month: '2026-04',
        week: '2026-03-30',
      });
    });

    it('switches to November at 00:00 CET on 1 November (23:00 UTC on 31 October)', () => {
      expect(votePeriodKeys(at('2026-10-31T22:59:59.999Z'), PRAGUE)).toEqual({
        month: '2026-10',
        week: '2026-10-26',
      });
      expect(votePeriodKeys(at('2026-10-31T23:00:00Z'), PRAGUE)).toEqual({
        month: '2026-11',
        week: '2026-10-26',
      });
    });

    it('handles the leap day: 29 Feb 2028 belongs to February, 1 March starts March in the same week', () => {
      expect(votePeriodKeys(at('2028-02-29T12:00:00Z'), PRAGUE)).toEqual({
        month: '2028-02',
        week: '2028-02-28',
      });
      expect(votePeriodKeys(at('2028-02-29T23:30:00Z'), PRAGUE)).toEqual({
        month: '2028-03',
        week: '2028-02-28',
      });
    });
  });

  describe('year end', () => {
    it('is still December 2026 at 23:59:59.999 CET on 31 December', () => {
      expect(votePeriodKeys(at('2026-12-31T22:59:59.999Z'), PRAGUE)).toEqual({
        month: '2026-12',
        week: '2026-12-28',
      });
    });

    it('is already January 2027 in Prague at 23:30 UTC on 31 December, in a week that began in 2026', () => {
      expect(votePeriodKeys(at('2026-12-31T23:30:00Z'), PRAGUE)).toEqual({
        month: '2027-01',
        week: '2026-12-28',
      });
      expect(votePeriodKeys(at('2026-12-31T23:30:00Z'), 'UTC')).toEqual({
        month: '2026-12',
        week: '2026-12-28',
      });
    });

    it('keys the epoch by the local date of the zone', () => {
      // 1970-01-01 01:00 CET (a Thursday); in New York still Wed 31 Dec 1969 19:00.
      expect(votePeriodKeys(0, PRAGUE)).toEqual({ month: '1970-01', week: '1969-12-29' });
      expect(votePeriodKeys(0, 'America/New_York')).toEqual({ month: '1969-12', week: '1969-12-29' });
    });
  });

  describe('other zones', () => {
    it('follows New York DST (Sun 8 Mar 2026): Monday 00:00 EDT is 04:00 UTC', () => {
      expect(votePeriodKeys(at('2026-03-09T03:59:59.999Z'), 'America/New_York').week).toBe('2026-03-02');
      expect(votePeriodKeys(at('2026-03-09T04:00:00Z'), 'America/New_York').week).toBe('2026-03-09');
    });

    it('handles a half-hour offset (Asia/Kolkata, UTC+05:30)', () => {
      expect(votePeriodKeys(at('2026-01-04T18:29:59.999Z'), 'Asia/Kolkata').week).toBe('2025-12-29');
      expect(votePeriodKeys(at('2026-01-04T18:30:00Z'), 'Asia/Kolkata').week).toBe('2026-01-05');
    });

    it('handles UTC+14 (Pacific/Kiritimati), where the new year starts at 10:00 UTC', () => {
      expect(votePeriodKeys(at('2026-12-31T09:59:59.999Z'), 'Pacific/Kiritimati').month).toBe('2026-12');
      expect(votePeriodKeys(at('2026-12-31T10:00:00Z'), 'Pacific/Kiritimati').month).toBe('2027-01');
    });
  });

  it('throws a RangeError for an unknown time zone', () => {
    expect(() => votePeriodKeys(0, 'Europe/Atlantis')).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 8.64e15 + 1])(
    'throws a RangeError for the time value %p',
    (value) => {
      expect(() => votePeriodKeys(value, PRAGUE)).toThrow(RangeError);
    },
  );
});

describe('isValidTimeZone', () => {
  it.each(['Europe/Prague', 'UTC', 'America/New_York', 'Asia/Kolkata'])('accepts %s', (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
  });

  it.each(['', 'Europe/Atlantis', 'Prague', 'CEST+99', 'Europe/Prague\u0000'])('rejects %p', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });

  it('rejects a value that is not text', () => {
    expect(isValidTimeZone(undefined as unknown as string)).toBe(false);
  });
});

describe('isMonthKey', () => {
  it.each(['2026-01', '2026-12', '1970-01', '9999-12'])('accepts %s', (key) => {
    expect(isMonthKey(key)).toBe(true);
  });
  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '1969-12', '', ' 2026-01', '２０２６-01'])(
    'rejects %j',
    (key) => {
      expect(isMonthKey(key)).toBe(false);
    },
  );
});

describe('weekKeyProblem', () => {
  it('accepts the Monday of a week, also across a year end', () => {
    expect(weekKeyProblem('2026-11-16')).toBeNull();
    expect(weekKeyProblem('2026-12-28')).toBeNull();
    expect(weekKeyProblem('2024-01-01')).toBeNull();
  });
  it('names a valid date that is not a Monday', () => {
    expect(weekKeyProblem('2026-11-18')).toBe('not-monday');
    expect(weekKeyProblem('2026-11-15')).toBe('not-monday');
  });
  it.each(['2026-02-30', '2026-13-02', '2026-11-16T00:00', '2026-11', '16.11.2026', '1969-12-29', ''])(
    'calls %j a bad format',
    (key) => {
      expect(weekKeyProblem(key)).toBe('format');
    },
  );
});

describe('isClosedPeriod', () => {
  // Sun 2026-11-01 00:30 Prague = 2026-10-31 23:30 UTC: October ended only 30 minutes ago.
  const NOV_01_0030 = at('2026-10-31T23:30:00Z');
  it('keeps the previous month open for an hour after it ended, then closes it', () => {
    expect(isClosedPeriod('month', '2026-10', NOV_01_0030, PRAGUE)).toBe(false);
    expect(isClosedPeriod('month', '2026-10', NOV_01_0030 + 30 * 60_000, PRAGUE)).toBe(true);
  });
  it('never closes the current or a future period', () => {
    expect(isClosedPeriod('month', '2026-11', NOV_01_0030 + 86_400_000, PRAGUE)).toBe(false);
    expect(isClosedPeriod('month', '2027-01', NOV_01_0030, PRAGUE)).toBe(false);
    expect(isClosedPeriod('week', '2026-11-02', NOV_01_0030, PRAGUE)).toBe(false);
  });
  it('closes a week an hour after its Sunday ended in the community zone', () => {
    // Mon 2026-11-16 00:30 Prague: the week of 2026-11-09 ended 30 minutes ago.
    const MON_0030 = at('2026-11-15T23:30:00Z');
    expect(isClosedPeriod('week', '2026-11-09', MON_0030, PRAGUE)).toBe(false);
    expect(isClosedPeriod('week', '2026-11-09', MON_0030 + 3_600_000, PRAGUE)).toBe(true);
    expect(isClosedPeriod('week', '2026-11-02', MON_0030, PRAGUE)).toBe(true);
  });
});
