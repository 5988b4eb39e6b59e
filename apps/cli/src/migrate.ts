// Schema migrations, by hand:
//   npm run migration:run                       apply pending migrations to DATABASE_URL
//   npm run migration:revert                    undo the last one
//   npm run migration:generate -- AddSomething  write new migrations for BOTH dialects from the entity diff
// Generation compares the entities with a scratch database migrated to the current state (a temp
// SQLite file, and a temp MariaDB database at MIGRATION_MYSQL_URL, default mariadb://root@127.0.0.1:3306/).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from '@craftstats/persistence';
import {
  ConfigError,
  type DatabaseConfig,
  type NamedDatabase,
  databaseSource,
  openDatabase,
  parseDatabaseUrl,
  read,
} from '@craftstats/platform';
import { UsageError, runCli } from './cli';

const USAGE = 'Usage: npm run migration:run | migration:revert | migration:generate -- <PascalCaseName>';

/** The workspace (where nx.json is) above this build, whose migration sources `generate` writes. */
function workspaceRoot(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
  }
  throw new Error('migration:generate runs inside the craftstats workspace only');
}

interface Statement {
  query: string;
  parameters?: unknown[];
}

function migrationSource(className: string, up: Statement[], down: Statement[]): string {
  const lines = (list: Statement[]) =>
    list
      .map(
        (s) =>
          `    await queryRunner.query(${JSON.stringify(s.query)}${s.parameters?.length ? `, ${JSON.stringify(s.parameters)}` : ''});`,
      )
      .join('\n');
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${lines(up)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${lines(down.slice().reverse())}
  }
}
`;
}

/** Writes the migration files of `dialect` and lists the class in that dialect's index. */
function writeMigration(
  dialect: string,
  name: string,
  stamp: number,
  up: Statement[],
  down: Statement[],
): void {
  const className = `${name}${stamp}`;
  const dir = path.join(workspaceRoot(), 'libs/persistence/src/lib/migrations', dialect);
  const file = `${stamp}-${name}`;
  writeFileSync(path.join(dir, `${file}.ts`), migrationSource(className, up, down));
  const indexFile = path.join(dir, 'index.ts');
  const index = readFileSync(indexFile, 'utf8');
  writeFileSync(
    indexFile,
    `import { ${className} } from './${file}';\n` +
      index.replace(
        /= \[(.*)\];/s,
        (_m, inner: string) => `= [${inner.trim() ? inner.trim().replace(/,?$/, ', ') : ''}${className}];`,
      ),
  );
  process.stdout.write(`${dialect}: wrote migrations/${dialect}/${file}.ts (${up.length} statements)\n`);
}

async function generate(name: string | undefined): Promise<number> {
  if (name === undefined || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    throw new UsageError('migration:generate needs a PascalCase name.', USAGE);
  }
  const stamp = Date.now();
  const scratch = `craftstats_gen_${stamp}`;
  const server = parseDatabaseUrl(
    `${read(process.env, 'MIGRATION_MYSQL_URL') ?? 'mariadb://root@127.0.0.1:3306/'}mysql`,
    'MIGRATION_MYSQL_URL',
  );
  if (server.kind !== 'mysql') {
    throw new ConfigError('MIGRATION_MYSQL_URL', 'must be a mysql:// or mariadb:// URL of a server');
  }
  const admin: NamedDatabase = { variable: 'MIGRATION_MYSQL_URL', settings: server };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-gen-'));
  const targets: Array<{ dialect: string; settings: DatabaseConfig }> = [
    { dialect: 'sqlite', settings: { kind: 'sqlite', path: path.join(tmp, 'gen.sqlite') } },
    { dialect: 'mysql', settings: { ...server, database: scratch } },
  ];
  const onServer = async (sql: string) => {
    const dataSource = await openDatabase(admin);
    try {
      await dataSource.query(sql);
    } finally {
      await dataSource.destroy();
    }
  };
  try {
    await onServer(`CREATE DATABASE \`${scratch}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    for (const { dialect, settings } of targets) {
      const dataSource = await openDatabase({ variable: 'MIGRATION_MYSQL_URL', settings });
      await dataSource.runMigrations();
      const sql = await dataSource.driver.createSchemaBuilder().log();
      await dataSource.destroy();
      if (sql.upQueries.length === 0) {
        process.stdout.write(`${dialect}: entities and migrations already agree, nothing generated\n`);
      } else {
        writeMigration(dialect, name, stamp, sql.upQueries, sql.downQueries);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await onServer(`DROP DATABASE IF EXISTS \`${scratch}\``).catch(() => undefined);
  }
  return 0;
}

async function runOrRevert(command: 'run' | 'revert'): Promise<number> {
  // Only DATABASE_URL: migrations do not depend on the community's time zone.
  const { variable, settings } = databaseSource(process.env);
  const dataSource = await openDatabase({ variable, settings });
  try {
    if (command === 'run') {
      const applied = await runMigrations(dataSource);
      process.stdout.write(
        `applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ') || 'none pending'}\n`,
      );
    } else {
      await dataSource.undoLastMigration({ transaction: 'each' });
      process.stdout.write('reverted the last migration\n');
    }
  } finally {
    await dataSource.destroy();
  }
  return 0;
}

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command === 'generate') return generate(name);
  if (command === 'run' || command === 'revert') return runOrRevert(command);
  throw new UsageError(`Unknown command "${command ?? ''}".`, USAGE);
}

runCli('migration', main);
