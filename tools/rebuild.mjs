#!/usr/bin/env node
// Rebuilds the projections (players, balances, vote counters, play sessions, the registered-players
// counter) from the event log, or only reports where they differ from it:
//   npm run rebuild                  rewrite every player whose projection differs from its log
//   npm run rebuild -- --verify      write nothing; list the drift per table and player, exit 1 on any
// DATABASE_URL and TZ_COMMUNITY are read and validated as the apps read them. Safe while ingestors
// run (each chunk of players is locked as the ingestor locks them). See docs/operations.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTree } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const USAGE = 'Usage: npm run rebuild [-- --verify] [-- --quiet]\n';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--verify' && a !== '--quiet');
if (unknown.length > 0) {
  process.stderr.write(`Unknown argument ${unknown[0]}\n${USAGE}`);
  process.exit(2);
}
const verify = args.includes('--verify');
const quiet = args.includes('--quiet');

const out = path.join(root, 'tmp/tools-build-rebuild');
await compileTree(
  ['libs/persistence/src', 'libs/domain/src', 'libs/contracts/src', 'libs/platform/src'],
  out,
);
require('reflect-metadata');
const persistence = require(path.join(out, 'libs/persistence/src/index.js'));
const { parseDatabaseUrl, ConfigError } = require(
  path.join(out, 'libs/platform/src/lib/config/app-config.js'),
);
const { isValidTimeZone } = require(path.join(out, 'libs/domain/src/index.js'));

let settings;
const timeZone = process.env.TZ_COMMUNITY || 'Europe/Prague';
try {
  settings = parseDatabaseUrl(process.env.DATABASE_URL || 'sqlite:./data/craftstats.sqlite');
  if (!isValidTimeZone(timeZone))
    throw new ConfigError('TZ_COMMUNITY', `is not an IANA time zone: "${timeZone}"`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

const dataSource = persistence.createDataSource(settings, { poolSize: 2 });
await dataSource.initialize();
let exitCode = 0;
try {
  const pending = await dataSource.showMigrations();
  if (pending) {
    throw new Error(
      'The database has pending migrations: run `npm run migration:run` (or start the apps) first.',
    );
  }
  const started = Date.now();
  let lastPrint = 0;
  process.stderr.write(`${verify ? 'verifying' : 'rebuilding'} the projections of ${describe(settings)} …\n`);
  const report = await persistence.rebuildProjections(dataSource, {
    verify,
    timeZone,
    onProgress: ({ done, total, events }) => {
      if (quiet || (Date.now() - lastPrint < 1000 && done < total)) return;
      lastPrint = Date.now();
      const pct = total === 0 ? 100 : Math.floor((100 * done) / total);
      process.stderr.write(`  ${done}/${total} players (${pct} %), ${events} events\n`);
    },
  });
  for (const d of report.drift) {
    process.stdout.write(`drift\t${d.table}\t${d.uuid ?? '-'}\t${d.detail}\n`);
  }
  if (report.driftCount > report.drift.length) {
    process.stdout.write(`… and ${report.driftCount - report.drift.length} more differences\n`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const byTable = Object.entries(
    report.drift.reduce((acc, d) => ({ ...acc, [d.table]: (acc[d.table] ?? 0) + 1 }), {}),
  )
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  process.stdout.write(
    `${report.players} players, ${report.events} events, ${seconds} s: ` +
      (report.driftCount === 0
        ? 'no drift\n'
        : `${report.driftCount} difference(s) in ${report.playersWithDrift} player(s)${byTable ? ` (${byTable})` : ''}` +
          (verify ? '\n' : ', rewritten from the log\n')),
  );
  if (verify && report.driftCount > 0) exitCode = 1;
} catch (error) {
  process.stderr.write(`rebuild failed: ${error.message}\n`);
  exitCode = 2;
} finally {
  await dataSource.destroy();
}
process.exit(exitCode);

function describe(s) {
  return s.kind === 'sqlite' ? `sqlite:${s.path}` : `${s.flavor}://${s.host}:${s.port}/${s.database}`;
}
