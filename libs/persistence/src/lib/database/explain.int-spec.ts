import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { ECONOMY_TYPES, rankLevelRows, votePeriodKeys } from '@craftstats/domain';
import { describeEachDialect, testUuid } from '../../testing';
import { TypeOrmLeaderboardRepository } from '../leaderboards/leaderboard.typeorm-repository';
import { TypeOrmLogRepository } from '../logs/log.typeorm-repository';
import { profileSql } from '../players/player.profile-query';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { PlayerEntity } from '../players/player.entity';
import { createDataSource, Dialect } from './data-source';
import { quoteIdentifier } from './sql-dialect';

/**
 * The cost of every public read must not grow with the number of players (ADR 0004). With 100k
 * players (balances, vote counts) and 100k rows in each log, the exact SQL the repositories issue
 * (captured from TypeORM) is EXPLAINed: each query walks the index made for it, without a sort
 * (MariaDB: no "Using filesort"/"Using temporary", no type ALL; SQLite: no "USE TEMP B-TREE", no
 * SCAN without an index).
 */

const PLAYERS = 100_000;
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const PERIODS = votePeriodKeys(T0, 'Europe/Prague'); // { month: '2026-11', week: '2026-11-16' }

interface CapturedQuery {
  sql: string;
  parameters: unknown[];
}

/** Records every query TypeORM sends (the repositories' exact SQL and parameters). */
class CapturingLogger implements TypeOrmLogger {
  queries: CapturedQuery[] = [];
  logQuery(query: string, parameters?: unknown[]): void {
    this.queries.push({ sql: query, parameters: parameters ?? [] });
  }
  logQueryError(): void {
    // only queries are of interest
  }
  logQuerySlow(): void {
    // only queries are of interest
  }
  logSchemaBuild(): void {
    // only queries are of interest
  }
  logMigration(): void {
    // only queries are of interest
  }
  log(): void {
    // only queries are of interest
  }
}

/** Dialect-specific SQL pieces of the bulk loader. */
function sqlFor(dialect: Dialect) {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const concat = (...parts: string[]) =>
    dialect === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.join(' || ');
  const uuid =
    dialect === 'mysql'
      ? `CONCAT('00000000-0000-4000-8000-', LOWER(LPAD(HEX(n), 12, '0')))`
      : `'00000000-0000-4000-8000-' || printf('%012x', n)`;
  return { q, concat, uuid };
}

/**
 * Loads PLAYERS players with balances, vote counts and log rows using INSERT … SELECT over a number
 * table (a few statements instead of 600k single-row INSERTs: seconds, not minutes).
 */
async function loadVolume(ds: DataSource, dialect: Dialect): Promise<void> {
  const { q, concat, uuid } = sqlFor(dialect);
  const digits =
    '(SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)';
  await ds.query(`CREATE TABLE ${q('seq')} (${q('n')} INTEGER NOT NULL PRIMARY KEY)`);
  await ds.query(
    `INSERT INTO ${q('seq')} (${q('n')}) SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 1 ` +
      `FROM ${digits} a, ${digits} b, ${digits} c, ${digits} e, ${digits} f`,
  );
  const nick = concat(`'Player'`, 'n');
  const nickLower = concat(`'player'`, 'n');
  await ds.query(
    `INSERT INTO ${q('players')} (${q('id')}, ${q('uuid')}, ${q('nick')}, ${q('nick_lower')}, ${q('nick_since')}, ` +
      `${q('discriminator')}, ${q('rank_id')}, ${q('created_at')}) ` +
      `SELECT n, ${uuid}, ${nick}, ${nickLower}, n, '0001', CASE WHEN n % 1000 = 0 THEN '12' ELSE '' END, ${T0} FROM ${q('seq')}`,
  );
  // Levels with many ties: 2,500 players on each survival level, experience repeating every 1,000.
  await ds.query(
    `UPDATE ${q('players')} SET ${q('survival_level')} = ${q('id')} % 40, ` +
      `${q('survival_experience')} = (${q('id')} * 13) % 1000, ${q('global_level')} = ${q('id')} % 7`,
  );
  // Two currencies per player, values with many ties (so the tie-break columns matter).
  for (const [currency, modulo] of [
    ['CRAFTCOINS', 50_000],
    ['KARMA', 997],
  ] as const) {
    await ds.query(
      `INSERT INTO ${q('player_balances')} (${q('player_id')}, ${q('currency')}, ${q('amount')}, ${q('sort_key')}, ${q('as_of')}, ` +
        `${q('nick_lower')}, ${q('uuid')}) SELECT n, '${currency}', (n * 7919) % ${modulo}, -((n * 7919) % ${modulo}), ${T0}, ` +
        `${nickLower}, ${uuid} FROM ${q('seq')}`,
    );
  }
  // Vote counters: all-time for everyone, this month and last month for a part, this week for a few.
  for (const [period, key, filter] of [
    ['total', 'all', '1 = 1'],
    ['month', PERIODS.month, 'n % 2 = 0'],
    ['month', '2026-10', 'n % 3 = 0'],
    ['week', PERIODS.week, 'n % 10 = 0'],
  ] as const) {
    await ds.query(
      `INSERT INTO ${q('vote_counts')} (${q('player_id')}, ${q('period')}, ${q('period_key')}, ${q('votes')}, ` +
        `${q('sort_key')}, ${q('nick_lower')}, ${q('uuid')}) SELECT n, '${period}', '${key}', (n * 31) % 97, -((n * 31) % 97), ` +
        `${nickLower}, ${uuid} ` +
        `FROM ${q('seq')} WHERE ${filter}`,
    );
  }
  await ds.query(
    `INSERT INTO ${q('economy_log')} (${q('event_id')}, ${q('source')}, ${q('action')}, ${q('uuid')}, ${q('nick')}, ` +
      `${q('sender')}, ${q('server')}, ${q('old_value')}, ${q('new_value')}, ${q('date')}, ${q('is_public')}, ${q('received_at')}) ` +
      `SELECT ${concat(`'e'`, 'n')}, 'survival', CASE WHEN n % 4 = 0 THEN 'PLAYER_JOIN' ELSE 'ECONOMY_CRAFTCOINS_ADD' END, ` +
      `${uuid}, ${nick}, 'survival', 'survival', '0', '1', ${T0} - n * 1000, CASE WHEN n % 4 = 0 THEN 0 ELSE 1 END, ${T0} ` +
      `FROM ${q('seq')}`,
  );
  await ds.query(
    `INSERT INTO ${q('achievement_log')} (${q('event_id')}, ${q('source')}, ${q('uuid')}, ${q('nick')}, ${q('ach_id')}, ` +
      `${q('ach_name')}, ${q('ach_value')}, ${q('server')}, ${q('date')}, ${q('received_at')}) ` +
      `SELECT ${concat(`'a'`, 'n')}, 'survival', ${uuid}, ${nick}, 'game_goal', 'Cíl', 5, 'survival', ${T0} - n * 1000, ${T0} FROM ${q('seq')}`,
  );
  // The migrations create the counter; the ingestor would have counted each registration.
  await ds.query(
    `UPDATE ${q('counters')} SET ${q('value')} = ${PLAYERS} WHERE ${q('name')} = 'registered_players'`,
  );
  await ds.query(`DROP TABLE ${q('seq')}`);
  await ds.query(
    dialect === 'mysql'
      ? 'ANALYZE TABLE players, player_balances, vote_counts, economy_log, achievement_log'
      : 'ANALYZE',
  );
}

interface MariaDbPlanRow {
  table: string;
  type: string;
  key: string | null;
  Extra: string | null;
}

interface SqlitePlanRow {
  detail: string;
}

/** One plan line per table (MariaDB) or plan step (SQLite), as text for readable failures. */
async function explain(ds: DataSource, dialect: Dialect, query: CapturedQuery): Promise<string[]> {
  if (dialect === 'mysql') {
    const rows = (await ds.query(`EXPLAIN ${query.sql}`, query.parameters)) as MariaDbPlanRow[];
    return rows.map(
      (row) => `table=${row.table} type=${row.type} key=${row.key ?? 'NULL'} extra=${row.Extra ?? ''}`,
    );
  }
  const rows = (await ds.query(`EXPLAIN QUERY PLAN ${query.sql}`, query.parameters)) as SqlitePlanRow[];
  return rows.map((row) => row.detail);
}

/**
 * The whole expected plan of each read's main query, per dialect: one pattern per line (MariaDB: one
 * per table; SQLite: one per plan step).
 */
const EXPECTED_PLANS: Record<string, Record<Dialect, RegExp[]>> = {
  topBalances: {
    mysql: [/^table=b type=(ref|range) key=idx_balances_board /, /^table=p type=eq_ref key=PRIMARY /],
    sqlite: [
      /^SEARCH b USING (COVERING )?INDEX idx_balances_board \(currency=\?\)$/,
      /^SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
    ],
  },
  topVotes: {
    mysql: [/^table=v type=(ref|range) key=idx_votes_board /, /^table=p type=eq_ref key=PRIMARY /],
    sqlite: [
      /^SEARCH v USING (COVERING )?INDEX idx_votes_board \(period=\? AND period_key=\?\)$/,
      /^SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
    ],
  },
  // Step 1 walks the index backwards, steps 2 and 3 read index ranges (ADR 0025).
  topLevelsCut: {
    mysql: [/^table=p type=range key=idx_players_level_survival extra=.*Using index/],
    sqlite: [/^SEARCH p USING COVERING INDEX idx_players_level_survival \(survival_level>\?\)$/],
  },
  topLevelsAbove: {
    mysql: [/^table=p type=range key=idx_players_level_survival /],
    sqlite: [/^SEARCH p USING INDEX idx_players_level_survival \(survival_level>\?\)$/],
  },
  topLevelsTied: {
    mysql: [/^table=p type=ref key=idx_players_level_survival /],
    sqlite: [
      /^SEARCH p USING INDEX idx_players_level_survival \(survival_level=\? AND survival_experience=\?\)$/,
    ],
  },
  latestEconomy: {
    mysql: [/^table=l type=(ref|range) key=idx_economy_log_public /],
    sqlite: [/^SEARCH l USING INDEX idx_economy_log_public \(is_public=\?\)$/],
  },
  // An index walk in (date, id) order that stops after 50 rows: no table scan, no sort.
  latestAchievements: {
    mysql: [/^table=l type=index key=idx_achievement_log_date /],
    sqlite: [/^SCAN l USING INDEX idx_achievement_log_date$/],
  },
  // One statement per profile (ADR 0035): the player by its index, then each balance (one per currency)
  // and this month's and week's vote counter by their whole primary key. MariaDB reads a player found
  // by uuid and its keyed rows as constants.
  profileByNick: {
    mysql: [
      /^table=p type=ref key=idx_players_nick /,
      ...Array.from(
        { length: ECONOMY_TYPES.length + 2 },
        () => /^table=(b\d|vm|vw) type=eq_ref key=PRIMARY /,
      ),
    ],
    sqlite: [
      /^SEARCH p USING INDEX idx_players_nick \(nick_lower=\?\)$/,
      ...Array.from(
        { length: ECONOMY_TYPES.length + 2 },
        () =>
          /^SEARCH (b\d|vm|vw) USING INDEX sqlite_autoindex_(player_balances|vote_counts)_1 \((player_id=\? AND currency=\?|player_id=\? AND period=\? AND period_key=\?)\)( LEFT-JOIN)?$/,
      ),
    ],
  },
  profileByUuid: {
    mysql: [
      /^table=p type=const key=uq_players_uuid /,
      ...Array.from(
        { length: ECONOMY_TYPES.length + 2 },
        () => /^table=(b\d|vm|vw) type=(const|eq_ref) key=PRIMARY /,
      ),
    ],
    sqlite: [
      /^SEARCH p USING INDEX uq_players_uuid \(uuid=\?\)$/,
      ...Array.from(
        { length: ECONOMY_TYPES.length + 2 },
        () =>
          /^SEARCH (b\d|vm|vw) USING INDEX sqlite_autoindex_(player_balances|vote_counts)_1 \((player_id=\? AND currency=\?|player_id=\? AND period=\? AND period_key=\?)\)( LEFT-JOIN)?$/,
      ),
    ],
  },
  // A range of the nick index read in its own order, stopped after 10 rows (the search box).
  searchByNickPrefix: {
    mysql: [/^table=PlayerEntity type=range key=idx_players_nick /],
    sqlite: [/^SEARCH PlayerEntity USING INDEX idx_players_nick \(nick_lower>\? AND nick_lower<\?\)$/],
  },
  // Bounded by the number of staff, not of players: the (rank, nick) sort runs over the rows the index
  // found. An index (rank_id, nick_lower, uuid) would remove it; not needed at any realistic staff size.
  staff: {
    mysql: [/^table=PlayerEntity type=range key=idx_players_rank extra=.*Using filesort/],
    sqlite: [
      /^SEARCH PlayerEntity USING INDEX idx_players_rank \(rank_id=\?\)$/,
      /^USE TEMP B-TREE FOR LAST 2 TERMS OF ORDER BY$/,
    ],
  },
};

/** Plan lines that show a full scan or a sort. */
function badLines(dialect: Dialect, plan: string[]): string[] {
  if (dialect === 'mysql') {
    return plan.filter((line) => / type=ALL /.test(line) || /Using filesort|Using temporary/.test(line));
  }
  return plan.filter(
    (line) => /USE TEMP B-TREE/.test(line) || (/^SCAN /.test(line) && !/USING (COVERING )?INDEX/.test(line)),
  );
}

describeEachDialect('query plans of the public reads at 100k players', (fx) => {
  let capture: CapturingLogger;
  let traced: DataSource;

  beforeAll(async () => {
    await loadVolume(fx.dataSource, fx.dialect);
    capture = new CapturingLogger();
    traced = createDataSource(fx.db.settings, { logger: capture, poolSize: 2 });
    await traced.initialize();
  }, 120_000);
  afterAll(async () => {
    if (traced?.isInitialized) await traced.destroy();
  });

  /** Runs `read` on the traced DataSource and EXPLAINs every SELECT it sent, in order. */
  async function plansOf(
    read: (ds: DataSource) => Promise<unknown>,
  ): Promise<{ sql: string; plan: string[] }[]> {
    capture.queries = [];
    await read(traced);
    const selects = capture.queries.filter((query) => /^\s*SELECT/i.test(query.sql));
    const plans = [];
    for (const query of selects)
      plans.push({ sql: query.sql, plan: await explain(fx.dataSource, fx.dialect, query) });
    return plans;
  }

  /** `plan` is exactly the expected plan lines of `name` for this dialect. */
  function expectPlan(plan: string[], name: keyof typeof EXPECTED_PLANS): void {
    expect(plan).toEqual(EXPECTED_PLANS[name][fx.dialect].map((pattern) => expect.stringMatching(pattern)));
  }

  /** No query of `plans` scans a whole table or sorts. */
  function expectNoScanNoSort(plans: { sql: string; plan: string[] }[]): void {
    expect(plans.map(({ sql, plan }) => ({ sql, bad: badLines(fx.dialect, plan) }))).toEqual(
      plans.map(({ sql }) => ({ sql, bad: [] })),
    );
  }

  it('loaded the volume it claims', async () => {
    const [{ count }] = (await fx.dataSource.query('SELECT COUNT(*) AS count FROM player_balances')) as {
      count: number | string;
    }[];
    expect(Number(count)).toBe(2 * PLAYERS);
    expect(await new TypeOrmPlayerRepository(fx.dataSource).countRegisteredPlayers()).toBe(PLAYERS);
  });

  it('top balances walk idx_balances_board and join players by primary key, without a sort', async () => {
    const plans = await plansOf((ds) => new TypeOrmLeaderboardRepository(ds).topBalances('CRAFTCOINS', 50));
    expect(plans).toHaveLength(1);
    expectNoScanNoSort(plans);
    expectPlan(plans[0].plan, 'topBalances');
    const top = await new TypeOrmLeaderboardRepository(fx.dataSource).topBalances('CRAFTCOINS', 50);
    expect(top).toHaveLength(50);
    expect(top[0].value).toBe(49_999);
  });

  it('top votes of the month walk idx_votes_board and join players by primary key, without a sort', async () => {
    const plans = await plansOf((ds) =>
      new TypeOrmLeaderboardRepository(ds).topVotes('month', PERIODS.month, 50),
    );
    expect(plans).toHaveLength(1);
    expectNoScanNoSort(plans);
    expectPlan(plans[0].plan, 'topVotes');
  });

  it('a level board reads idx_players_level_<mode> in three bounded steps, without a scan or a sort', async () => {
    const plans = await plansOf((ds) => new TypeOrmLeaderboardRepository(ds).topLevels('survival', 50));
    expect(plans).toHaveLength(3);
    expectNoScanNoSort(plans);
    expectPlan(plans[0].plan, 'topLevelsCut');
    expectPlan(plans[1].plan, 'topLevelsAbove');
    expectPlan(plans[2].plan, 'topLevelsTied');
    const globalPlans = await plansOf((ds) => new TypeOrmLeaderboardRepository(ds).topLevels('global', 50));
    expect(globalPlans).toHaveLength(3);
    expectNoScanNoSort(globalPlans);
  });

  it('a level board is the exact top 50 by level, experience, nick and uuid, cut inside a tie', async () => {
    const top = await new TypeOrmLeaderboardRepository(fx.dataSource).topLevels('survival', 50);
    // Every candidate (the 2,500 players of the highest level), ranked in memory by the domain rule.
    const candidates = (await fx.dataSource.query(
      'SELECT nick, uuid, survival_level AS level, survival_experience AS experience FROM players WHERE survival_level = 39',
    )) as { nick: string; uuid: string; level: number | string; experience: number | string }[];
    const expected = rankLevelRows(
      candidates.map((c) => ({ ...c, level: Number(c.level), experience: Number(c.experience) })),
    );
    expect(rankLevelRows(top)).toEqual(expected);
    // The cut falls inside a group of equal (level, experience): the tie rule decided who is in.
    expect(expected[49].experience).toBe(expected[48].experience);
    const global = await new TypeOrmLeaderboardRepository(fx.dataSource).topLevels('global', 50);
    expect(global).toHaveLength(50);
    expect(global.every((row) => row.level === 6 && row.experience === 0)).toBe(true);
  });

  it('the latest economy log walks idx_economy_log_public, without a sort', async () => {
    const plans = await plansOf((ds) => new TypeOrmLogRepository(ds).latest('economy', 50));
    expect(plans).toHaveLength(1);
    expectNoScanNoSort(plans);
    expectPlan(plans[0].plan, 'latestEconomy');
    const latest = await new TypeOrmLogRepository(fx.dataSource).latest('economy', 50);
    expect(latest[0]).toMatchObject({ date: T0 - 1000, action: 'ECONOMY_CRAFTCOINS_ADD' });
  });

  it('the latest achievements walk idx_achievement_log_date backwards, without a sort', async () => {
    const plans = await plansOf((ds) => new TypeOrmLogRepository(ds).latest('achievements', 50));
    expect(plans).toHaveLength(1);
    expectNoScanNoSort(plans);
    expectPlan(plans[0].plan, 'latestAchievements');
  });

  it('a profile by nick is one statement: the player through idx_players_nick, balances and votes by primary key', async () => {
    // The repository reads profiles on the driver (ADR 0035): nothing goes through TypeORM's runners.
    const plans = await plansOf((ds) => new TypeOrmPlayerRepository(ds).findByNick('PLAYER77777', PERIODS));
    expect(plans).toHaveLength(0);
    const query = {
      sql: profileSql(fx.dialect, 'nick', fx.dataSource.getMetadata(PlayerEntity)),
      parameters: [PERIODS.month, PERIODS.week, 'player77777'],
    };
    const plan = await explain(fx.dataSource, fx.dialect, query);
    expect(badLines(fx.dialect, plan)).toEqual([]);
    expectPlan(plan, 'profileByNick');
    const record = await new TypeOrmPlayerRepository(fx.dataSource).findByNick('PLAYER77777', PERIODS);
    expect(record?.player.uuid).toBe(testUuid(77777));
  });

  it('a profile by uuid is one statement: the player through uq_players_uuid, balances and votes by primary key', async () => {
    const plans = await plansOf((ds) => new TypeOrmPlayerRepository(ds).findByUuid(testUuid(4242), PERIODS));
    expect(plans).toHaveLength(0);
    const query = {
      sql: profileSql(fx.dialect, 'uuid', fx.dataSource.getMetadata(PlayerEntity)),
      parameters: [PERIODS.month, PERIODS.week, testUuid(4242)],
    };
    const plan = await explain(fx.dataSource, fx.dialect, query);
    expect(badLines(fx.dialect, plan)).toEqual([]);
    expectPlan(plan, 'profileByUuid');
    const record = await new TypeOrmPlayerRepository(fx.dataSource).findByUuid(testUuid(4242), PERIODS);
    expect(record).toMatchObject({ votesMonth: (4242 * 31) % 97, votesWeek: 0 });
    expect(record?.player.balances.KARMA.amount).toBe((4242 * 7919) % 997);
  });

  it('the staff list finds the staff through idx_players_rank, sorting only the matched staff rows', async () => {
    const plans = await plansOf((ds) => new TypeOrmPlayerRepository(ds).findStaff(['12', '13']));
    expect(plans).toHaveLength(1);
    expectPlan(plans[0].plan, 'staff');
    expect(await new TypeOrmPlayerRepository(fx.dataSource).findStaff(['12', '13'])).toHaveLength(
      PLAYERS / 1000,
    );
  });

  it('the player search reads a range of idx_players_nick in index order, without a scan or a sort', async () => {
    for (const prefix of ['P', 'player7777', 'PLAYER1234']) {
      const plans = await plansOf((ds) => new TypeOrmPlayerRepository(ds).searchByNickPrefix(prefix, 10));
      expect(plans).toHaveLength(1);
      expectNoScanNoSort(plans);
      expectPlan(plans[0].plan, 'searchByNickPrefix');
      expect(plans[0].sql).toMatch(/LIMIT 10$/);
    }
    // player7777 and player77770..player77779: eleven match, the first ten by nick come back.
    const found = await new TypeOrmPlayerRepository(fx.dataSource).searchByNickPrefix('PLAYER7777', 10);
    expect(found.map((p) => p.nick)).toEqual([
      'Player7777',
      ...Array.from({ length: 9 }, (_, i) => `Player7777${i}`),
    ]);
    expect(found[0].uuid).toBe(testUuid(7777));
  });
});
