// `npm run rebuild`: rebuilds the projections (players, balances, vote counters, the
// registered-players counter) from the event log, or only reports where they differ from it:
//   npm run rebuild                  rewrite every player whose projection differs from its log
//   npm run rebuild -- --verify      write nothing; list the drift per table and player, exit 1 on any
// DATABASE_URL and TZ_COMMUNITY are read and validated as the apps read them. Safe while ingestors
// run (each chunk of players is locked as the ingestor locks them). See docs/operations.md.
import { parseArgs } from 'node:util';
import { rebuildProjections } from '@craftstats/persistence';
import { describeDatabase, loadDatabaseToolConfig, openDatabase } from '@craftstats/platform';
import { UsageError, runCli } from './cli';

const USAGE = 'Usage: npm run rebuild [-- --verify] [-- --quiet]';

/** Exit codes: 0 done (or no drift), 1 drift found by --verify, 2 an error. */
async function main(): Promise<number> {
  let args: { verify: boolean; quiet: boolean };
  try {
    args = parseArgs({
      options: { verify: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false } },
      strict: true,
    }).values as { verify: boolean; quiet: boolean };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), USAGE);
  }
  const { verify, quiet } = args;
  const config = loadDatabaseToolConfig(process.env);
  const dataSource = await openDatabase(
    { variable: 'DATABASE_URL', settings: config.database },
    { poolSize: 2 },
  );
  try {
    if (await dataSource.showMigrations()) {
      throw new Error(
        'The database has pending migrations: run `npm run migration:run` (or start the apps) first.',
      );
    }
    const started = Date.now();
    let lastPrint = 0;
    process.stderr.write(
      `${verify ? 'verifying' : 'rebuilding'} the projections of ${describeDatabase(config.database)} …\n`,
    );
    const report = await rebuildProjections(dataSource, {
      verify,
      timeZone: config.timeZone,
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
    const perTable = new Map<string, number>();
    for (const d of report.drift) perTable.set(d.table, (perTable.get(d.table) ?? 0) + 1);
    const byTable = [...perTable].map(([table, n]) => `${table} ${n}`).join(', ');
    process.stdout.write(
      `${report.players} players, ${report.events} events, ${seconds} s: ` +
        (report.driftCount === 0
          ? 'no drift\n'
          : `${report.driftCount} difference(s) in ${report.playersWithDrift} player(s)${byTable ? ` (${byTable})` : ''}` +
            (verify ? '\n' : ', rewritten from the log\n')),
    );
    return verify && report.driftCount > 0 ? 1 : 0;
  } finally {
    await dataSource.destroy();
  }
}

runCli('rebuild', main, 2);
