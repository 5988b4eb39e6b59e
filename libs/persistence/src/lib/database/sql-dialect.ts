import { DataSource } from 'typeorm';
import { Dialect, dialectOf } from './data-source';

/** An identifier (table, column) quoted for the dialect: `name` on MySQL/MariaDB, "name" on SQLite. */
export function quoteIdentifier(dialect: Dialect, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** The larger of two SQL expressions: GREATEST on MySQL/MariaDB, SQLite's two-argument MAX. */
export function greatestSql(dialect: Dialect, a: string, b: string): string {
  return `${dialect === 'mysql' ? 'GREATEST' : 'MAX'}(${a}, ${b})`;
}

/**
 * What an upsert does to each column on conflict: `replace` takes the new value, `increment` adds it
 * to the stored one, `max` keeps the larger of the two (a checkpoint that never goes back), and
 * `increasing` takes the new value but at least the stored one + 1 (a version that strictly
 * increases even when the new value is not newer).
 */
export interface UpsertUpdate {
  replace?: readonly string[];
  increment?: readonly string[];
  max?: readonly string[];
  increasing?: readonly string[];
}

/**
 * The one INSERT … ON DUPLICATE KEY UPDATE / ON CONFLICT DO UPDATE of this code, whose syntax differs
 * between MySQL/MariaDB and SQLite; with no column to update, INSERT IGNORE / DO NOTHING.
 */
export function upsertSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rowCount: number,
  conflict: readonly string[],
  update: UpsertUpdate,
): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const head = insertSql(dialect, table, columns, rowCount);
  const newValue = (c: string) => (dialect === 'mysql' ? `VALUES(${q(c)})` : `excluded.${q(c)}`);
  const sets = [
    ...(update.replace ?? []).map((c) => `${q(c)} = ${newValue(c)}`),
    ...(update.increment ?? []).map((c) => `${q(c)} = ${q(c)} + ${newValue(c)}`),
    ...(update.max ?? []).map((c) => `${q(c)} = ${greatestSql(dialect, q(c), newValue(c))}`),
    ...(update.increasing ?? []).map((c) => `${q(c)} = ${greatestSql(dialect, newValue(c), `${q(c)} + 1`)}`),
  ];
  if (sets.length === 0) {
    return dialect === 'mysql'
      ? head.replace(/^INSERT INTO/, 'INSERT IGNORE INTO')
      : `${head} ON CONFLICT (${conflict.map(q).join(', ')}) DO NOTHING`;
  }
  return dialect === 'mysql'
    ? `${head} ON DUPLICATE KEY UPDATE ${sets.join(', ')}`
    : `${head} ON CONFLICT (${conflict.map(q).join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
}

/**
 * A multi-row INSERT that skips the rows whose `key` is already stored (INSERT IGNORE on
 * MySQL/MariaDB, ON CONFLICT (key) DO NOTHING on SQLite). With `returning` columns (MariaDB 10.5+ and
 * SQLite), the statement answers exactly the rows it inserted: the skipped ones are not returned.
 * Only for rows whose values the caller has validated: MySQL's IGNORE also turns a value that does
 * not fit its column into a warning.
 */
export function insertNewRowsSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rowCount: number,
  key: readonly string[],
  returning: readonly string[] = [],
): string {
  const sql = upsertSql(dialect, table, columns, rowCount, key, {});
  if (returning.length === 0) return sql;
  return `${sql} RETURNING ${returning.map((c) => quoteIdentifier(dialect, c)).join(', ')}`;
}

/** `SELECT columns FROM table WHERE equal = ? AND … AND inColumn IN (?, …)` for `count` values. */
export function selectInSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  equal: readonly string[],
  inColumn: string,
  count: number,
): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const where = [
    ...equal.map((c) => `${q(c)} = ?`),
    `${q(inColumn)} IN (${Array(count).fill('?').join(', ')})`,
  ].join(' AND ');
  return `SELECT ${columns.map(q).join(', ')} FROM ${q(table)} WHERE ${where}`;
}

/**
 * Bound parameters one statement may carry: SQLite's SQLITE_MAX_VARIABLE_NUMBER (32766 since 3.32),
 * and on MySQL/MariaDB the 65535 of a prepared statement (mysql2's `query` interpolates on the client,
 * so this only keeps a statement well under `max_allowed_packet`).
 */
export const MAX_PARAMETERS: Readonly<Record<Dialect, number>> = { sqlite: 32_766, mysql: 65_535 };

/**
 * How many rows of `columns` parameters fit in one statement. Batches are at most 1000 events, so on
 * MySQL/MariaDB every table of a batch is written by one statement; SQLite splits only the players
 * of a batch with more than 728 new or changed players.
 */
export function rowsPerStatement(dialect: Dialect, columns: number): number {
  return Math.max(1, Math.floor(MAX_PARAMETERS[dialect] / columns));
}

/** A multi-row INSERT of `rowCount` rows with `?` placeholders. */
export function insertSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rowCount: number,
): string {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${Array(rowCount).fill(row).join(', ')}`;
}

/**
 * A `LOAD DATA LOCAL INFILE` of `columns` into `table` (MySQL/MariaDB only), the rows streamed by the
 * client as tab-separated UTF-8 text (ADR 0047).
 */
export function loadDataLocalSql(table: string, columns: readonly string[]): string {
  const q = (name: string) => quoteIdentifier('mysql', name);
  return (
    `LOAD DATA LOCAL INFILE 'craftstats-${table}.tsv' INTO TABLE ${q(table)} CHARACTER SET utf8mb4 ` +
    `(${columns.map(q).join(', ')})`
  );
}

/**
 * The locking clause of a read that the rows' writers must wait for: `FOR UPDATE` on MySQL/MariaDB;
 * nothing on SQLite, whose write transaction already holds the whole file.
 */
export function forUpdateSql(dialect: Dialect): string {
  return dialect === 'mysql' ? ' FOR UPDATE' : '';
}

/** Splits `items` into chunks small enough for one multi-row statement. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The values of `rows` in one list, row after row: the parameters of a multi-row statement. A plain
 * loop, because `Array.prototype.flat` and `flatMap` cost about 20 times as much on Node 20 (1.3 ms
 * for a batch's 425 log rows of 13 values, against 0.05 ms; docs/performance.md, "The realistic
 * mix's CPU, per event").
 */
export function flatRows<T>(rows: ReadonlyArray<readonly T[]>): T[] {
  const out: T[] = [];
  for (const row of rows) for (let i = 0; i < row.length; i++) out.push(row[i]);
  return out;
}

/** MariaDB 10.5+ by its VERSION() text ("10.11.19-MariaDB-0+deb12u1"); MySQL has no INSERT … RETURNING. */
export function versionHasInsertReturning(version: string): boolean {
  const match = /^(\d+)\.(\d+)\.\d+-.*mariadb/i.exec(version);
  if (match === null) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 10 || (major === 10 && minor >= 5);
}

const insertReturning = new WeakMap<DataSource, Promise<boolean>>();

/**
 * Whether INSERT … RETURNING works: always on SQLite (3.35+; better-sqlite3 bundles a newer one), on
 * MySQL/MariaDB when the server is MariaDB 10.5+, whichever URL scheme named it — asked once per
 * DataSource (SELECT VERSION()), outside any transaction. Without it callers read rows back.
 */
export function supportsInsertReturning(dataSource: DataSource): Promise<boolean> {
  if (dialectOf(dataSource) === 'sqlite') return Promise.resolve(true);
  let known = insertReturning.get(dataSource);
  if (known === undefined) {
    known = dataSource
      .query('SELECT VERSION() AS version')
      .then((rows: Array<{ version: unknown }>) => versionHasInsertReturning(String(rows[0]?.version ?? '')));
    insertReturning.set(dataSource, known);
    // A failed probe (database down) is asked again next time.
    known.catch(() => insertReturning.delete(dataSource));
  }
  return known;
}
