import { LegacyImportIndexes } from './legacy-import.ports';

/**
 * The rebuild-indexes phase, at the start (ADR 0062): a first import into an empty database loads
 * without the secondary indexes of the tables it fills; indexes missing at the start mean an earlier
 * such run did not finish, and this one continues without them. Returns how many are deferred (0: the
 * normal path). A dry run changes nothing.
 */
export async function deferIndexes(
  indexes: LegacyImportIndexes,
  options: { dryRun: boolean; allowed: boolean; notice: (line: string) => void },
): Promise<number> {
  if (options.dryRun) return 0;
  const state = await indexes.state();
  if (state === null) return 0;
  if (state.missing > 0) {
    options.notice(
      `${state.missing} secondary indexes are missing (an earlier import did not finish): ` +
        'continuing without them, they are added back at the end',
    );
    return state.missing;
  }
  if (!options.allowed || !(await indexes.tablesEmpty())) return 0;
  const dropped = await indexes.dropAll();
  options.notice(
    `empty target: ${dropped} secondary indexes dropped for the bulk load, added back at the end`,
  );
  return dropped;
}

/** The rebuild-indexes phase, at the end: adds the deferred indexes back; returns the time it took. */
export async function rebuildIndexes(
  indexes: LegacyImportIndexes,
  deferred: number,
  options: { now: () => number; notice: (line: string) => void },
): Promise<number> {
  if (deferred === 0) return 0;
  options.notice(`adding back ${deferred} secondary indexes (sorted builds)…`);
  const started = options.now();
  await indexes.addMissing();
  const ms = options.now() - started;
  options.notice(`indexes added back in ${(ms / 1000).toFixed(1)} s`);
  return ms;
}
