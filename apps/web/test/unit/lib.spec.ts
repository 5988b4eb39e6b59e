import { boardOf } from '../../src/lib/board-slugs';
import { formatMinutes, formatNumericText, msFromText } from '../../src/lib/format';
import { pastMonths, pastWeeks } from '../../src/lib/periods';
import { matchRoute } from '../../src/lib/routes';

describe('matchRoute', () => {
  it.each([
    ['/', { page: 'home' }],
    ['/zebricky', { page: 'leaderboards' }],
    ['/zebricky/levels-survival', { page: 'board', slug: 'levels-survival' }],
    ['/hrac/Pepa_Novak', { page: 'player', nick: 'Pepa_Novak' }],
    ['/hrac/Jan%20Nov%C3%A1k', { page: 'player', nick: 'Jan Novák' }],
    ['/hrac/uuid', { page: 'player', nick: 'uuid' }],
    [
      '/hrac/uuid/069a79f444e94726a5befca90e38aaf5',
      { page: 'playerByUuid', uuid: '069a79f444e94726a5befca90e38aaf5' },
    ],
    ['/zive', { page: 'live' }],
    ['/panel', { page: 'panel' }],
    ['/hrac/', { page: 'notFound' }],
    ['/hrac/a/b', { page: 'notFound' }],
    ['/hrac/%E0%A4%A', { page: 'notFound' }],
    ['/zebricky/', { page: 'notFound' }],
    ['//hrac//Pepa_Novak', { page: 'player', nick: 'Pepa_Novak' }],
    ['//zebricky//craftcoins', { page: 'board', slug: 'craftcoins' }],
    ['//', { page: 'home' }],
  ])('routes %s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
  });
});

describe('formatting', () => {
  it('groups numeric text in Czech, exactly also beyond 2^53, and leaves other text alone', () => {
    expect(formatNumericText('1234567').replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatNumericText('-1500').replace(/\s/g, ' ')).toBe('-1 500');
    expect(formatNumericText('123456789012345678901').replace(/\s/g, ' ')).toBe(
      '123 456 789 012 345 678 901',
    );
    expect(formatNumericText('12a')).toBe('12a');
    expect(formatNumericText('')).toBe('');
  });

  it('reads millisecond text and refuses anything else', () => {
    expect(msFromText('1763726401000')).toBe(1_763_726_401_000);
    expect(msFromText('-5')).toBeNull();
    expect(msFromText('1e12')).toBeNull();
  });

  it('shows whole minutes of play as days, hours and minutes', () => {
    expect(formatMinutes(0)).toBe('méně než minuta');
    expect(formatMinutes(59)).toBe('59 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(1440 * 2 + 61)).toBe('2 dny 1 h 1 min');
    expect(formatMinutes(1440 * 5)).toBe('5 dní');
  });
});

describe('vote periods in Prague', () => {
  it('lists the months before the current one, newest first', () => {
    // 2026-01-01 00:30 in Prague is still 2025-12-31 in UTC: the community's month is January.
    expect(pastMonths(Date.UTC(2025, 11, 31, 23, 30), 3)).toEqual(['2025-12', '2025-11', '2025-10']);
  });

  it('lists the Mondays of the weeks before the current one', () => {
    // Wednesday 2026-11-18: this week began on Monday 16th.
    expect(pastWeeks(Date.UTC(2026, 10, 18, 12), 2)).toEqual(['2026-11-09', '2026-11-02']);
    // Monday 00:30 in Prague is Sunday in UTC: the new week has begun.
    expect(pastWeeks(Date.UTC(2026, 10, 15, 23, 30), 1)).toEqual(['2026-11-09']);
  });
});

describe('boards', () => {
  it('knows every board by its slug', () => {
    expect(boardOf('craftcoins')).toEqual({ slug: 'craftcoins', kind: 'value', name: 'craftcoins' });
    expect(boardOf('week-votes')).toMatchObject({ kind: 'value', period: 'week' });
    expect(boardOf('levels-skycloud')).toEqual({ slug: 'levels-skycloud', kind: 'level', mode: 'skycloud' });
    expect(boardOf('levels-')).toBeNull();
    expect(boardOf('karma')).toBeNull();
  });
});
