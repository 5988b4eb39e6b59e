import { compareRanked, LEADERBOARD_SIZE, LevelRow, rankLevelRows, rankRows, RankedRow } from './leaderboard';

const testUuid0 = '00000000-0000-0000-0000-000000000000';

const row = (nick: string, value: number, uuid = '00000000-0000-0000-0000-000000000000'): RankedRow => ({
  nick,
  uuid,
  value,
});

describe('compareRanked', () => {
  it('puts the higher value first', () => {
    expect(compareRanked(row('a', 10), row('b', 5))).toBe(-1);
    expect(compareRanked(row('a', 5), row('b', 10))).toBe(1);
  });

  it('orders negative values below zero', () => {
    expect(compareRanked(row('a', 0), row('b', -3))).toBe(-1);
  });

  it('breaks a tie by nick, ignoring case', () => {
    expect(compareRanked(row('alice', 7), row('Bob', 7))).toBe(-1);
    expect(compareRanked(row('BOB', 7), row('alice', 7))).toBe(1);
  });

  it('breaks a tie of value and nick (in any case) by uuid', () => {
    const a = row('Steve', 7, '10000000-0000-0000-0000-000000000000');
    const b = row('steve', 7, '20000000-0000-0000-0000-000000000000');
    expect(compareRanked(a, b)).toBe(-1);
    expect(compareRanked(b, a)).toBe(1);
  });

  it('calls identical rows equal', () => {
    expect(compareRanked(row('Steve', 7), row('Steve', 7))).toBe(0);
  });

  it('compares lower-cased nicks by character code, so "_" sorts before letters', () => {
    expect(compareRanked(row('_x', 1), row('Ax', 1))).toBe(-1);
    expect(compareRanked(row('a1', 1), row('aa', 1))).toBe(-1);
  });
});

describe('rankRows', () => {
  it('orders by value, then nick case-insensitively, then uuid, numbering from 1', () => {
    const rows = [
      row('charlie', 5),
      row('Bob', 9, '00000000-0000-0000-0000-00000000000b'),
      row('alice', 5),
      row('bob', 9, '00000000-0000-0000-0000-00000000000a'),
      row('Zed', 12),
    ];
    expect(rankRows(rows)).toEqual([
      { index: 1, nick: 'Zed', uuid: '00000000-0000-0000-0000-000000000000', value: 12 },
      { index: 2, nick: 'bob', uuid: '00000000-0000-0000-0000-00000000000a', value: 9 },
      { index: 3, nick: 'Bob', uuid: '00000000-0000-0000-0000-00000000000b', value: 9 },
      { index: 4, nick: 'alice', uuid: '00000000-0000-0000-0000-000000000000', value: 5 },
      { index: 5, nick: 'charlie', uuid: '00000000-0000-0000-0000-000000000000', value: 5 },
    ]);
  });

  it(`keeps only the top ${LEADERBOARD_SIZE}`, () => {
    const rows = Array.from({ length: 120 }, (_, i) => row(`p${String(i).padStart(3, '0')}`, i));
    const ranked = rankRows(rows);
    expect(LEADERBOARD_SIZE).toBe(50);
    expect(ranked).toHaveLength(50);
    expect(ranked[0]).toEqual({
      index: 1,
      nick: 'p119',
      uuid: '00000000-0000-0000-0000-000000000000',
      value: 119,
    });
    expect(ranked[49]).toEqual({
      index: 50,
      nick: 'p070',
      uuid: '00000000-0000-0000-0000-000000000000',
      value: 70,
    });
  });

  it('decides the cut at place 50 by the tie-break, not by input order', () => {
    // 51 players with the same value: the one with the last nick drops out.
    const rows = Array.from({ length: 51 }, (_, i) => row(`p${String(50 - i).padStart(2, '0')}`, 1));
    const ranked = rankRows(rows);
    expect(ranked.map((r) => r.nick)).not.toContain('p50');
    expect(ranked[49]).toMatchObject({ index: 50, nick: 'p49' });
  });

  it('returns an empty leaderboard for no rows', () => {
    expect(rankRows([])).toEqual([]);
  });

  it('does not reorder or change the input', () => {
    const rows = Object.freeze([row('b', 1), row('a', 2)]);
    rankRows(rows);
    expect(rows.map((r) => r.nick)).toEqual(['b', 'a']);
  });
});

describe('rankLevelRows', () => {
  const level = (nick: string, lvl: number, experience: number, uuid = testUuid0): LevelRow => ({
    nick,
    uuid,
    level: lvl,
    experience,
  });
  it('orders by level, then experience, then nick case-insensitively, then uuid', () => {
    const rows = [
      level('low', 3, 900),
      level('Bob', 7, 10, '00000000-0000-0000-0000-00000000000b'),
      level('exp', 7, 50),
      level('bob', 7, 10, '00000000-0000-0000-0000-00000000000a'),
      level('alice', 7, 10),
    ];
    expect(rankLevelRows(rows).map((r) => [r.index, r.nick, r.uuid.slice(-1)])).toEqual([
      [1, 'exp', '0'],
      [2, 'alice', '0'],
      [3, 'bob', 'a'],
      [4, 'Bob', 'b'],
      [5, 'low', '0'],
    ]);
  });
  it(`keeps the top ${LEADERBOARD_SIZE}, cut by the tie rule`, () => {
    const rows = Array.from({ length: 51 }, (_, i) => level(`p${String(50 - i).padStart(2, '0')}`, 1, 1));
    const ranked = rankLevelRows(rows);
    expect(ranked).toHaveLength(50);
    expect(ranked.map((r) => r.nick)).not.toContain('p50');
  });
});
