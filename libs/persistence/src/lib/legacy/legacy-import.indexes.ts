import { DataSource } from 'typeorm';
import { LegacyImportIndexes } from '@craftstats/domain';
import { quoteIdentifier } from '../database/sql-dialect';

/**
 * Deferred secondary indexes for a first import into an empty MySQL/MariaDB database (ADR 0062).
 *
 * The bulk path fills four big tables; maintaining their non-unique indexes row by row (random
 * B-tree inserts) was most of the server's time. On an empty target the import drops them first and
 * adds them back at the end with one `ALTER TABLE … ADD INDEX …, ADD INDEX …` per table, which the
 * server builds by sorting. Primary keys and unique indexes stay: the import itself looks players up
 * by uuid and relies on the duplicate-key errors.
 *
 * The definitions come from the entities (the migrations' drift check keeps them identical to the
 * migrated schema) and are checked against the live schema before anything is dropped. The missing
 * indexes are the only marker: a run that finds some of them missing (an earlier deferred run was
 * killed or failed) continues deferred and adds them back when it ends.
 */
export const DEFERRED_INDEX_TABLES = ['players', 'economy_log', 'player_balances', 'vote_counts'] as const;

export interface IndexDefinition {
  table: string;
  name: string;
  columns: string[];
}

/** These statements are MySQL/MariaDB only. */
const q = (name: string) => quoteIdentifier('mysql', name);

/** The non-unique secondary indexes of the tables the import fills, as the entities (= migrations) define them. */
export function deferrableIndexes(ds: DataSource): IndexDefinition[] {
  return DEFERRED_INDEX_TABLES.flatMap((table) => {
    const metadata = ds.entityMetadatas.find((m) => m.tableName === table);
    if (!metadata) throw new Error(`No entity for table ${table}`);
    return metadata.indices
      .filter((index) => !index.isUnique && !index.isSpatial && !index.isFulltext && !index.where)
      .map((index) => ({
        table,
        name: index.name,
        columns: index.columns.map((column) => column.databaseName),
      }));
  });
}

/** The live indexes of `tables` (MySQL/MariaDB): name → unique flag and ordered column list. */
async function liveIndexes(
  ds: DataSource,
  tables: readonly string[],
): Promise<Map<string, { unique: boolean; definition: string }>> {
  const rows: Array<{
    t: string;
    name: string;
    nonUnique: unknown;
    col: string;
    sub: unknown;
    coll: unknown;
  }> = await ds.query(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS col,
              SUB_PART AS sub, COLLATION AS coll
         FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})
        ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [...tables],
  );
  const found = new Map<string, { unique: boolean; definition: string }>();
  for (const row of rows) {
    const key = `${row.t}.${row.name}`;
    const part = `${row.col}${row.sub === null ? '' : `(${String(row.sub)})`}${row.coll === 'D' ? ' DESC' : ''}`;
    const entry = found.get(key);
    if (entry) entry.definition += `,${part}`;
    else found.set(key, { unique: Number(row.nonUnique) === 0, definition: part });
  }
  return found;
}

export interface IndexState {
  /** Every deferrable index, as defined by the entities. */
  expected: IndexDefinition[];
  /** Those the live schema lacks (dropped by an earlier deferred run that did not finish). */
  missing: IndexDefinition[];
}

/**
 * Compares the live schema with the definitions. Throws if an index of that name exists with other
 * columns: then the schema is not the migrations' and nothing is dropped or rebuilt.
 */
export async function indexState(ds: DataSource): Promise<IndexState> {
  const expected = deferrableIndexes(ds);
  const live = await liveIndexes(ds, DEFERRED_INDEX_TABLES);
  const missing: IndexDefinition[] = [];
  for (const index of expected) {
    const found = live.get(`${index.table}.${index.name}`);
    if (!found) {
      missing.push(index);
      continue;
    }
    if (found.unique || found.definition !== index.columns.join(',')) {
      throw new Error(
        `Index ${index.name} on ${index.table} is (${found.definition}), not (${index.columns.join(',')}) as the migrations define it`,
      );
    }
  }
  return { expected, missing };
}

/** True when none of the tables the import fills holds a row. */
export async function targetTablesEmpty(ds: DataSource): Promise<boolean> {
  const rows: Array<Record<string, unknown>> = await ds.query(
    `SELECT ${DEFERRED_INDEX_TABLES.map((t) => `EXISTS(SELECT 1 FROM ${q(t)}) AS ${q(t)}`).join(', ')}`,
  );
  return Object.values(rows[0] ?? {}).every((value) => Number(value) === 0);
}

function byTable(indexes: readonly IndexDefinition[]): Map<string, IndexDefinition[]> {
  const tables = new Map<string, IndexDefinition[]>();
  for (const index of indexes) tables.set(index.table, [...(tables.get(index.table) ?? []), index]);
  return tables;
}

/** Drops the indexes, one ALTER TABLE per table. */
export async function dropIndexes(ds: DataSource, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const [table, list] of byTable(indexes)) {
    await ds.query(`ALTER TABLE ${q(table)} ${list.map((i) => `DROP INDEX ${q(i.name)}`).join(', ')}`);
  }
}

/**
 * Adds the indexes back, one ALTER TABLE per table (the server builds each index by one sort). The
 * tables are altered at once, on connections of their own: one ALTER sorts on one core, and the
 * four together used both cores of the measured machine (63 s one after the other for a million players).
 */
export async function addIndexes(ds: DataSource, indexes: readonly IndexDefinition[]): Promise<void> {
  await Promise.all(
    [...byTable(indexes)].map(([table, list]) => {
      const adds = list.map((i) => `ADD INDEX ${q(i.name)} (${i.columns.map(q).join(', ')})`);
      return ds.query(`ALTER TABLE ${q(table)} ${adds.join(', ')}`);
    }),
  );
}

/** The deferrable indexes of a MySQL/MariaDB target (adapter of the domain's `LegacyImportIndexes`). */
export class MysqlLegacyImportIndexes extends LegacyImportIndexes {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async state(): Promise<{ expected: number; missing: number }> {
    const state = await indexState(this.dataSource);
    return { expected: state.expected.length, missing: state.missing.length };
  }

  tablesEmpty(): Promise<boolean> {
    return targetTablesEmpty(this.dataSource);
  }

  async dropAll(): Promise<number> {
    const { expected } = await indexState(this.dataSource);
    await dropIndexes(this.dataSource, expected);
    return expected.length;
  }

  async addMissing(): Promise<number> {
    const { missing } = await indexState(this.dataSource);
    await addIndexes(this.dataSource, missing);
    return missing.length;
  }
}

/** SQLite: the import keeps its indexes (the deferral is a MySQL/MariaDB measure, ADR 0062). */
export class NoDeferredIndexes extends LegacyImportIndexes {
  state(): Promise<null> {
    return Promise.resolve(null);
  }

  tablesEmpty(): Promise<boolean> {
    return Promise.resolve(false);
  }

  dropAll(): Promise<number> {
    return Promise.resolve(0);
  }

  addMissing(): Promise<number> {
    return Promise.resolve(0);
  }
}
