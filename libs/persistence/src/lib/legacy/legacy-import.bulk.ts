import { Readable } from 'node:stream';
import { EntityManager } from 'typeorm';
import { ECONOMY_TYPES, ProjectedImport, nickKey } from '@craftstats/domain';
import { Dialect } from '../database/data-source';
import {
  chunk,
  flatRows,
  insertSql,
  loadDataLocalSql,
  quoteIdentifier,
  upsertSql,
} from '../database/sql-dialect';
import { ECONOMY_LOG_COLUMNS, economyLogRow } from '../logs/log-rows';
import { PlayerEntity } from '../players/player.entity';
import { PlayerMapper } from '../players/player.mapper';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';

/** Rows per multi-row INSERT (the players table has ~45 columns: well under SQLite's 32766 variables). */
const ROWS_PER_STATEMENT = 500;

type Value = string | number | null;

/**
 * How the bulk path puts rows into the tables. `load-data`: one `LOAD DATA LOCAL INFILE` per table and
 * page, the rows streamed from memory as tab-separated text (MySQL/MariaDB whose `local_infile` is on):
 * the server neither parses a 45-column VALUES list per row nor formats 20,000 placeholders per
 * statement, which halved the time of the players' and balances' inserts in the measurements of
 * docs/legacy-import.md. `insert`: multi-row INSERTs (SQLite, or a server that refuses local files).
 */
export type BulkWriteMode = 'load-data' | 'insert';

/** `load-data` where the target allows it (asked once per import), else `insert`. */
export async function bulkWriteMode(manager: EntityManager, dialect: Dialect): Promise<BulkWriteMode> {
  if (dialect !== 'mysql') return 'insert';
  const rows: Array<{ enabled: unknown }> = await manager.query('SELECT @@local_infile AS enabled');
  return Number(rows[0]?.enabled) === 1 ? 'load-data' : 'insert';
}

const NEEDS_ESCAPE = /[\\\t\n\r\0]/;

/** One value as a field of LOAD DATA's default format (tab-separated, backslash escapes, \N = NULL). */
function loadDataField(value: Value): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return NEEDS_ESCAPE.test(value)
    ? value.replace(/[\\\t\n\r\0]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\0',
      )
    : value;
}

/** Rows per chunk of the LOAD DATA stream: the text is built and encoded a chunk at a time. */
const ROWS_PER_CHUNK = 1000;

/**
 * The rows as LOAD DATA text, one Buffer per chunk of rows, built lazily while the driver sends
 * them: one string per chunk instead of an array and a string per row joined into one large text
 * and copied once more (building, escaping and encoding that text was ~6.7 of the import process's
 * ~27 busy CPU seconds in a profile of 200,000 rows, docs/legacy-import.md).
 */
function* loadDataChunks(rows: readonly Value[][]): Generator<Buffer> {
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    const end = Math.min(rows.length, start + ROWS_PER_CHUNK);
    let text = '';
    for (let r = start; r < end; r++) {
      const row = rows[r] as Value[];
      for (let c = 0; c < row.length; c++) {
        if (c > 0) text += '\t';
        text += loadDataField(row[c] as Value);
      }
      text += '\n';
    }
    yield Buffer.from(text, 'utf8');
  }
}

/** The result of a LOAD DATA as mysql2 reports it. */
interface LoadResult {
  affectedRows: number;
  warningStatus: number;
}

/** mysql2's own (callback) connection under TypeORM's query runner: only it can stream a local file. */
interface RawMysqlConnection {
  query(
    options: { sql: string; infileStreamFactory: () => Readable },
    callback: (error: Error | null, result: LoadResult) => void,
  ): void;
}

/** Rows per LOAD DATA: a page of 5,000 players has ~25,000 balance rows, well within one. */
const ROWS_PER_LOAD = 50_000;

async function loadRows(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
): Promise<void> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('LOAD DATA needs the transaction of the page (no query runner)');
  const connection = (await (
    runner as unknown as { connect(): Promise<RawMysqlConnection> }
  ).connect()) as RawMysqlConnection;
  for (const part of chunk(rows, ROWS_PER_LOAD)) {
    const sql = loadDataLocalSql(table, columns);
    const result = await new Promise<LoadResult>((resolve, reject) =>
      connection.query(
        { sql, infileStreamFactory: () => Readable.from(loadDataChunks(part), { objectMode: false }) },
        (error, r) => (error ? reject(error) : resolve(r)),
      ),
    );
    // With LOCAL the server cannot stop the client's transfer, so a duplicate key only skips the row
    // (as with IGNORE) and a bad value is only a warning: both are turned back into the errors a plain
    // INSERT raises, so the page rolls back (and a duplicate sends it through the event store).
    if (result.affectedRows !== part.length) {
      throw Object.assign(
        new Error(
          `LOAD DATA into ${table}: ${part.length - result.affectedRows} of ${part.length} rows skipped as duplicate keys`,
        ),
        { code: 'ER_DUP_ENTRY' },
      );
    }
    if (result.warningStatus > 0) {
      const warnings: Array<{ Message: string }> = await manager.query('SHOW WARNINGS LIMIT 3');
      throw new Error(
        `LOAD DATA into ${table}: ${result.warningStatus} warning(s): ${warnings.map((w) => w.Message).join('; ')}`,
      );
    }
  }
}

async function insertRows(
  manager: EntityManager,
  dialect: Dialect,
  mode: BulkWriteMode,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
): Promise<void> {
  if (rows.length === 0) return;
  if (mode === 'load-data') return loadRows(manager, table, columns, rows);
  for (const part of chunk(rows, ROWS_PER_STATEMENT)) {
    await manager.query(insertSql(dialect, table, columns, part.length), flatRows(part));
  }
}

/**
 * The bulk path of the import, for players the database does not know yet: the log rows (their
 * unique (source, event_id) key marks the events as stored) and every projection row (players,
 * balances, vote counts, the registration counter) written with multi-row INSERTs inside the
 * caller's transaction — the same rows the event store would write for these events one batch at a
 * time, computed with the same domain rules.
 *
 * Plain INSERTs, no IGNORE: a player or an event id that appeared meanwhile (a live event creating
 * the player between the caller's check and this write) fails the statement with a duplicate key,
 * and the caller rolls back and takes the event store's path for the page instead.
 */
export async function writeNewPlayers(
  manager: EntityManager,
  dialect: Dialect,
  imports: readonly ProjectedImport[],
  source: string,
  receivedAt: number,
  mode: BulkWriteMode = 'insert',
): Promise<{ registrations: number }> {
  if (imports.length === 0) return { registrations: 0 };
  if (dialect !== 'mysql') return writeRows(manager, dialect, 'insert', imports, source, receivedAt);
  // The balance and vote rows reference players inserted a few statements earlier in this very
  // transaction: checking each foreign key again only costs time.
  await manager.query('SET SESSION foreign_key_checks = 0');
  try {
    return await writeRows(manager, dialect, mode, imports, source, receivedAt);
  } finally {
    await manager.query('SET SESSION foreign_key_checks = 1');
  }
}

async function writeRows(
  manager: EntityManager,
  dialect: Dialect,
  mode: BulkWriteMode,
  imports: readonly ProjectedImport[],
  source: string,
  receivedAt: number,
): Promise<{ registrations: number }> {
  await insertRows(
    manager,
    dialect,
    mode,
    'economy_log',
    ECONOMY_LOG_COLUMNS,
    imports.map(({ event }) => economyLogRow(event, source, receivedAt)),
  );

  const metadata = manager.connection.getMetadata(PlayerEntity);
  const playerColumns = metadata.columns.filter((column) => !column.isGenerated);
  await insertRows(
    manager,
    dialect,
    mode,
    'players',
    playerColumns.map((column) => column.databaseName),
    imports.map(({ player }) => {
      const row = PlayerMapper.toPersistence(player, receivedAt) as unknown as Record<string, unknown>;
      return playerColumns.map((column) => {
        const value = row[column.propertyName];
        return typeof value === 'boolean' ? (value ? 1 : 0) : (value as Value);
      });
    }),
  );

  // The ids the inserts gave the players, by uuid (one indexed lookup per 1,000).
  const ids = new Map<string, number>();
  const q = (name: string) => quoteIdentifier(dialect, name);
  for (const part of chunk(imports, 1000)) {
    const rows: Array<{ id: number | string; uuid: string }> = await manager.query(
      `SELECT ${q('id')} AS id, ${q('uuid')} AS uuid FROM ${q('players')} WHERE ${q('uuid')} IN (${part.map(() => '?').join(', ')})`,
      part.map(({ player }) => player.uuid),
    );
    for (const row of rows) ids.set(row.uuid, Number(row.id));
  }
  const idOf = (uuid: string): number => {
    const id = ids.get(uuid);
    if (id === undefined) throw new Error(`Imported player ${uuid} was not found after its insert`);
    return id;
  };

  const balances: Value[][] = [];
  const votes: Value[][] = [];
  let registrations = 0;
  for (const { player, votes: increments } of imports) {
    const playerId = idOf(player.uuid);
    const nickLower = nickKey(player.nick);
    for (const type of ECONOMY_TYPES) {
      const { amount, asOf } = player.balances[type];
      if (asOf !== 0) balances.push([playerId, type, amount, -amount, asOf, nickLower, player.uuid]);
    }
    const counts = new Map<string, { period: string; key: string; n: number }>();
    for (const vote of increments) {
      const id = `${vote.period}|${vote.key}`;
      const current = counts.get(id) ?? { period: vote.period, key: vote.key, n: 0 };
      current.n += vote.count ?? 1;
      counts.set(id, current);
    }
    for (const count of counts.values()) {
      votes.push([playerId, count.period, count.key, count.n, -count.n, nickLower, player.uuid]);
    }
    if (player.registred !== 0) registrations++;
  }
  await insertRows(
    manager,
    dialect,
    mode,
    'player_balances',
    ['player_id', 'currency', 'amount', 'sort_key', 'as_of', 'nick_lower', 'uuid'],
    balances,
  );
  await insertRows(
    manager,
    dialect,
    mode,
    'vote_counts',
    ['player_id', 'period', 'period_key', 'votes', 'sort_key', 'nick_lower', 'uuid'],
    votes,
  );
  if (registrations > 0) {
    await manager.query(
      upsertSql(dialect, 'counters', ['name', 'value'], 1, ['name'], { increment: ['value'] }),
      [REGISTERED_PLAYERS_COUNTER, registrations],
    );
  }
  return { registrations };
}
