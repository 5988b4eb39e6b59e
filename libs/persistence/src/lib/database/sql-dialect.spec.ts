import { chunk, upsertSql } from './sql-dialect';

describe('upsertSql', () => {
  const columns = ['player_id', 'period', 'votes'];

  it('inserts or ignores on MySQL and does nothing on conflict on SQLite when nothing is updated', () => {
    expect(
      upsertSql('mysql', 'processed_events', ['source', 'event_id'], 2, ['source', 'event_id'], {}),
    ).toBe('INSERT IGNORE INTO `processed_events` (`source`, `event_id`) VALUES (?, ?), (?, ?)');
    expect(
      upsertSql('sqlite', 'processed_events', ['source', 'event_id'], 1, ['source', 'event_id'], {}),
    ).toBe(
      'INSERT INTO "processed_events" ("source", "event_id") VALUES (?, ?) ON CONFLICT ("source", "event_id") DO NOTHING',
    );
  });

  it('replaces and increments columns on conflict in each dialect', () => {
    const update = { replace: ['period'], increment: ['votes'] };
    expect(upsertSql('mysql', 'vote_counts', columns, 1, ['player_id', 'period'], update)).toBe(
      'INSERT INTO `vote_counts` (`player_id`, `period`, `votes`) VALUES (?, ?, ?) ' +
        'ON DUPLICATE KEY UPDATE `period` = VALUES(`period`), `votes` = `votes` + VALUES(`votes`)',
    );
    expect(upsertSql('sqlite', 'vote_counts', columns, 2, ['player_id', 'period'], update)).toBe(
      'INSERT INTO "vote_counts" ("player_id", "period", "votes") VALUES (?, ?, ?), (?, ?, ?) ' +
        'ON CONFLICT ("player_id", "period") DO UPDATE SET "period" = excluded."period", "votes" = "votes" + excluded."votes"',
    );
  });
});

describe('chunk', () => {
  it('splits into parts of at most the given size, keeping order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });
});
