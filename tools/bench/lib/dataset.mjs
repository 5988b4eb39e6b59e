// The benchmark's data set, generated inside MariaDB: the real schema (the project's migrations), then
// N players with balances, vote counters, levels, staff ranks, a few million log rows and the
// processed-event ids behind them, all by INSERT … SELECT over the SEQUENCE engine's seq_A_to_B tables.
// Secondary indexes are dropped before the load and rebuilt after it (a sorted build instead of
// millions of random index inserts); the rebuilt tables are checked to match the migrated ones exactly.
import { createRequire } from 'node:module';
import { sql } from './players.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

/** Bumped when the generated data changes: a kept database of another version is loaded again. */
export const DATASET_VERSION = 2;
const CHUNK = 100_000;
const DAY = 86_400_000;
const LOADED_TABLES = ['players', 'player_balances', 'vote_counts', 'economy_log', 'achievement_log'];

/** Server credentials and database name from DATABASE_URL (mysql:// or mariadb://). */
export function serverFromUrl(url, fallbackDatabase) {
  const parsed = new URL(url);
  if (!/^(mysql|mariadb):$/.test(parsed.protocol)) {
    throw new Error(`DATABASE_URL must be mysql:// or mariadb:// for the benchmark, not ${parsed.protocol}`);
  }
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || fallbackDatabase,
  };
}

export function databaseUrl(server) {
  const auth = `${encodeURIComponent(server.user)}${server.password ? `:${encodeURIComponent(server.password)}` : ''}`;
  return `mysql://${auth}@${server.host}:${server.port}/${server.database}`;
}

export function connect(server, database = server.database) {
  return mysql.createConnection({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database: database ?? undefined,
    multipleStatements: false,
    supportBigNumbers: true,
  });
}

/** Progress lines on stderr: rewritten in place on a terminal, one per step otherwise. */
export function progress(label) {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let last = '';
  return {
    update(text) {
      last = `  ${label}: ${text} (${((Date.now() - started) / 1000).toFixed(0)} s)`;
      if (tty) process.stderr.write(`\r\x1b[2K${last}`);
    },
    done(text) {
      const line = `  ${label}: ${text} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      process.stderr.write(tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
      return (Date.now() - started) / 1000;
    },
    get last() {
      return last;
    },
  };
}

/**
 * The data set as it exists in `server.database`: { players, version, loadedAt } when a complete load
 * of this version is there, else null.
 */
export async function existingDataset(server) {
  const admin = await connect(server, null);
  try {
    const [dbs] = await admin.query(
      'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [server.database],
    );
    if (dbs.length === 0) return null;
    const [tables] = await admin.query(
      "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'bench_dataset'",
      [server.database],
    );
    if (tables.length === 0) return null;
    const [rows] = await admin.query(
      `SELECT players, version, loaded_at FROM \`${server.database}\`.bench_dataset`,
    );
    return rows[0]
      ? {
          players: Number(rows[0].players),
          version: Number(rows[0].version),
          loadedAt: Number(rows[0].loaded_at),
        }
      : null;
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(server) {
  const admin = await connect(server, null);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${server.database}\``);
  } finally {
    await admin.end();
  }
}

/** Creates the database afresh and applies the project's migrations (the built persistence library). */
export async function createMigratedDatabase(server, persistence) {
  const admin = await connect(server, null);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${server.database}\``);
    await admin.query(
      `CREATE DATABASE \`${server.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await admin.end();
  }
  const ds = persistence.createDataSource({ kind: 'mysql', flavor: 'mariadb', ...server });
  await ds.initialize();
  try {
    const applied = await persistence.runMigrations(ds);
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** Whether the built code has migrations the database has not applied yet. */
export async function hasPendingMigrations(server, persistence) {
  const ds = persistence.createDataSource({ kind: 'mysql', flavor: 'mariadb', ...server });
  await ds.initialize();
  try {
    return await ds.showMigrations();
  } finally {
    await ds.destroy();
  }
}

/** The secondary indexes of `table` as ADD clauses, from information_schema. */
async function secondaryIndexes(db, schema, table) {
  const [rows] = await db.query(
    `SELECT INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME, SUB_PART, COLLATION FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const byName = new Map();
  for (const row of rows) {
    const index = byName.get(row.INDEX_NAME) ?? { unique: Number(row.NON_UNIQUE) === 0, columns: [] };
    index.columns.push(
      `\`${row.COLUMN_NAME}\`${row.SUB_PART ? `(${row.SUB_PART})` : ''}${row.COLLATION === 'D' ? ' DESC' : ''}`,
    );
    byName.set(row.INDEX_NAME, index);
  }
  return [...byName].map(([name, index]) => ({
    name,
    add: `ADD ${index.unique ? 'UNIQUE ' : ''}INDEX \`${name}\` (${index.columns.join(', ')})`,
  }));
}

/** SHOW CREATE TABLE without the AUTO_INCREMENT counter, lines sorted (index order may differ). */
async function tableShape(db, table) {
  const [[row]] = await db.query(`SHOW CREATE TABLE \`${table}\``);
  return row['Create Table']
    .replace(/ AUTO_INCREMENT=\d+/, '')
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .sort()
    .join('\n');
}

/** Every date of the data set is relative to `now` (ms). */
export function datasetClock(now, votePeriodKeys, timeZone) {
  const keys = votePeriodKeys(now, timeZone);
  // The month before the current one, for a closed month on the vote boards.
  const [year, month] = keys.month.split('-').map(Number);
  const previousMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return { now, month: keys.month, week: keys.week, previousMonth };
}

/**
 * Loads `players` players into the migrated database. Returns the row counts and the seconds per step.
 * Shares of players with each attribute are stated where they are generated.
 */
export async function loadDataset(server, players, clock) {
  const db = await connect(server);
  const steps = {};
  const T = clock.now - 60_000; // everything happened before the load
  const n = 'seq';
  const h = (salt) => sql.hash(salt, n);
  const uniform = (salt) => `(${h(salt)} / 4294967295)`;
  try {
    await db.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
    const shapes = {};
    const dropped = {};
    for (const table of LOADED_TABLES) {
      shapes[table] = await tableShape(db, table);
      dropped[table] = await secondaryIndexes(db, server.database, table);
      if (dropped[table].length > 0) {
        await db.query(
          `ALTER TABLE \`${table}\` ${dropped[table].map((index) => `DROP INDEX \`${index.name}\``).join(', ')}`,
        );
      }
    }

    /** One INSERT … SELECT per chunk of `total` sequence numbers, with progress. */
    const chunked = async (label, total, statement) => {
      const p = progress(label);
      let inserted = 0;
      for (let from = 1; from <= total; from += CHUNK) {
        const to = Math.min(total, from + CHUNK - 1);
        const [result] = await db.query(statement(`seq_${from}_to_${to}`));
        inserted += result.affectedRows;
        p.update(
          `${to.toLocaleString('en')} / ${total.toLocaleString('en')}, ${inserted.toLocaleString('en')} rows`,
        );
      }
      steps[label] = p.done(`${inserted.toLocaleString('en')} rows`);
    };

    // Vote totals: 30 % of the players have voted, heavy-tailed (most a few times, some hundreds).
    const votesTotal = `IF(${h('v')} % 100 < 30, 1 + FLOOR(POW(${uniform('vt')}, 3) * 600), 0)`;
    const level = (salt, share, max) =>
      `IF(${h(`${salt}s`)} % 100 < ${share}, FLOOR(POW(${uniform(salt)}, 2) * ${max}), 0)`;
    const experience = (salt, share) => `IF(${h(`${salt}s`)} % 100 < ${share}, ${h(`${salt}x`)} % 50000, 0)`;
    const modes = [
      ['survival', 'ls', 70, 120],
      ['skyblock', 'lk', 40, 200],
      ['creative', 'lc', 15, 50],
      ['vanilla', 'lv', 20, 80],
      ['prison', 'lp', 25, 300],
      ['skycloud', 'lo', 10, 150],
    ];
    await chunked(
      'players',
      players,
      (
        seq,
      ) => `INSERT INTO players (id, uuid, nick, nick_lower, nick_since, discriminator, web_group, registred,
        last_online, last_server, is_online, played_time, mc_version, rank_id, rank_since, tag, discord_id,
        global_level, ${modes.map(([mode]) => `${mode}_level, ${mode}_experience`).join(', ')},
        social_status, social_web, votes_total, last_vote, created_at, last_event_date, last_event_id, last_event_source)
      SELECT ${n}, ${sql.uuid(n)}, ${sql.nick(n)}, ${sql.nickLower(n)},
        IF(${h('r')} % 100 < 95, ${T} - ${h('rd')} % (3 * 365 * ${DAY}), 0),
        LPAD(${h('d')} % 10000, 4, '0'), IF(${n} % 50 = 0, 1, 0),
        IF(${h('r')} % 100 < 95, ${T} - ${h('rd')} % (3 * 365 * ${DAY}), 0),
        ${T} - ${h('lo')} % (90 * ${DAY}), ELT(1 + ${n} % 5, 'survival', 'skyblock', 'creative', 'vanilla', 'prison'),
        IF(${n} % 500 = 0, 1, 0), ${h('pt')} % (800 * 3600000), ELT(1 + ${n} % 4, '1.21.4', '1.20.1', '1.8.9', '1.21.1'),
        IF(${n} % 33333 = 0, ELT(1 + ${n} % 6, '10', '11', '12', '13', '14', '15'), IF(${n} % 10 = 0, ELT(1 + ${n} % 3, '2', '3', '4'), '')),
        IF(${n} % 10 = 0, ${T} - ${h('rs')} % (365 * ${DAY}), 0),
        IF(${n} % 10 = 0, ELT(1 + ${n} % 3, 'VIP', 'VIP+', 'Legenda'), ''),
        IF(${h('dc')} % 100 < 15, CONCAT('3', LPAD(${h('dd')}, 10, '0'), LPAD(${n}, 7, '0')), ''),
        ${level('lg', 60, 100)}, ${modes.map(([, salt, share, max]) => `${level(salt, share, max)}, ${experience(salt, share)}`).join(', ')},
        IF(${n} % 40 = 0, 'Ahoj, hraju na survivalu!', ''), IF(${n} % 200 = 0, CONCAT('https://hrac', ${n}, '.cz'), NULL),
        ${votesTotal}, IF(${votesTotal} > 0, ${T} - ${h('lv')} % (60 * ${DAY}), 0),
        ${T} - ${h('rd')} % (3 * 365 * ${DAY}), ${T}, CONCAT('load-', ${n}), 'survival'
      FROM ${seq}`,
    );

    // Balances: every currency a share of the players holds, heavy-tailed amounts (many ties near 0).
    const currencies = [
      ['CRAFTCOINS', 100, 5_000_000],
      ['CRAFTTOKENS', 40, 20_000],
      ['VOTETOKENS', 30, 2_000],
      ['KARMA', 20, 1_000],
      ['ACHIEVEMENTPOINTS', 50, 10_000],
      ['EVENTPOINTS', 10, 500],
    ];
    await chunked(
      'player_balances',
      players,
      (seq) =>
        `INSERT INTO player_balances (player_id, currency, amount, sort_key, as_of, nick_lower, uuid) ` +
        currencies
          .map(
            ([currency, share, max]) =>
              `SELECT ${n}, '${currency}', FLOOR(POW(${uniform(`a${currency}`)}, 4) * ${max}), -FLOOR(POW(${uniform(`a${currency}`)}, 4) * ${max}),
               ${T} - ${h(`t${currency}`)} % (30 * ${DAY}), ${sql.nickLower(n)}, ${sql.uuid(n)}
               FROM ${seq} WHERE ${h(`s${currency}`)} % 100 < ${share}`,
          )
          .join(' UNION ALL '),
    );

    // Vote counters: all-time for every voter; this month a third of them, this week a third of those,
    // last month half of them. A period's count never exceeds the all-time one.
    const month = `LEAST(${votesTotal}, 1 + ${h('vm')} % 31)`;
    const week = `LEAST(${month}, 1 + ${h('vw')} % 7)`;
    const previous = `LEAST(${votesTotal}, 1 + ${h('vp')} % 31)`;
    const voter = `${h('v')} % 100 < 30`;
    await chunked(
      'vote_counts',
      players,
      (seq) =>
        `INSERT INTO vote_counts (player_id, period, period_key, votes, sort_key, nick_lower, uuid) ` +
        [
          ['total', 'all', votesTotal, voter],
          ['month', clock.month, month, `${voter} AND ${h('vm')} % 3 = 0`],
          ['week', clock.week, week, `${voter} AND ${h('vm')} % 3 = 0 AND ${h('vw')} % 3 = 0`],
          ['month', clock.previousMonth, previous, `${voter} AND ${h('vp')} % 2 = 0`],
        ]
          .map(
            ([period, key, votes, where]) =>
              `SELECT ${n}, '${period}', '${key}', ${votes}, -(${votes}), ${sql.nickLower(n)}, ${sql.uuid(n)} FROM ${seq} WHERE ${where}`,
          )
          .join(' UNION ALL '),
    );

    // Logs: two economy-log rows per player over the past year (a mix of the actions game servers
    // send), half an achievement per player. Each log's unique (source, event_id) key is the
    // idempotency record (ADR 0072), as after real ingestion.
    const economyRows = 2 * players;
    const span = 365 * DAY;
    const actions = [
      'ECONOMY_CRAFTCOINS_ADD',
      'ECONOMY_CRAFTCOINS_TAKE',
      'ECONOMY_CRAFTTOKENS_ADD',
      'ECONOMY_VOTETOKENS_ADD',
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'PLAYER_VOTE',
      'PLAYER_UPDATE_LEVEL',
    ];
    const servers = `ELT(1 + k % 5, 'survival', 'skyblock', 'creative', 'vanilla', 'prison')`;
    const logSource = (seq, total) =>
      `(SELECT seq AS k, 1 + (seq - 1) % ${players} AS p, ${T} - ${span} + FLOOR(seq * ${span / total}) AS at,
         ELT(1 + CRC32(CONCAT('la', seq)) % ${actions.length}, ${actions.map((a) => `'${a}'`).join(', ')}) AS action
        FROM ${seq}) s`;
    await chunked(
      'economy_log',
      economyRows,
      (
        seq,
      ) => `INSERT INTO economy_log (event_id, source, action, uuid, nick, sender, server, old_value, new_value,
          date, is_public, details, received_at)
        SELECT CONCAT('L', LPAD(k, 10, '0')), ${servers}, action, ${sql.uuid('p')}, ${sql.nick('p')}, ${servers}, ${servers},
          IF(action LIKE 'ECONOMY%', CRC32(CONCAT('ov', k)) % 100000, '0'), IF(action LIKE 'ECONOMY%', CRC32(CONCAT('nv', k)) % 100000, '0'),
          at, action LIKE 'ECONOMY%',
          CASE action WHEN 'PLAYER_JOIN' THEN '{"mc_version":"1.21.4"}' WHEN 'PLAYER_VOTE' THEN '{"site":"czech-craft.eu"}'
            WHEN 'PLAYER_UPDATE_LEVEL' THEN CONCAT('{"mode":"survival","level":', k % 120, ',"experience":', k % 50000, '}') ELSE NULL END,
          at + 150
        FROM ${logSource(seq, economyRows)}`,
    );
    const achievementRows = Math.max(1, Math.floor(players / 2));
    await chunked(
      'achievement_log',
      achievementRows,
      (
        seq,
      ) => `INSERT INTO achievement_log (event_id, source, uuid, nick, ach_id, ach_name, ach_value, server, date, received_at)
        SELECT CONCAT('A', LPAD(k, 10, '0')), ${servers}, ${sql.uuid('p')}, ${sql.nick('p')}, CONCAT('ach_', k % 200),
          CONCAT('Úspěch č. ', k % 200), 5 + k % 50, ${servers}, at, at + 150
        FROM ${logSource(seq, achievementRows)}`,
    );
    await db.query(
      "UPDATE counters SET value = (SELECT COUNT(*) FROM players WHERE registred > 0) WHERE name = 'registered_players'",
    );

    const p = progress('indexes');
    for (const table of LOADED_TABLES) {
      if (dropped[table].length === 0) continue;
      p.update(`${table} (${dropped[table].length})`);
      await db.query(`ALTER TABLE \`${table}\` ${dropped[table].map((index) => index.add).join(', ')}`);
      const shape = await tableShape(db, table);
      if (shape !== shapes[table]) {
        throw new Error(
          `${table}: the rebuilt table differs from the migrated one:\n${shape}\n---\n${shapes[table]}`,
        );
      }
    }
    await db.query(`ANALYZE TABLE ${LOADED_TABLES.join(', ')}`);
    steps.indexes = p.done('secondary indexes rebuilt, identical to the migrated schema, tables analyzed');

    await db.query(
      'CREATE TABLE bench_dataset (players int NOT NULL, version int NOT NULL, loaded_at bigint NOT NULL) ENGINE=InnoDB',
    );
    await db.query('INSERT INTO bench_dataset VALUES (?, ?, ?)', [players, DATASET_VERSION, clock.now]);
    return { steps, counts: await rowCounts(db) };
  } finally {
    await db.end();
  }
}

/**
 * The data set of `players` players in `server.database`: with `keep`, a complete load of this
 * version on the current schema is reused; otherwise the database is created, migrated and loaded.
 */
export async function ensureDataset({ server, players, keep, persistence, votePeriodKeys, timeZone, log }) {
  const existing = keep ? await existingDataset(server) : null;
  const reusable =
    existing !== null &&
    existing.players === players &&
    existing.version === DATASET_VERSION &&
    !(await hasPendingMigrations(server, persistence));
  if (reusable) {
    log(`reusing database ${server.database} (${players.toLocaleString('en')} players, --keep)`);
    const db = await connect(server);
    try {
      return {
        database: server.database,
        reused: true,
        loadedAt: new Date(existing.loadedAt).toISOString(),
        counts: await rowCounts(db),
      };
    } finally {
      await db.end();
    }
  }
  log(`creating database ${server.database}, migrating, loading ${players.toLocaleString('en')} players`);
  const started = Date.now();
  const migrations = await createMigratedDatabase(server, persistence);
  const clock = datasetClock(Date.now(), votePeriodKeys, timeZone);
  const loaded = await loadDataset(server, players, clock);
  return {
    database: server.database,
    reused: false,
    migrations,
    loadSeconds: (Date.now() - started) / 1000,
    steps: loaded.steps,
    counts: loaded.counts,
  };
}

export async function rowCounts(db) {
  const counts = {};
  for (const table of LOADED_TABLES) {
    const [[row]] = await db.query(`SELECT COUNT(*) AS c FROM \`${table}\``);
    counts[table] = Number(row.c);
  }
  return counts;
}
