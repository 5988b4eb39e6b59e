import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { LegacySourceSettings } from '../lib/legacy/legacy-profile.reader';

/** The old system's DDL, copied from ../shared/legacy/player_profile.sql (latin2, latin2_czech_cs). */
export const LEGACY_DDL_PATH = path.join(__dirname, 'legacy/player_profile.sql');

/** A scratch database on the test MariaDB holding the old system's `player_profile` table. */
export interface LegacyTestDatabase {
  settings: LegacySourceSettings;
  /** `mysql://…/db`, the `--from` of the import. */
  url: string;
  connection: Connection;
  insert(rows: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  drop(): Promise<void>;
}

export async function createLegacyDatabase(): Promise<LegacyTestDatabase> {
  const base = new URL(process.env['MARIADB_TEST_URL'] ?? 'mariadb://root@127.0.0.1:3306/');
  const name = `craftstats_legacy_${process.pid}_${randomBytes(4).toString('hex')}`;
  const server = {
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username || 'root'),
    password: decodeURIComponent(base.password),
  };
  const admin = await createConnection({ ...server, charset: 'UTF8MB4_UNICODE_CI' });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET latin2 COLLATE latin2_czech_cs`);
  await admin.end();
  // The client speaks utf8mb4; the server converts to and from the table's latin2.
  const connection = await createConnection({ ...server, database: name, charset: 'UTF8MB4_UNICODE_CI' });
  for (const statement of readFileSync(LEGACY_DDL_PATH, 'utf8').split(/;\s*\n/)) {
    if (statement.trim() !== '') await connection.query(statement);
  }
  const url = new URL(base.toString());
  url.protocol = 'mysql:';
  url.pathname = `/${name}`;
  return {
    settings: { ...server, database: name },
    url: url.toString(),
    connection,
    insert: async (rows) => {
      for (let i = 0; i < rows.length; i += 500) {
        const part = rows.slice(i, i + 500);
        const columns = [...new Set(part.flatMap((row) => Object.keys(row)))];
        // Columns a row leaves out take their DEFAULT.
        const placeholders = part
          .map((row) => `(${columns.map((column) => (column in row ? '?' : 'DEFAULT')).join(', ')})`)
          .join(', ');
        await connection.query(
          `INSERT INTO player_profile (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ${placeholders}`,
          part.flatMap((row) => columns.filter((column) => column in row).map((column) => row[column])),
        );
      }
    },
    drop: async () => {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** The status text the old system stored for a player who never set one. */
const DEFAULT_STATUS = 'Tento hráč nemá nastavený status...';

/** A valid legacy row for player number `n` (1-based), every mapped column set to a distinct value. */
export function legacyProfileRow(
  n: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: n,
    discriminator: String(1000 + (n % 9000)).padStart(4, '0'),
    nick: `Hrac_${n}`,
    uuid: `0000abcd-0000-4000-8000-${hex}`,
    registred: 1_386_000_000_000 + n * 3_600_000,
    last_online: 1_700_000_000_000 + n * 60_000,
    last_server: ['lobby', 'survival', 'skyblock', 'creative'][n % 4],
    played_time: n * 1_237, // minutes, as the old proxy counted them
    mc_version: n % 5 === 0 ? '0' : `1.20.${n % 7}`,
    craft_coins: n * 37,
    craft_tokens: n % 3 === 0 ? 0 : n * 2,
    vote_tokens: n % 50,
    vote_tokens_2: 999,
    vote_tokens_3: n % 30,
    level: 1 + (n % 40),
    experience: n * 11,
    global_level: 1 + (n % 60),
    survival_118_level: 1 + (n % 80),
    survival_118_experience: n * 13,
    skyblock_118_level: 1 + (n % 30),
    skyblock_118_experience: n * 17,
    creative_level: 1 + (n % 10),
    creative_experience: n * 3,
    vanilla_level: 1 + (n % 12),
    vanilla_experience: n * 5,
    prison_level: 1 + (n % 9),
    prison_experience: n * 7,
    skycloud_level: 1 + (n % 8),
    skycloud_experience: n * 9,
    survival_level: 77,
    karma_points: n % 11,
    quest_points: n * 4,
    event_points: n % 20 === 0 ? 3 : 0,
    total_votes: n % 300,
    month_votes: n % 20,
    week_votes: n % 5,
    last_vote: n % 300 === 0 ? 0 : 1_763_000_000_000 + n,
    discord_user_id: n % 3 === 0 ? `3${String(n).padStart(17, '0')}` : null,
    status: n % 4 === 0 ? `Ahoj, jsem hráč číslo ${n}` : DEFAULT_STATUS,
    ...overrides,
  };
}

/**
 * `count` legacy rows (count ≥ 12) with the nasty cases of a real old database: Czech status text, an
 * upper-case uuid without dashes, huge balances, NULL Discord ids, nicks differing only in case, and
 * rows the import must skip (bad uuid, bad nick, a balance beyond 2^53, a second spelling of one uuid).
 */
export function legacyProfileRows(count: number): Array<Record<string, unknown>> {
  const rows = Array.from({ length: count }, (_v, i) => legacyProfileRow(i + 1));
  const set = (n: number, overrides: Record<string, unknown>) => Object.assign(rows[n - 1] ?? {}, overrides);
  set(1, {
    uuid: '0123456789ABCDEF0123456789ABCDEF',
    status: 'Příliš žluťoučký kůň úpěl ďábelské ódy - ČŘŠŽÝÁÍÉŮÚĎŤŇ',
  });
  set(2, { craft_coins: '9007199254740991', craft_tokens: '4000000000000', quest_points: '123456789012' });
  set(3, { nick: 'Steve', last_online: 1_700_000_000_000 });
  set(4, { nick: 'steve', last_online: 1_750_000_000_000, discord_user_id: null });
  set(5, { uuid: 'not-a-uuid' });
  set(6, { nick: 'Pepa Novák' });
  set(7, { craft_coins: '9223372036854775807' });
  // The same player as row 1, spelt with dashes: the old unique key compared text.
  set(8, { uuid: '01234567-89ab-cdef-0123-456789abcdef', last_online: 1_600_000_000_000 });
  set(9, { discord_user_id: '123456789012345678', mc_version: '1.8.9', status: DEFAULT_STATUS });
  return rows;
}

/**
 * Everything an import writes, keyed by uuid / event id rather than generated ids, for comparing two
 * databases: players (without id and created_at), balances, vote counts, the log (without id and
 * received_at), processed ids, counters and the checkpoint (without updated_at).
 */
export async function dumpImportState(ds: DataSource): Promise<Record<string, unknown>> {
  const rows = (sql: string) => ds.query(sql) as Promise<Array<Record<string, unknown>>>;
  const strip = (list: Array<Record<string, unknown>>, ...keys: string[]) =>
    list.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k))));
  return {
    players: strip(await rows('SELECT * FROM players ORDER BY uuid'), 'id', 'created_at'),
    balances: await rows(
      'SELECT p.uuid, b.currency, b.amount, b.as_of, b.sort_key, b.nick_lower FROM player_balances b ' +
        'JOIN players p ON p.id = b.player_id ORDER BY p.uuid, b.currency',
    ),
    votes: await rows(
      'SELECT p.uuid, v.period, v.period_key, v.votes, v.sort_key FROM vote_counts v ' +
        'JOIN players p ON p.id = v.player_id ORDER BY p.uuid, v.period, v.period_key',
    ),
    log: strip(await rows('SELECT * FROM economy_log ORDER BY event_id'), 'id', 'received_at'),
    processed: await rows('SELECT source, event_id FROM economy_log ORDER BY source, event_id'),
    counters: await rows('SELECT * FROM counters ORDER BY name'),
    checkpoint: strip(await rows('SELECT * FROM legacy_imports'), 'updated_at'),
  };
}
