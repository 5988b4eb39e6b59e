import { EventStore } from '../../events/event.store';
import { LEGACY_SOURCE, LegacyRowProblem } from '../legacy-profile';
import { CheckpointTracker, startFromCheckpoint } from './legacy-import.checkpoint';
import { deferIndexes, rebuildIndexes } from './legacy-import.indexes';
import { loadPage } from './legacy-import.load';
import { LegacyImportIndexes, LegacyImportTarget, LegacyProfileSource } from './legacy-import.ports';
import { readPages } from './legacy-import.read';
import { SkippedLegacyRow, duplicateRows, validatePage } from './legacy-import.validate';

export interface LegacyImportProgress {
  /** Rows read in this run. */
  rows: number;
  /** Rows left when the run started (after the checkpoint). */
  total: number;
  lastId: number;
  elapsedMs: number;
  rowsPerSecond: number;
  /** Seconds to the end at the current rate (null before the first page). */
  etaSeconds: number | null;
}

export interface LegacyImportSummary {
  /** `host:port/db` of the legacy database. */
  source: string;
  dryRun: boolean;
  asOf: number;
  /** The checkpoint this run started after (0 = from the beginning). */
  resumedAfterId: number;
  lastId: number;
  rowsRead: number;
  /** Players created by this run (the bulk path). */
  created: number;
  /** Imported into players the database already knew (through the event store's rules). */
  merged: number;
  /** Rows whose event the log already had (a re-run after a kill, or --from-start). */
  alreadyImported: number;
  /** Registrations this run added to the registered-player count. */
  registrations: number;
  skipped: SkippedLegacyRow[];
  skippedByProblem: Partial<Record<LegacyRowProblem, number>>;
  elapsedMs: number;
  rowsPerSecond: number;
  /**
   * `deferred`: the non-unique indexes of the filled tables were dropped for the load and added back
   * at the end (a first import into an empty MySQL/MariaDB database, or the resumption of one; ADR 0062);
   * `kept`: the normal path.
   */
  indexes: 'kept' | 'deferred';
  /** Time spent adding the deferred indexes back (included in elapsedMs). */
  indexRebuildMs: number;
  /** All runs against this database, from the checkpoint table (after this run). */
  totals: { imported: number; skipped: number };
}

/** The ports the job works through; the CLI binds them to libs/persistence's adapters. */
export interface LegacyImportPorts {
  source: LegacyProfileSource;
  target: LegacyImportTarget;
  indexes: LegacyImportIndexes;
  /** The write path, for players the database already knows. */
  events: EventStore;
}

export interface LegacyImportOptions {
  /**
   * Date (ms) of the imported values that have no date of their own. Default: the as-of of the import
   * this run continues (kept with its checkpoint), else now — so a resumed import dates its rows like
   * the run it continues, in the same month and week.
   */
  asOf?: number;
  /** Read and validate everything, write nothing. */
  dryRun?: boolean;
  /** Ignore the checkpoint: read every row again (already imported ones are recognised as such). */
  fromStart?: boolean;
  /** The community's time zone: month_votes and week_votes count for the month and week of asOf. */
  timeZone: string;
  /** Rows per page (one transaction each). */
  pageSize?: number;
  /** Pages written at once (default 2; at most what the target allows: SQLite 1). */
  concurrency?: number;
  /**
   * Allow dropping the secondary indexes of the filled tables when they are all empty at the start
   * (MySQL/MariaDB; default true). false keeps them (`--keep-indexes`). A run that finds them already
   * dropped by an unfinished earlier run always continues deferred and adds them back.
   */
  deferIndexes?: boolean;
  now?: () => number;
  /** One line about the as-of and the indexes (dropped, being rebuilt, rebuilt). */
  onNotice?: (line: string) => void;
  onProgress?: (progress: LegacyImportProgress) => void;
  onSkipped?: (row: SkippedLegacyRow) => void;
}

const DEFAULT_PAGE_SIZE = 5000;

/**
 * The legacy import as a job (ADR 0027, 0074): imports the old system's `player_profile` into the log
 * and the projections, in named phases, each in its own unit —
 *
 * 1. checkpoint (start): where to resume and with which as-of (`legacy-import.checkpoint.ts`);
 * 2. rebuild indexes (start): drop the secondary indexes into an empty database (`legacy-import.indexes.ts`);
 * 3. read: pages by primary key, the next read while the current one is written (`legacy-import.read.ts`);
 * 4. validate: each row → its import event or a reported skip (`legacy-import.validate.ts`);
 * 5. load: each page in one transaction with its checkpoint, up to `concurrency` at once (`legacy-import.load.ts`);
 * 6. checkpoint (end): the checkpoint covers every page; 7. rebuild indexes (end): add them back.
 *
 * Resumable after a kill (the checkpoint and the processed ids are committed with the page); a re-run
 * reads only rows added since.
 */
export async function runLegacyImport(
  ports: LegacyImportPorts,
  options: LegacyImportOptions,
): Promise<LegacyImportSummary> {
  const { source, target } = ports;
  const dryRun = options.dryRun ?? false;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const concurrency = Math.min(target.maxConcurrentPages, Math.max(1, options.concurrency ?? 2));
  const now = options.now ?? Date.now;
  const notice = options.onNotice ?? (() => undefined);
  const receivedAt = now();
  const ctx = { source: LEGACY_SOURCE, receivedAt, timeZone: options.timeZone };
  const started = now();

  const start = await startFromCheckpoint(target, source.name, { ...options, now });
  const { checkpoint, asOf, resumedAfterId } = start;
  notice(start.notice);
  const duplicates = await duplicateRows(source, asOf);
  const total = await source.count(resumedAfterId);

  const summary: LegacyImportSummary = {
    source: source.name,
    dryRun,
    asOf,
    resumedAfterId,
    lastId: resumedAfterId,
    rowsRead: 0,
    created: 0,
    merged: 0,
    alreadyImported: 0,
    registrations: 0,
    skipped: [],
    skippedByProblem: {},
    elapsedMs: 0,
    rowsPerSecond: 0,
    indexes: 'kept',
    indexRebuildMs: 0,
    totals: { imported: checkpoint?.imported ?? 0, skipped: checkpoint?.skipped ?? 0 },
  };
  const skip = (row: SkippedLegacyRow) => {
    summary.skipped.push(row);
    summary.skippedByProblem[row.problem] = (summary.skippedByProblem[row.problem] ?? 0) + 1;
    options.onSkipped?.(row);
  };

  const deferred = await deferIndexes(ports.indexes, {
    dryRun,
    allowed: options.deferIndexes ?? true,
    notice,
  });
  if (deferred > 0) summary.indexes = 'deferred';

  // Pages are written by up to `concurrency` transactions at once (MariaDB then uses both cores);
  // the checkpoint only ever covers a contiguous prefix of committed pages (see CheckpointTracker).
  const tracker = new CheckpointTracker(resumedAfterId);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  try {
    for await (const { rows, lastId } of readPages(source, resumedAfterId, pageSize)) {
      const { events, skipped } = validatePage(rows, asOf, duplicates);
      skipped.forEach(skip);
      const page = tracker.start(lastId);
      const task = loadPage(
        ports,
        events,
        ctx,
        { source: source.name, lastId: () => tracker.committing(page), skipped: skipped.length, asOf },
        dryRun,
      ).then(
        (outcome) => {
          tracker.committed(page);
          summary.created += outcome.created;
          summary.merged += outcome.merged;
          summary.alreadyImported += outcome.alreadyImported;
          summary.registrations += outcome.registrations;
          summary.totals.imported += outcome.created + outcome.merged;
          summary.totals.skipped += skipped.length;
          summary.rowsRead += rows.length;
          summary.lastId = Math.max(summary.lastId, tracker.done());
          const elapsedMs = Math.max(1, now() - started);
          const rowsPerSecond = (summary.rowsRead * 1000) / elapsedMs;
          options.onProgress?.({
            rows: summary.rowsRead,
            total,
            lastId: tracker.done(),
            elapsedMs,
            rowsPerSecond,
            etaSeconds: rowsPerSecond > 0 ? Math.max(0, total - summary.rowsRead) / rowsPerSecond : null,
          });
        },
        (error: unknown) => {
          failure ??= error;
        },
      );
      const tracked = task.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
      if (failure !== null) break;
    }
  } catch (error) {
    // The old database failed: let the pages in flight finish (or fail) before reporting it.
    failure ??= error;
  }
  await Promise.all(inFlight);
  if (failure !== null) {
    // Not added back here: a kill cannot either, and the next run continues fast from this state.
    if (deferred > 0 && failure instanceof Error) {
      failure.message += ` (${deferred} secondary indexes are still dropped: run the import again to finish it and add them back)`;
    }
    throw failure;
  }
  // Every page has committed: the checkpoint covers them all (a page that finished while another was
  // still committing could only record the prefix before that one).
  if (!dryRun && summary.rowsRead > 0) await target.advanceCheckpoint(source.name, tracker.done());
  summary.indexRebuildMs = await rebuildIndexes(ports.indexes, deferred, { now, notice });
  summary.elapsedMs = Math.max(1, now() - started);
  summary.rowsPerSecond = (summary.rowsRead * 1000) / summary.elapsedMs;
  return summary;
}
