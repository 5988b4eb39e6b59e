#!/usr/bin/env node
// Schema migrations, by hand:
//   npm run migration:run                       apply pending migrations to DATABASE_URL
//   npm run migration:revert                    undo the last one
//   npm run migration:generate -- AddSomething  write new migrations for BOTH dialects from the entity diff
// Generation compares the entities with a scratch database migrated to the current state (a temp
// SQLite file, and a temp MariaDB database at MIGRATION_MYSQL_URL, default mariadb://root@127.0.0.1:3306/).
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTree } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const out = path.join(root, 'tmp/tools-build');

async function compileLibraries() {
  await compileTree(
    ['libs/persistence/src', 'libs/domain/src', 'libs/contracts/src', 'libs/platform/src'],
    out,
  );
  require('reflect-metadata');
}

async function loadPersistence() {
  await compileLibraries();
  return require(path.join(out, 'libs/persistence/src/index.js'));
}

/** The apps' own configuration loader: the same defaults and the same validation (ConfigError). */
function configLoader() {
  return require(path.join(out, 'libs/platform/src/lib/config/app-config.js'));
}

/** Prints a configuration error naming the variable (no stack) and exits, like the apps do. */
function withConfig(read) {
  try {
    return read(configLoader());
  } catch (error) {
    if (error?.name !== 'ConfigError') throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

function migrationSource(className, up, down) {
  const q = (list) =>
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
${q(up)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${q(down.slice().reverse())}
  }
}
`;
}

async function generate(name) {
  if (!/^[A-Z][A-Za-z0-9]+$/.test(name ?? ''))
    throw new Error('Usage: npm run migration:generate -- PascalCaseName');
  const p = await loadPersistence();
  const stamp = Date.now();
  const className = `${name}${stamp}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-gen-'));
  const mysqlBase = process.env.MIGRATION_MYSQL_URL ?? 'mariadb://root@127.0.0.1:3306/';
  const scratchDb = `craftstats_gen_${stamp}`;
  const targets = [
    { dialect: 'sqlite', settings: { kind: 'sqlite', path: path.join(tmp, 'gen.sqlite') } },
    {
      dialect: 'mysql',
      settings: {
        ...withConfig((config) => config.parseDatabaseUrl(mysqlBase + 'mysql', 'MIGRATION_MYSQL_URL')),
        database: scratchDb,
      },
    },
  ];
  try {
    for (const { dialect, settings } of targets) {
      if (dialect === 'mysql') {
        const admin = p.createDataSource({ ...settings, database: 'mysql' });
        await admin.initialize();
        await admin.query(
          `CREATE DATABASE \`${scratchDb}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
        await admin.destroy();
      }
      const ds = p.createDataSource(settings);
      await ds.initialize();
      await ds.runMigrations();
      const sql = await ds.driver.createSchemaBuilder().log();
      await ds.destroy();
      if (sql.upQueries.length === 0) {
        process.stdout.write(`${dialect}: entities and migrations already agree, nothing generated\n`);
        continue;
      }
      const dir = path.join(root, 'libs/persistence/src/lib/migrations', dialect);
      const file = `${stamp}-${name}`;
      writeFileSync(path.join(dir, `${file}.ts`), migrationSource(className, sql.upQueries, sql.downQueries));
      const indexFile = path.join(dir, 'index.ts');
      let index = readFileSync(indexFile, 'utf8');
      index =
        `import { ${className} } from './${file}';\n` +
        index.replace(
          /= \[(.*)\];/s,
          (_m, inner) => `= [${inner.trim() ? inner.trim().replace(/,?$/, ', ') : ''}${className}];`,
        );
      writeFileSync(indexFile, index);
      process.stdout.write(
        `${dialect}: wrote migrations/${dialect}/${file}.ts (${sql.upQueries.length} statements)\n`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    const admin = p.createDataSource({ ...targets[1].settings, database: 'mysql' });
    await admin.initialize().then(
      async () => {
        await admin.query(`DROP DATABASE IF EXISTS \`${scratchDb}\``);
        await admin.destroy();
      },
      () => undefined,
    );
  }
}

async function runOrRevert(command) {
  const p = await loadPersistence();
  const ds = p.createDataSource(withConfig((config) => config.loadDatabaseConfig(process.env)));
  await ds.initialize();
  try {
    if (command === 'run') {
      const applied = await p.runMigrations(ds);
      process.stdout.write(
        `applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ') || 'none pending'}\n`,
      );
    } else {
      await ds.undoLastMigration({ transaction: 'each' });
      process.stdout.write('reverted the last migration\n');
    }
  } finally {
    await ds.destroy();
  }
}

const [command, arg] = process.argv.slice(2);
if (command === 'generate') await generate(arg);
else if (command === 'run' || command === 'revert') await runOrRevert(command);
else {
  process.stderr.write('Usage: node tools/migrate.mjs run|revert|generate <Name>\n');
  process.exit(2);
}
