import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { DatabaseSettings, Dialect, createDataSource } from '../lib/database/data-source';
import { runMigrations } from '../lib/database/migrate';

export const DIALECTS: Dialect[] = ['sqlite', 'mysql'];

/** A freshly created, empty database for one test file; `drop()` removes it. */
export interface TestDatabase {
  dialect: Dialect;
  settings: DatabaseSettings;
  /** The same database as a DATABASE_URL, for booting the apps against it. */
  url: string;
  drop(): Promise<void>;
}

function mariaDbBase(): URL {
  return new URL(process.env['MARIADB_TEST_URL'] ?? 'mariadb://root@127.0.0.1:3306/');
}

/** Set by tools/jest/mariadb-probe.cjs (Jest globalSetup). */
export function mariaDbSkipReason(): string | null {
  const state = process.env['CRAFTSTATS_MARIADB'];
  if (state === 'available') return null;
  return (
    state?.replace(/^unavailable: /, '') ??
    'MariaDB availability was not probed (run through the Jest config)'
  );
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-test-'));
    const file = path.join(dir, 'test.sqlite');
    return {
      dialect,
      settings: { kind: 'sqlite', path: file },
      url: `sqlite:${file}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = mariaDbBase();
  const name = `craftstats_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const server = {
    kind: 'mysql' as const,
    flavor: 'mariadb' as const,
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username || 'root'),
    password: decodeURIComponent(base.password),
  };
  const admin = createDataSource({ ...server, database: 'mysql' }, { poolSize: 1 });
  await admin.initialize();
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    dialect,
    settings: { ...server, database: name },
    url: url.toString().replace(/^mariadb:/, 'mysql:'),
    drop: async () => {
      const dropper = createDataSource({ ...server, database: 'mysql' }, { poolSize: 1 });
      await dropper.initialize();
      await dropper.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await dropper.destroy();
    },
  };
}

/** The per-file fixture handed to `describeEachDialect` callbacks; filled in `beforeAll`. */
export interface DialectFixture {
  dialect: Dialect;
  db: TestDatabase;
  /** Initialized and migrated to the latest schema. */
  dataSource: DataSource;
}

export interface DescribeEachDialectOptions {
  /** Run migrations in beforeAll (default true). */
  migrate?: boolean;
  /**
   * Only these dialects (default: every one), for a suite whose subject does not touch the database
   * (e.g. counters shared in Redis) and which is too slow to repeat for nothing.
   */
  dialects?: readonly Dialect[];
}

/**
 * Declares a suite that needs a real MariaDB server (not a dialect fixture, e.g. the server's own
 * answers to a wrong password): skipped with the probe's reason when the server is unreachable and CI is
 * not set; with CI=true the probe fails the run instead.
 */
export function describeWithMariaDb(title: string, suite: () => void): void {
  const skipReason = mariaDbSkipReason();
  // Skipped on purpose, with the reason in the title: MariaDB is optional outside CI.
  if (skipReason) describe.skip(`${title} — skipped: ${skipReason}`, suite);
  else describe(title, suite);
}

/**
 * Declares `fn` once per dialect, each against its own freshly created database (created in
 * beforeAll, dropped in afterAll). MariaDB suites are skipped with the probe's reason when the
 * server is unreachable and CI is not set; with CI=true the probe fails the run instead.
 */
export function describeEachDialect(
  name: string,
  fn: (fixture: DialectFixture) => void,
  options: DescribeEachDialectOptions = {},
): void {
  for (const dialect of options.dialects ?? DIALECTS) {
    const skipReason = dialect === 'mysql' ? mariaDbSkipReason() : null;
    const title = `${name} [${dialect === 'mysql' ? 'mariadb' : 'sqlite'}]`;
    if (skipReason) {
      // Skipped on purpose, with the reason in the title: MariaDB is optional outside CI.
      describe.skip(`${title} — skipped: ${skipReason}`, () => {
        fn({ dialect } as DialectFixture);
      });
      continue;
    }
    describe(title, () => {
      const fixture = { dialect } as DialectFixture;
      beforeAll(async () => {
        fixture.db = await createTestDatabase(dialect);
        fixture.dataSource = createDataSource(fixture.db.settings);
        await fixture.dataSource.initialize();
        if (options.migrate !== false) await runMigrations(fixture.dataSource);
      });
      afterAll(async () => {
        if (fixture.dataSource?.isInitialized) await fixture.dataSource.destroy();
        await fixture.db?.drop();
      });
      fn(fixture);
    });
  }
}
