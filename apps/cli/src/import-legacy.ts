// `npm run import:legacy`: moves a community from the old system by importing its `player_profile`
// table into craftstats (docs/legacy-import.md).
//   npm run import:legacy -- --from mysql://user:pass@host/db [--as-of <ISO date>] [--dry-run]
// Target: DATABASE_URL (as for the apps; migrated first), time zone TZ_COMMUNITY: both read by the
// apps' own loader.
import { parseArgs } from 'node:util';
import { type LegacyImportSummary, type SkippedLegacyRow, runLegacyImport } from '@craftstats/domain';
import { LegacyProfileReader, legacyImportPorts, runMigrations } from '@craftstats/persistence';
import {
  ConfigError,
  type NamedDatabase,
  databaseStartError,
  loadDatabaseToolConfig,
  openDatabase,
  parseDatabaseUrl,
} from '@craftstats/platform';
import { UsageError, runCli } from './cli';

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

function skippedLine(row: SkippedLegacyRow): string {
  return `id=${row.legacyId} (nick "${row.nick}", uuid "${row.uuid}"): ${row.problem} — ${row.detail}`;
}

function skippedLines(skipped: SkippedLegacyRow[]): string[] {
  const lines = skipped.slice(0, SKIPPED_LISTED).map((row) => `    ${skippedLine(row)}`);
  if (skipped.length > SKIPPED_LISTED) {
    lines.push(
      `    … and ${skipped.length - SKIPPED_LISTED} more (each on stderr as it was skipped; all with --json)`,
    );
  }
  return lines;
}

function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

interface Arguments {
  from: NamedDatabase;
  asOf: number | undefined;
  dryRun: boolean;
  fromStart: boolean;
  pageSize: number | undefined;
  keepIndexes: boolean;
  json: boolean;
}

function parseArguments(argv: string[]): Arguments | 'help' {
  let values;
  try {
    values = parseArgs({
      args: argv,
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
    throw new UsageError(error instanceof Error ? error.message : String(error), USAGE);
  }
  if (values.help) return 'help';
  if (values.from === undefined) throw new UsageError('--from is required.', USAGE);
  // The old database is given like DATABASE_URL, and parsed by the same parser.
  const from = parseDatabaseUrl(values.from, '--from');
  if (from.kind !== 'mysql') throw new ConfigError('--from', 'must be a mysql:// or mariadb:// URL');
  // Without --as-of the import decides: the as-of of the import it continues, else now.
  const asOf = values['as-of'] === undefined ? undefined : Date.parse(values['as-of']);
  if (asOf !== undefined && !Number.isFinite(asOf)) {
    throw new UsageError(
      `--as-of "${values['as-of']}" is not an ISO date (e.g. 2026-11-23T12:00:00Z).`,
      USAGE,
    );
  }
  const pageSize = values['page-size'] === undefined ? undefined : Number(values['page-size']);
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 50_000)) {
    throw new UsageError('--page-size must be an integer 1..50000.', USAGE);
  }
  return {
    from: { variable: '--from', settings: from },
    asOf,
    dryRun: values['dry-run'],
    fromStart: values['from-start'],
    pageSize,
    keepIndexes: values['keep-indexes'],
    json: values.json,
  };
}

function readableSummary(summary: LegacyImportSummary): string {
  const problems = Object.entries(summary.skippedByProblem)
    .map(([problem, n]) => `${problem} ${n}`)
    .join(', ');
  return [
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
  ].join('\n');
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadDatabaseToolConfig(process.env);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const source = args.from.settings;
  if (source.kind !== 'mysql') throw new ConfigError('--from', 'must be a mysql:// or mariadb:// URL');

  const target = await openDatabase({ variable: 'DATABASE_URL', settings: config.database }, { poolSize: 4 });
  let reader: LegacyProfileReader | undefined;
  try {
    if (!args.dryRun) await runMigrations(target);
    reader = await LegacyProfileReader.open(source).catch((error: unknown) => {
      throw databaseStartError(error, args.from) ?? error;
    });
    log(`${args.dryRun ? 'Dry run: checking' : 'Importing'} player_profile of ${reader.name}`);
    let lastPrint = 0;
    // The job (libs/domain) works through its ports, bound here to libs/persistence's adapters.
    const summary = await runLegacyImport(
      { source: reader, ...legacyImportPorts(target) },
      {
        asOf: args.asOf,
        timeZone: config.timeZone,
        dryRun: args.dryRun,
        fromStart: args.fromStart,
        pageSize: args.pageSize,
        deferIndexes: !args.keepIndexes,
        onNotice: log,
        onSkipped: (row) => log(`skipped row ${skippedLine(row)}`),
        onProgress: (progress) => {
          const nowMs = Date.now();
          if (nowMs - lastPrint < 1000 && progress.rows < progress.total) return;
          lastPrint = nowMs;
          log(
            `progress: ${progress.rows}/${progress.total} rows (last id ${progress.lastId}), ` +
              `${Math.round(progress.rowsPerSecond)} rows/s, ETA ${duration(progress.etaSeconds)}`,
          );
        },
      },
    );
    process.stdout.write(args.json ? `${JSON.stringify(summary)}\n` : readableSummary(summary));
    return 0;
  } finally {
    await reader?.close().catch(() => undefined);
    if (target.isInitialized) await target.destroy();
  }
}

runCli('import', main);
