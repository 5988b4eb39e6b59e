#!/usr/bin/env node
// Moves a community from the old system: imports its `player_profile` table into craftstats.
//   npm run import:legacy -- --from mysql://user:pass@host/db [--as-of <ISO date>] [--dry-run]
// Target: DATABASE_URL (as for the apps; migrated first). See docs/legacy-import.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compileTree } from '../build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const USAGE = `Usage: npm run import:legacy -- --from mysql://user:pass@host/db [--as-of <ISO date>] [--dry-run]
  --from URL       the old system's MySQL/MariaDB database (table player_profile)
  --as-of DATE     date of the imported values that have no date of their own (default: the
                   as-of of the import this run continues, else now); month_votes and week_votes
                   count for the month and week containing it
  --dry-run        read and check everything, report what would be imported, write nothing
  --from-start     ignore the checkpoint and read every row again (imported rows are recognised)
  --page-size N    rows per transaction (default 5000)
  --keep-indexes   never drop the secondary indexes, even into an empty database (see docs)
  --json           print the summary as JSON on stdout
Target: DATABASE_URL (default sqlite:./data/craftstats.sqlite), time zone: TZ_COMMUNITY (default Europe/Prague).`;

/** The summary's list of this run's skipped rows, each with its reason (all of them are in --json). */
const SKIPPED_LISTED = 100;
function skippedLines(skipped) {
  const lines = skipped
    .slice(0, SKIPPED_LISTED)
    .map(
      (row) =>
        `    id=${row.legacyId} (nick "${row.nick}", uuid "${row.uuid}"): ${row.problem} — ${row.detail}`,
    );
  if (skipped.length > SKIPPED_LISTED) {
    lines.push(
      `    … and ${skipped.length - SKIPPED_LISTED} more (each on stderr as it was skipped; all with --json)`,
    );
  }
  return lines;
}

function fail(message, code = 2) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function targetSettings(raw) {
  if (raw.startsWith('sqlite:')) return { kind: 'sqlite', path: raw.slice('sqlite:'.length) };
  const url = new URL(raw);
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') throw new RangeError('unsupported scheme');
  return {
    kind: 'mysql',
    flavor: url.protocol === 'mariadb:' ? 'mariadb' : 'mysql',
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
  };
}

function duration(seconds) {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

let args;
try {
  args = parseArgs({
    options: {
      from: { type: 'string' },
      'as-of': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'from-start': { type: 'boolean', default: false },
      'page-size': { type: 'string' },
      'keep-indexes': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.from) fail(`--from is required.\n${USAGE}`);
// Without --as-of the import decides: the as-of of the import it continues, else now.
const asOf = args['as-of'] === undefined ? undefined : Date.parse(args['as-of']);
if (asOf !== undefined && !Number.isFinite(asOf))
  fail(`--as-of "${args['as-of']}" is not an ISO date (e.g. 2026-11-23T12:00:00Z).`);
const pageSize = args['page-size'] === undefined ? undefined : Number(args['page-size']);
if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 50_000)) {
  fail('--page-size must be an integer 1..50000.');
}
const timeZone = process.env.TZ_COMMUNITY || 'Europe/Prague';
const targetUrl = process.env.DATABASE_URL || 'sqlite:./data/craftstats.sqlite';

const out = path.join(root, 'tmp/tools-build');
await compileTree(['libs/persistence/src', 'libs/domain/src', 'libs/contracts/src'], out);
require('reflect-metadata');
const p = require(path.join(out, 'libs/persistence/src/index.js'));

let source;
let settings;
try {
  source = p.parseLegacySourceUrl(args.from);
} catch (error) {
  fail(error.message);
}
try {
  settings = targetSettings(targetUrl);
} catch {
  fail('DATABASE_URL must be mysql://user:pass@host:3306/db or sqlite:PATH.');
}

const log = (line) => process.stderr.write(`${line}\n`);
const target = p.createDataSource(settings, { poolSize: 4 });
let reader;
try {
  await target.initialize();
  if (!args['dry-run']) await p.runMigrations(target);
  reader = await p.LegacyProfileReader.open(source);
  log(`${args['dry-run'] ? 'Dry run: checking' : 'Importing'} player_profile of ${reader.name}`);
  let lastPrint = 0;
  const summary = await p.importLegacyProfiles({
    reader,
    target,
    asOf,
    timeZone,
    dryRun: args['dry-run'],
    fromStart: args['from-start'],
    pageSize,
    deferIndexes: !args['keep-indexes'],
    onNotice: log,
    onSkipped: (row) =>
      log(
        `skipped row id=${row.legacyId} (nick "${row.nick}", uuid "${row.uuid}"): ${row.problem} — ${row.detail}`,
      ),
    onProgress: (progress) => {
      const nowMs = Date.now();
      if (nowMs - lastPrint < 1000 && progress.rows < progress.total) return;
      lastPrint = nowMs;
      log(
        `progress: ${progress.rows}/${progress.total} rows (last id ${progress.lastId}), ` +
          `${Math.round(progress.rowsPerSecond)} rows/s, ETA ${duration(progress.etaSeconds)}`,
      );
    },
  });
  if (args.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else {
    const problems = Object.entries(summary.skippedByProblem)
      .map(([problem, n]) => `${problem} ${n}`)
      .join(', ');
    process.stdout.write(
      [
        `${summary.dryRun ? 'Dry run (nothing written)' : 'Import finished'}: ${summary.source}`,
        `  rows read:            ${summary.rowsRead}${summary.resumedAfterId ? ` (resumed after id ${summary.resumedAfterId})` : ''}`,
        `  new players:          ${summary.created}`,
        `  merged into known:    ${summary.merged}`,
        `  already imported:     ${summary.alreadyImported}`,
        `  skipped as invalid:   ${summary.skipped.length}${problems ? ` (${problems})` : ''}`,
        ...skippedLines(summary.skipped),
        `  registrations added:  ${summary.registrations} (lower UNIQUE_PLAYERS_OFFSET by this number)`,
        `  time:                 ${duration(summary.elapsedMs / 1000)}, ${Math.round(summary.rowsPerSecond)} rows/s` +
          (summary.indexes === 'deferred'
            ? ` (indexes dropped for the load, added back in ${duration(summary.indexRebuildMs / 1000)})`
            : ''),
        `  all runs so far:      ${summary.totals.imported} imported, ${summary.totals.skipped} skipped`,
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  log(`import failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await reader?.close().catch(() => undefined);
  if (target.isInitialized) await target.destroy();
}
