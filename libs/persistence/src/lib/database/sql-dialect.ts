import { Dialect } from './data-source';

/**
 * The few statements whose syntax differs between MySQL/MariaDB and SQLite. `increment` columns add
 * the new value to the stored one on conflict; `replace` columns take the new value.
 */
export function upsertSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rowCount: number,
  conflict: readonly string[],
  update: { replace?: readonly string[]; increment?: readonly string[] },
): string {
  const q = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const row = `(${columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${Array(rowCount).fill(row).join(', ')}`;
  const newValue = (c: string) => (dialect === 'mysql' ? `VALUES(${q(c)})` : `excluded.${q(c)}`);
  const sets = [
    ...(update.replace ?? []).map((c) => `${q(c)} = ${newValue(c)}`),
    ...(update.increment ?? []).map((c) => `${q(c)} = ${q(c)} + ${newValue(c)}`),
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

/** Splits `items` into chunks small enough for one multi-row statement. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
