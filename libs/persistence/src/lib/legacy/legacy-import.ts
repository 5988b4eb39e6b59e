import { DataSource, EntityManager, In } from 'typeorm';
import {
  LEGACY_SOURCE,
  LegacyImportEvent,
  LegacyProfileRow,
  LegacyRowProblem,
  legacyProfileEvent,
} from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { chunk, quoteIdentifier } from '../database/sql-dialect';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { LegacyImportEntity } from './legacy-import.entity';
import { BulkWriteMode, bulkWriteMode, projectNewPlayers, writeNewPlayers } from './legacy-import.bulk';
import { IndexMode, addIndexes, dropIndexes, indexState, targetTablesEmpty } from './legacy-import.indexes';
import { LegacyProfileReader } from './legacy-profile.reader';

/** A row that was not imported, with the reason (every one is reported, none silently dropped). */
export interface SkippedLegacyRow {
  legacyId: number;
  uuid: string;
  nick: string;
  problem: LegacyRowProblem;
  detail: string;
}

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
  indexes: IndexMode;
  /** Time spent adding the deferred indexes back (included in elapsedMs). */
  indexRebuildMs: number;
  /** All runs against this database, from the checkpoint table (after this run). */
  totals: { imported: number; skipped: number };
}

export interface LegacyImportOptions {
  reader: LegacyProfileReader;
  /** The craftstats database, migrated. */
  target: DataSource;
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
  /** Pages written at once on MySQL/MariaDB (default 2; SQLite: always 1). */
  concurrency?: number;
  /**
   * Allow dropping the secondary indexes of the filled tables when they are all empty at the start
   * (MySQL/MariaDB; default true). false keeps them (`--keep-indexes`). A run that finds them already
   * dropped by an unfinished earlier run always continues deferred and adds them back.
   */
  deferIndexes?: boolean;
  now?: () => number;
  /** One line about the indexes (dropped, being rebuilt, rebuilt). */
  onNotice?: (line: string) => void;
  onProgress?: (progress: LegacyImportProgress) => void;
  onSkipped?: (row: SkippedLegacyRow) => void;
}

const DEFAULT_PAGE_SIZE = 5000;
const STORE_BATCH = 200;

function isDuplicateKey(error: unknown): boolean {
  const code =
    (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ??
    (error as { code?: string })?.code;
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

interface ExistingPlayer {
  registred: number;
}

/**
 * Imports the old system's `player_profile` into the log and the projections (ADR 0027).
 *
 * Pages of rows, by primary key, each in one transaction that also advances the checkpoint: rows of
 * unknown players take the bulk path (multi-row INSERTs of exactly what the domain rules give), rows
 * of players the database already knows go through the event store like any batch, so live events
 * and the import combine under the same rules. The next page is read while the current one is
 * written. Resumable after a kill (the checkpoint and the processed ids are committed with the page);
 * a re-run reads only rows added since.
 */
export async function importLegacyProfiles(options: LegacyImportOptions): Promise<LegacyImportSummary> {
  const { reader, target, timeZone } = options;
  const dryRun = options.dryRun ?? false;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  // SQLite has one connection: one page at a time.
  const concurrency = dialectOf(target) === 'sqlite' ? 1 : Math.max(1, options.concurrency ?? 2);
  const now = options.now ?? Date.now;
  const dialect = dialectOf(target);
  const store = new TypeOrmEventStore(target);
  const receivedAt = now();
  const ctx = { source: LEGACY_SOURCE, receivedAt, timeZone };
  const started = now();

  const mode: BulkWriteMode = dryRun ? 'insert' : await bulkWriteMode(target.manager, dialect);
  const checkpoint = await readCheckpoint(target, reader.name);
  const storedAsOf = checkpoint !== null && checkpoint.asOf > 0 ? checkpoint.asOf : undefined;
  const asOf = options.asOf ?? storedAsOf ?? now();
  options.onNotice?.(
    `as of ${new Date(asOf).toISOString()} (` +
      (options.asOf !== undefined
        ? '--as-of'
        : storedAsOf !== undefined
          ? 'the --as-of of the import this run continues'
          : 'now') +
      ')',
  );
  const resumedAfterId = options.fromStart ? 0 : (checkpoint?.lastId ?? 0);
  const duplicates = await duplicateRows(reader, asOf);
  const total = await reader.count(resumedAfterId);

  const summary: LegacyImportSummary = {
    source: reader.name,
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

  // A first import into an empty database loads without the secondary indexes and sorts them in at
  // the end (ADR 0062); indexes missing at the start mean an earlier such run did not finish.
  let deferred: Awaited<ReturnType<typeof indexState>>['expected'] = [];
  if (!dryRun && dialect === 'mysql') {
    const state = await indexState(target);
    if (state.missing.length > 0) {
      deferred = state.missing;
      options.onNotice?.(
        `${deferred.length} secondary indexes are missing (an earlier import did not finish): ` +
          'continuing without them, they are added back at the end',
      );
    } else if ((options.deferIndexes ?? true) && (await targetTablesEmpty(target))) {
      deferred = state.expected;
      await dropIndexes(target, deferred);
      options.onNotice?.(
        `empty target: ${deferred.length} secondary indexes dropped for the bulk load, added back at the end`,
      );
    }
    if (deferred.length > 0) summary.indexes = 'deferred';
  }

  // Pages are written by up to `concurrency` transactions at once (MariaDB then uses both cores);
  // the checkpoint only ever covers a contiguous prefix of committed pages (see CheckpointTracker).
  const tracker = new CheckpointTracker(resumedAfterId);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  let afterId = resumedAfterId;
  let next: Promise<LegacyProfileRow[]> = reader.page(afterId, pageSize);
  for (;;) {
    let rows: LegacyProfileRow[];
    try {
      rows = await next;
    } catch (error) {
      // The old database failed: let the pages in flight finish (or fail) before reporting it.
      failure ??= error;
      break;
    }
    if (rows.length === 0) break;
    const lastId = Number(rows[rows.length - 1]?.['id']);
    afterId = lastId;
    // Read ahead while this page is written.
    next = reader.page(lastId, pageSize);
    next.catch(() => undefined);

    const events: LegacyImportEvent[] = [];
    let skippedHere = 0;
    for (const row of rows) {
      const result = legacyProfileEvent(row, asOf);
      const base = { legacyId: Number(row['id']), uuid: String(row['uuid']), nick: String(row['nick']) };
      if (!result.ok) {
        skip({ ...base, problem: result.problem, detail: result.detail });
        skippedHere++;
        continue;
      }
      const keptId = duplicates.get(base.legacyId);
      if (keptId !== undefined) {
        skip({
          ...base,
          problem: 'DUPLICATE_UUID',
          detail: `same player (uuid ${result.event.uuid}) as row ${keptId}, which is imported`,
        });
        skippedHere++;
        continue;
      }
      events.push(result.event);
    }

    const page = tracker.start(lastId);
    const task = importPage(target, dialect, mode, store, events, ctx, dryRun, {
      source: reader.name,
      lastId: () => tracker.committing(page),
      skipped: skippedHere,
      asOf,
    }).then(
      (outcome) => {
        tracker.committed(page);
        summary.created += outcome.created;
        summary.merged += outcome.merged;
        summary.alreadyImported += outcome.alreadyImported;
        summary.registrations += outcome.registrations;
        summary.totals.imported += outcome.created + outcome.merged;
        summary.totals.skipped += skippedHere;
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
  await Promise.all(inFlight);
  if (failure !== null) {
    // Not added back here: a kill cannot either, and the next run continues fast from this state.
    if (deferred.length > 0 && failure instanceof Error) {
      failure.message += ` (${deferred.length} secondary indexes are still dropped: run the import again to finish it and add them back)`;
    }
    throw failure;
  }
  if (!dryRun && summary.rowsRead > 0) {
    // Every page has committed: the checkpoint covers them all (a page that finished while another
    // was still committing could only record the prefix before that one).
    const q = (name: string) => quoteIdentifier(dialect, name);
    await target.query(
      `UPDATE ${q('legacy_imports')} SET ${q('last_id')} = ${dialect === 'mysql' ? 'GREATEST' : 'MAX'}(${q('last_id')}, ?) WHERE ${q('source')} = ?`,
      [tracker.done(), reader.name],
    );
  }
  if (deferred.length > 0) {
    options.onNotice?.(`adding back ${deferred.length} secondary indexes (sorted builds)…`);
    const rebuildStarted = now();
    await addIndexes(target, deferred);
    summary.indexRebuildMs = now() - rebuildStarted;
    options.onNotice?.(`indexes added back in ${(summary.indexRebuildMs / 1000).toFixed(1)} s`);
  }
  summary.elapsedMs = Math.max(1, now() - started);
  summary.rowsPerSecond = (summary.rowsRead * 1000) / summary.elapsedMs;
  return summary;
}

interface PageOutcome {
  created: number;
  merged: number;
  alreadyImported: number;
  registrations: number;
}

interface Checkpoint {
  source: string;
  /** The id to record, asked for inside the page's transaction (just before its commit). */
  lastId: () => number;
  /** Invalid rows of this page. */
  skipped: number;
  /** The run's as-of date, kept for a run that continues this import. */
  asOf: number;
}

/**
 * Which prefix of the legacy table is safely imported. Pages may commit out of order; the checkpoint
 * a page's transaction writes covers that page only if every earlier page has committed, else the
 * end of the contiguous committed prefix. Written as GREATEST(stored, new), so it never goes back.
 * After a kill, pages beyond the checkpoint that had committed are read again: their players exist
 * by then, so their events go through the event store and are recognised as already imported.
 */
class CheckpointTracker {
  private readonly pages: Array<{ lastId: number; committed: boolean }> = [];
  private prefix = 0;

  constructor(private readonly startId: number) {}

  start(lastId: number): number {
    this.pages.push({ lastId, committed: false });
    return this.pages.length - 1;
  }

  committed(page: number): void {
    const entry = this.pages[page];
    if (entry) entry.committed = true;
    while (this.pages[this.prefix]?.committed) this.prefix++;
  }

  /** The checkpoint if `page` commits now. */
  committing(page: number): number {
    let end = this.prefix;
    while (end < this.pages.length && (end === page || this.pages[end]?.committed)) end++;
    return end === 0 ? this.startId : (this.pages[end - 1]?.lastId ?? this.startId);
  }

  /** The end of the committed prefix. */
  done(): number {
    return this.prefix === 0 ? this.startId : (this.pages[this.prefix - 1]?.lastId ?? this.startId);
  }
}

/**
 * For each row that is the same player as another row, the id of the row imported in its place: of
 * each group the first row by preference (`duplicateUuidGroups`) that is itself valid, so a preferred
 * row that is rejected (a bad nick, a value out of range) does not take its valid duplicate down with
 * it. A group without a valid row maps nothing: each of its rows is reported with its own problem.
 */
async function duplicateRows(reader: LegacyProfileReader, asOf: number): Promise<Map<number, number>> {
  const groups = await reader.duplicateUuidGroups();
  const valid = new Set<number>();
  for (const ids of chunk(groups.flat(), 1000)) {
    for (const row of await reader.rows(ids)) {
      if (legacyProfileEvent(row, asOf).ok) valid.add(Number(row['id']));
    }
  }
  const keptFor = new Map<number, number>();
  for (const group of groups) {
    const kept = group.find((id) => valid.has(id));
    if (kept === undefined) continue;
    for (const id of group) if (id !== kept) keptFor.set(id, kept);
  }
  return keptFor;
}

type StoredCheckpoint = Pick<LegacyImportEntity, 'lastId' | 'imported' | 'skipped' | 'asOf'>;

/**
 * The checkpoint of `source`, or null. Read with `SELECT *` so that a dry run also works against a
 * database whose schema predates a checkpoint column (a dry run migrates nothing): a missing column
 * reads as its default.
 */
async function readCheckpoint(target: DataSource, source: string): Promise<StoredCheckpoint | null> {
  const q = (name: string) => quoteIdentifier(dialectOf(target), name);
  let rows: Array<Record<string, unknown>>;
  try {
    rows = await target.query(`SELECT * FROM ${q('legacy_imports')} WHERE ${q('source')} = ?`, [source]);
  } catch (error) {
    // A dry run against a database that was never migrated: nothing imported yet.
    if (/legacy_imports/.test(String(error))) return null;
    throw error;
  }
  const row = rows[0];
  if (row === undefined) return null;
  const number = (column: string) => Number(row[column] ?? 0);
  return {
    lastId: number('last_id'),
    imported: number('imported'),
    skipped: number('skipped'),
    asOf: number('as_of'),
  };
}

async function existingPlayers(
  manager: EntityManager,
  dialect: 'mysql' | 'sqlite',
  uuids: readonly string[],
): Promise<Map<string, ExistingPlayer>> {
  const q = (name: string) => quoteIdentifier(dialect, name);
  const found = new Map<string, ExistingPlayer>();
  for (const part of chunk(uuids, 1000)) {
    const rows: Array<{ uuid: string; registred: number | string }> = await manager.query(
      `SELECT ${q('uuid')} AS uuid, ${q('registred')} AS registred FROM ${q('players')} WHERE ${q('uuid')} IN (${part.map(() => '?').join(', ')})`,
      part,
    );
    for (const row of rows) found.set(row.uuid, { registred: Number(row.registred) });
  }
  return found;
}

async function processedIds(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunk(ids, 1000)) {
    // The economy log's unique (source, event_id) key: a stored import event is a duplicate.
    const rows = await manager.getRepository(EconomyLogEntity).find({
      select: { eventId: true },
      where: { source: LEGACY_SOURCE, eventId: In(part) },
    });
    for (const row of rows) found.add(row.eventId);
  }
  return found;
}

async function importPage(
  target: DataSource,
  dialect: 'mysql' | 'sqlite',
  mode: BulkWriteMode,
  store: TypeOrmEventStore,
  events: readonly LegacyImportEvent[],
  ctx: { source: string; receivedAt: number; timeZone: string },
  dryRun: boolean,
  checkpoint: Checkpoint,
): Promise<PageOutcome> {
  let known: Map<string, ExistingPlayer>;
  try {
    known = await existingPlayers(target.manager, dialect, [...new Set(events.map((event) => event.uuid))]);
  } catch (error) {
    if (dryRun && /players/.test(String(error))) known = new Map();
    else throw error;
  }
  const fresh = events.filter((event) => !known.has(event.uuid));
  const merging = events.filter((event) => known.has(event.uuid));
  const registeredBy = (list: readonly LegacyImportEvent[]) =>
    list.filter((event) => event.snapshot.registred !== 0 && (known.get(event.uuid)?.registred ?? 0) === 0)
      .length;

  if (dryRun) {
    const seen =
      merging.length > 0
        ? await processedIds(
            target.manager,
            merging.map((e) => e.id),
          )
        : new Set();
    const pending = merging.filter((event) => !seen.has(event.id));
    return {
      created: fresh.length,
      merged: pending.length,
      alreadyImported: merging.length - pending.length,
      registrations: registeredBy(fresh) + registeredBy(pending),
    };
  }

  let merged = 0;
  let alreadyImported = 0;
  const ingest = async (list: readonly LegacyImportEvent[]) => {
    for (const part of chunk(list, STORE_BATCH)) {
      const outcome = await store.ingest(part, ctx);
      merged += outcome.accepted;
      alreadyImported += outcome.duplicates;
    }
  };
  // Known players first, through the store (idempotent on its own); the page's transaction below then
  // records the checkpoint, so a kill in between only makes the resumed run see those as duplicates.
  const mergedRegistrations = registeredBy(merging);
  await ingest(merging);

  const projected = projectNewPlayers(fresh, ctx);
  const writeCheckpoint = (manager: EntityManager, imported: number) => {
    const q = (name: string) => quoteIdentifier(dialect, name);
    const greatest = dialect === 'mysql' ? 'GREATEST' : 'MAX';
    const value = (c: string) => (dialect === 'mysql' ? `VALUES(${q(c)})` : `excluded.${q(c)}`);
    const columns = ['source', 'last_id', 'imported', 'skipped', 'as_of', 'updated_at'];
    const sets = [
      `${q('last_id')} = ${greatest}(${q('last_id')}, ${value('last_id')})`,
      `${q('imported')} = ${q('imported')} + ${value('imported')}`,
      `${q('skipped')} = ${q('skipped')} + ${value('skipped')}`,
      `${q('as_of')} = ${value('as_of')}`,
      `${q('updated_at')} = ${value('updated_at')}`,
    ].join(', ');
    return manager.query(
      `INSERT INTO ${q('legacy_imports')} (${columns.map(q).join(', ')}) VALUES (?, ?, ?, ?, ?, ?) ` +
        (dialect === 'mysql'
          ? `ON DUPLICATE KEY UPDATE ${sets}`
          : `ON CONFLICT (${q('source')}) DO UPDATE SET ${sets}`),
      [checkpoint.source, checkpoint.lastId(), imported, checkpoint.skipped, checkpoint.asOf, ctx.receivedAt],
    );
  };
  try {
    const { registrations } = await target.transaction(async (manager) => {
      const written = await writeNewPlayers(manager, dialect, projected, ctx.source, ctx.receivedAt, mode);
      await writeCheckpoint(manager, merged + fresh.length);
      return written;
    });
    return {
      created: fresh.length,
      merged,
      alreadyImported,
      registrations: registrations + mergedRegistrations,
    };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  // A live event created one of these players meanwhile: the whole page goes through the store.
  const createdBefore = merged;
  await ingest(fresh);
  await target.transaction((manager) => writeCheckpoint(manager, merged));
  return {
    created: 0,
    merged,
    alreadyImported,
    registrations: mergedRegistrations + (merged - createdBefore > 0 ? registeredBy(fresh) : 0),
  };
}
