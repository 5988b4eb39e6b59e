import {
  chunk,
  flatRows,
  forUpdateSql,
  greatestSql,
  insertNewRowsSql,
  insertSql,
  loadDataLocalSql,
  rowsPerStatement,
  selectInSql,
  upsertSql,
  versionHasInsertReturning,
} from './sql-dialect';

describe('upsertSql', () => {
  const columns = ['player_id', 'period', 'votes'];

  it('inserts or ignores on MySQL and does nothing on conflict on SQLite when nothing is updated', () => {
    expect(upsertSql('mysql', 'economy_log', ['source', 'event_id'], 2, ['source', 'event_id'], {})).toBe(
      'INSERT IGNORE INTO `economy_log` (`source`, `event_id`) VALUES (?, ?), (?, ?)',
    );
    expect(upsertSql('sqlite', 'economy_log', ['source', 'event_id'], 1, ['source', 'event_id'], {})).toBe(
      'INSERT INTO "economy_log" ("source", "event_id") VALUES (?, ?) ON CONFLICT ("source", "event_id") DO NOTHING',
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

  it('keeps the larger value (max) or a strictly increasing one (increasing) on conflict', () => {
    const update = { max: ['last_id'], increasing: ['set_at'] };
    expect(upsertSql('mysql', 't', ['k', 'last_id', 'set_at'], 1, ['k'], update)).toBe(
      'INSERT INTO `t` (`k`, `last_id`, `set_at`) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE ' +
        '`last_id` = GREATEST(`last_id`, VALUES(`last_id`)), `set_at` = GREATEST(VALUES(`set_at`), `set_at` + 1)',
    );
    expect(upsertSql('sqlite', 't', ['k', 'last_id', 'set_at'], 1, ['k'], update)).toBe(
      'INSERT INTO "t" ("k", "last_id", "set_at") VALUES (?, ?, ?) ON CONFLICT ("k") DO UPDATE SET ' +
        '"last_id" = MAX("last_id", excluded."last_id"), "set_at" = MAX(excluded."set_at", "set_at" + 1)',
    );
  });
});

describe('greatestSql, forUpdateSql and loadDataLocalSql', () => {
  it('writes each dialect’s form', () => {
    expect([greatestSql('mysql', 'a', '?'), greatestSql('sqlite', 'a', '?')]).toEqual([
      'GREATEST(a, ?)',
      'MAX(a, ?)',
    ]);
    expect([forUpdateSql('mysql'), forUpdateSql('sqlite')]).toEqual([' FOR UPDATE', '']);
    expect(loadDataLocalSql('players', ['uuid', 'nick'])).toBe(
      "LOAD DATA LOCAL INFILE 'craftstats-players.tsv' INTO TABLE `players` CHARACTER SET utf8mb4 (`uuid`, `nick`)",
    );
  });
});

describe('insertNewRowsSql', () => {
  const columns = ['source', 'event_id', 'nick'];
  const key = ['source', 'event_id'];

  it('skips stored keys and returns the inserted rows in each dialect', () => {
    expect(insertNewRowsSql('mysql', 'economy_log', columns, 2, key, ['event_id'])).toBe(
      'INSERT IGNORE INTO `economy_log` (`source`, `event_id`, `nick`) VALUES (?, ?, ?), (?, ?, ?) RETURNING `event_id`',
    );
    expect(insertNewRowsSql('sqlite', 'economy_log', columns, 1, key, ['event_id', 'id'])).toBe(
      'INSERT INTO "economy_log" ("source", "event_id", "nick") VALUES (?, ?, ?) ' +
        'ON CONFLICT ("source", "event_id") DO NOTHING RETURNING "event_id", "id"',
    );
  });

  it('has no RETURNING clause without returned columns', () => {
    expect(insertNewRowsSql('mysql', 'achievement_log', ['source'], 1, ['source'])).toBe(
      'INSERT IGNORE INTO `achievement_log` (`source`) VALUES (?)',
    );
  });
});

describe('selectInSql', () => {
  it('filters by equal columns and one IN list, quoted for the dialect', () => {
    expect(selectInSql('mysql', 'economy_log', ['event_id'], ['source'], 'event_id', 3)).toBe(
      'SELECT `event_id` FROM `economy_log` WHERE `source` = ? AND `event_id` IN (?, ?, ?)',
    );
    expect(selectInSql('sqlite', 'players', ['id', 'uuid'], [], 'uuid', 1)).toBe(
      'SELECT "id", "uuid" FROM "players" WHERE "uuid" IN (?)',
    );
  });
});

describe('chunk', () => {
  it('splits into parts of at most the given size, keeping order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });
});

describe('flatRows', () => {
  it('lists the values row after row, nulls and empty rows included, as Array.prototype.flat does', () => {
    const rows = [[1, 'a', null], [], [2, 'b', 0]];
    expect(flatRows(rows)).toEqual([1, 'a', null, 2, 'b', 0]);
    expect(flatRows(rows)).toEqual(rows.flat());
    expect(flatRows([])).toEqual([]);
  });
});

describe('insertSql and rowsPerStatement', () => {
  it('writes one multi-row INSERT with the quoting of each dialect', () => {
    expect(insertSql('mysql', 'vote_counts', ['player_id', 'period'], 2)).toBe(
      'INSERT INTO `vote_counts` (`player_id`, `period`) VALUES (?, ?), (?, ?)',
    );
    expect(insertSql('sqlite', 'vote_counts', ['player_id'], 1)).toBe(
      'INSERT INTO "vote_counts" ("player_id") VALUES (?)',
    );
  });

  it('fits a whole batch of 1000 rows of a log in one statement and stays under the parameter limit', () => {
    expect(rowsPerStatement('sqlite', 13)).toBe(2520);
    expect(rowsPerStatement('sqlite', 46) * 46).toBeLessThanOrEqual(32_766);
    expect(rowsPerStatement('mysql', 46)).toBeGreaterThanOrEqual(1000);
    expect(rowsPerStatement('sqlite', 100_000)).toBe(1);
  });
});

describe('versionHasInsertReturning', () => {
  it('is true for MariaDB 10.5 and later only, never for MySQL', () => {
    expect(versionHasInsertReturning('10.11.19-MariaDB-0+deb12u1')).toBe(true);
    expect(versionHasInsertReturning('10.5.0-MariaDB')).toBe(true);
    expect(versionHasInsertReturning('11.4.2-MariaDB-ubu2404')).toBe(true);
    expect(versionHasInsertReturning('10.4.34-MariaDB-log')).toBe(false);
    expect(versionHasInsertReturning('8.0.40')).toBe(false);
    expect(versionHasInsertReturning('8.4.4-standard')).toBe(false);
  });
});
