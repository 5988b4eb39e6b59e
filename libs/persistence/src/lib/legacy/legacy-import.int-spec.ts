import { DataSource } from 'typeorm';
import {
  LEGACY_SOURCE,
  LegacyImportEvent,
  LegacyImportOptions,
  LegacyImportSummary,
  LegacyProfileSource,
  legacyProfileEvent,
  projectNewPlayers,
  runLegacyImport,
} from '@craftstats/domain';
import {
  LegacyTestDatabase,
  TestDatabase,
  createLegacyDatabase,
  createTestDatabase,
  describeEachDialect,
  dumpImportState,
  gameEvent,
  legacyProfileRow,
  legacyProfileRows,
  mariaDbSkipReason,
} from '../../testing';
import { createDataSource } from '../database/data-source';
import { runMigrations } from '../database/migrate';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { rebuildProjections } from '../projections/projection.rebuild';
import { deferrableIndexes, indexState } from './legacy-import.indexes';
import { bulkWriteMode, writeNewPlayers } from './legacy-import.bulk';
import { legacyImportPorts } from './legacy-import.target';
import { LegacyProfileReader } from './legacy-profile.reader';

const AS_OF = Date.UTC(2026, 10, 20, 12);
const TZ = 'Europe/Prague';
const ROWS = 60;

/** The import job on these adapters, as the CLI wires it. */
function importLegacyProfiles(
  options: LegacyImportOptions & { reader: LegacyProfileSource; target: DataSource },
): Promise<LegacyImportSummary> {
  const { reader, target, ...rest } = options;
  return runLegacyImport({ source: reader, ...legacyImportPorts(target) }, rest);
}

async function migratedDatabase(dialect: 'sqlite' | 'mysql'): Promise<{ db: TestDatabase; ds: DataSource }> {
  const db = await createTestDatabase(dialect);
  const ds = createDataSource(db.settings);
  await ds.initialize();
  await runMigrations(ds);
  return { db, ds };
}

const skipReason = mariaDbSkipReason();
(skipReason ? describe.skip : describe)(
  `importLegacyProfiles${skipReason ? ` — skipped: ${skipReason} (the old system is MariaDB)` : ''}`,
  () => {
    const rows = legacyProfileRows(ROWS);
    let legacy: LegacyTestDatabase;
    beforeAll(async () => {
      legacy = await createLegacyDatabase();
      await legacy.insert(rows);
    });
    afterAll(async () => {
      await legacy?.drop();
    });

    async function run(
      target: DataSource,
      options: {
        pageSize?: number;
        concurrency?: number;
        deferIndexes?: boolean;
        failAfterPages?: number;
        asOf?: number;
        now?: () => number;
        dryRun?: boolean;
      } = {},
    ) {
      const { failAfterPages, ...rest } = options;
      const opened = await LegacyProfileReader.open(legacy.settings);
      // A reader whose connection to the old database breaks after some pages (a failure mid-import).
      let pages = 0;
      const reader: LegacyProfileReader =
        failAfterPages === undefined
          ? opened
          : Object.assign(Object.create(opened) as LegacyProfileReader, {
              page: (afterId: number, size: number) =>
                ++pages > failAfterPages
                  ? Promise.reject(new Error('connection to the old database lost'))
                  : opened.page(afterId, size),
            });
      try {
        return await importLegacyProfiles({ reader, target, asOf: AS_OF, timeZone: TZ, ...rest });
      } finally {
        await opened.close();
      }
    }

    /** Every index of the schema, as the server reports it (MariaDB) or as created (SQLite). */
    async function indexes(ds: DataSource): Promise<string[]> {
      const rows = (await ds.query(
        ds.options.type !== 'mysql' && ds.options.type !== 'mariadb'
          ? "SELECT tbl_name || '.' || name || ' ' || COALESCE(sql, '') AS i FROM sqlite_master WHERE type = 'index' ORDER BY 1"
          : `SELECT CONCAT(TABLE_NAME, '.', INDEX_NAME, ' ', NON_UNIQUE, ' ',
                     GROUP_CONCAT(COLUMN_NAME, COALESCE(SUB_PART, ''), COALESCE(COLLATION, '') ORDER BY SEQ_IN_INDEX)) AS i
               FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()
              GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE ORDER BY 1`,
      )) as Array<{ i: string }>;
      return rows.map((row) => row.i);
    }

    describeEachDialect('into craftstats', (fx) => {
      const extra: Array<{ db: TestDatabase; ds: DataSource }> = [];
      afterAll(async () => {
        for (const { db, ds } of extra) {
          if (ds.isInitialized) await ds.destroy();
          await db.drop();
        }
      });

      it('writes in bulk exactly the rows the event store writes for the same events', async () => {
        const summary = await run(fx.dataSource, { pageSize: 16, concurrency: 3 });
        expect(summary).toMatchObject({ rowsRead: ROWS, created: ROWS - 4, merged: 0 });
        // An empty MariaDB target loads without its secondary indexes (ADR 0062); SQLite keeps them.
        expect(summary.indexes).toBe(fx.dialect === 'mysql' ? 'deferred' : 'kept');

        const reference = await migratedDatabase(fx.dialect);
        extra.push(reference);
        // ...and adds back exactly the indexes the migrations create.
        expect(await indexes(fx.dataSource)).toEqual(await indexes(reference.ds));
        expect(await fx.dataSource.driver.createSchemaBuilder().log()).toMatchObject({ upQueries: [] });
        const store = new TypeOrmEventStore(reference.ds);
        const skipped = new Set(summary.skipped.map((row) => row.legacyId));
        const events = rows
          .filter((row) => !skipped.has(Number(row['id'])))
          .map((row) => legacyProfileEvent(row as never, AS_OF))
          .flatMap((result) => (result.ok ? [result.event as LegacyImportEvent] : []));
        expect(events).toHaveLength(ROWS - 4);
        for (let i = 0; i < events.length; i += 25) {
          await store.ingest(events.slice(i, i + 25), {
            source: LEGACY_SOURCE,
            receivedAt: AS_OF,
            timeZone: TZ,
          });
        }
        const { checkpoint, ...bulk } = await dumpImportState(fx.dataSource);
        const { checkpoint: none, ...stored } = await dumpImportState(reference.ds);
        expect(bulk).toEqual(stored);
        expect(none).toEqual([]);
        expect(checkpoint).toEqual([
          expect.objectContaining({
            imported: ROWS - 4,
            skipped: 4,
            source: legacy.settings.host + ':' + legacy.settings.port + '/' + legacy.settings.database,
          }),
        ]);
        expect(Number((checkpoint as Array<{ last_id: unknown }>)[0]?.last_id)).toBe(ROWS);
      });

      it('leaves nothing for rebuild --verify to repair: the log alone gives the imported players', async () => {
        const report = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
        expect(report.players).toBe(ROWS - 4);
        expect(report.drift).toEqual([]);
        expect(report.driftCount).toBe(0);
      });

      it('writes text with tabs, line breaks and backslashes exactly, and a player created meanwhile fails the page', async () => {
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        // MariaDB loads the rows as a local file (the fast path this test must exercise), SQLite inserts.
        const mode = await bulkWriteMode(target.ds.manager, fx.dialect);
        expect(mode).toBe(fx.dialect === 'mysql' ? 'load-data' : 'insert');
        const status = 'tab\there\nnew line\r\\N back\\slash \\t Žluťoučký';
        const imported = (row: Record<string, unknown>) => {
          const result = legacyProfileEvent(row as never, AS_OF);
          if (!result.ok) throw new Error(result.detail);
          return projectNewPlayers([result.event], {
            source: LEGACY_SOURCE,
            timeZone: TZ,
          });
        };
        const write = (row: Record<string, unknown>) =>
          target.ds.transaction((manager) =>
            writeNewPlayers(manager, fx.dialect, imported(row), LEGACY_SOURCE, AS_OF, mode),
          );
        const row = { ...rows[0], status };
        await write(row);
        const stored = (await target.ds.query('SELECT social_status AS s FROM players WHERE uuid = ?', [
          imported(row)[0]?.player.uuid,
        ])) as Array<{ s: string }>;
        expect(stored).toEqual([{ s: status }]);
        const [{ details }] = (await target.ds.query('SELECT details FROM economy_log')) as Array<{
          details: string;
        }>;
        expect(JSON.parse(details).status).toBe(status);

        // Another row of the same player (new event id, existing uuid): LOAD DATA would only skip the
        // player's row, so the bulk path must raise the duplicate key and roll the whole page back.
        const duplicateKey = fx.dialect === 'mysql' ? /^ER_DUP_ENTRY$/ : /^SQLITE_CONSTRAINT/;
        await expect(write({ ...row, id: 999 })).rejects.toMatchObject({
          code: expect.stringMatching(duplicateKey),
        });
        const counts = (await target.ds.query(
          'SELECT (SELECT COUNT(*) FROM players) AS players, (SELECT COUNT(*) FROM economy_log) AS log',
        )) as Array<Record<string, unknown>>;
        expect(counts.map((c) => Object.values(c).map(Number))).toEqual([[1, 1]]);
      });

      it('after a failure mid-import (as after a kill), a re-run resumes and ends with the state and indexes of an uninterrupted import', async () => {
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        const failed = run(target.ds, { pageSize: 8, concurrency: 2, failAfterPages: 3 });
        await expect(failed).rejects.toThrow(
          fx.dialect === 'mysql'
            ? /connection to the old database lost \(\d+ secondary indexes are still dropped: run the import again/
            : /^connection to the old database lost$/,
        );
        const [partial] = (await target.ds.query('SELECT COUNT(*) AS n FROM players')) as Array<{
          n: unknown;
        }>;
        expect(Number(partial?.n)).toBeGreaterThan(0);
        expect(Number(partial?.n)).toBeLessThan(ROWS - 4);
        // The state a kill leaves on MariaDB: the deferred indexes are missing, and that is the marker.
        const missing = fx.dialect === 'mysql' ? (await indexState(target.ds)).missing : [];
        expect(missing).toEqual(fx.dialect === 'mysql' ? deferrableIndexes(target.ds) : []);
        expect(missing.length).toBe(fx.dialect === 'mysql' ? 16 : 0);

        // Resumed without --as-of, 45 days later (another month and week): the rest of the rows are
        // dated with the as-of of the import it continues, so the end state is the uninterrupted one.
        const resumed = await run(target.ds, {
          pageSize: 8,
          asOf: undefined,
          now: () => AS_OF + 45 * 86_400_000,
        });
        expect(resumed.asOf).toBe(AS_OF);
        expect(resumed.resumedAfterId).toBeGreaterThan(0);
        expect(resumed.indexes).toBe(fx.dialect === 'mysql' ? 'deferred' : 'kept');
        const { checkpoint, ...end } = await dumpImportState(target.ds);
        const { checkpoint: referenceCheckpoint, ...reference } = await dumpImportState(fx.dataSource);
        expect(end).toEqual(reference);
        expect(checkpoint).toEqual(referenceCheckpoint);
        const fresh = await migratedDatabase(fx.dialect);
        extra.push(fresh);
        expect(await indexes(target.ds)).toEqual(await indexes(fresh.ds));
        expect(await target.ds.driver.createSchemaBuilder().log()).toMatchObject({ upQueries: [] });
        const report = await rebuildProjections(target.ds, { verify: true, timeZone: TZ });
        expect(report.drift).toEqual([]);
      });

      it('imports the valid row of a duplicate uuid when the preferred row is invalid', async () => {
        const duplicates = await createLegacyDatabase();
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        const reader = await LegacyProfileReader.open(duplicates.settings);
        try {
          // Rows 1 and 2 are one player (dashed and undashed uuid); row 1, seen online last, is the
          // preferred one but has an invalid nick. Rows 3 and 4 are another player, both invalid.
          await duplicates.insert([
            legacyProfileRow(1, {
              uuid: 'aaaabbbb-0000-4000-8000-000000000001',
              nick: 'bad nick',
              last_online: 1_800_000_000_000,
            }),
            legacyProfileRow(2, {
              uuid: 'AAAABBBB000040008000000000000001',
              nick: 'Good_Nick',
              last_online: 1_700_000_000_000,
            }),
            legacyProfileRow(3, { uuid: 'ccccdddd-0000-4000-8000-000000000002', nick: 'x y' }),
            legacyProfileRow(4, { uuid: 'CCCCDDDD000040008000000000000002', nick: 'x z' }),
          ]);
          const summary = await importLegacyProfiles({
            reader,
            target: target.ds,
            asOf: AS_OF,
            timeZone: TZ,
          });
          expect(summary.created).toBe(1);
          expect(summary.skipped.map((row) => [row.legacyId, row.problem])).toEqual([
            [1, 'INVALID_NICK'],
            [3, 'INVALID_NICK'],
            [4, 'INVALID_NICK'],
          ]);
          const players = (await target.ds.query('SELECT uuid, nick FROM players')) as Array<
            Record<string, unknown>
          >;
          expect(players).toEqual([{ uuid: 'aaaabbbb-0000-4000-8000-000000000001', nick: 'Good_Nick' }]);
        } finally {
          await reader.close();
          await duplicates.drop();
        }
      });

      it('dry-runs against a database whose checkpoint table predates the as-of column', async () => {
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        const q = (name: string) => (fx.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
        await target.ds.query(`ALTER TABLE ${q('legacy_imports')} DROP COLUMN ${q('as_of')}`);
        const source = `${legacy.settings.host}:${legacy.settings.port}/${legacy.settings.database}`;
        await target.ds.query(
          `INSERT INTO ${q('legacy_imports')} (${q('source')}, ${q('last_id')}, ${q('imported')}, ${q('skipped')}) VALUES (?, 20, 18, 2)`,
          [source],
        );
        const summary = await run(target.ds, { dryRun: true, asOf: undefined, now: () => AS_OF });
        expect(summary).toMatchObject({ dryRun: true, resumedAfterId: 20, asOf: AS_OF, rowsRead: ROWS - 20 });
        // The stored totals, plus what this dry run would import (rows 21.. are all valid).
        expect(summary.totals).toEqual({ imported: 18 + ROWS - 20, skipped: 2 });
      });

      it('keeps the indexes into an empty database when told to (--keep-indexes)', async () => {
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        const before = await indexes(target.ds);
        const summary = await run(target.ds, { pageSize: 30, deferIndexes: false });
        expect(summary).toMatchObject({ created: ROWS - 4, indexes: 'kept', indexRebuildMs: 0 });
        expect(await indexes(target.ds)).toEqual(before);
      });

      it('merges into players the database already knows: newer live values win, counts add', async () => {
        const target = await migratedDatabase(fx.dialect);
        extra.push(target);
        const store = new TypeOrmEventStore(target.ds);
        const row = rows[9] ?? {};
        const uuid = String(row['uuid']);
        const nick = String(row['nick']);
        const live = [
          gameEvent({ action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick, date: AS_OF + 1000, new_value: 5 }),
          gameEvent({ action: 'ECONOMY_KARMA_ADD', uuid, nick, date: AS_OF - 1000, new_value: 77 }),
          gameEvent({ action: 'PLAYER_VOTE', uuid, nick, date: AS_OF + 2000, site: 'craftlist.org' }),
        ];
        await store.ingest(live, { source: 'survival', receivedAt: AS_OF + 3000, timeZone: TZ });

        const summary = await run(target.ds, { pageSize: 7 });
        expect(summary).toMatchObject({ created: ROWS - 5, merged: 1, registrations: ROWS - 4 });
        // Not empty at the start (a live service wrote first): the normal path, indexes kept throughout.
        expect(summary.indexes).toBe('kept');

        const [player] = (await target.ds.query(
          'SELECT id, votes_total, registred FROM players WHERE uuid = ?',
          [uuid],
        )) as Array<{ id: number; votes_total: number; registred: unknown }>;
        expect(Number(player?.votes_total)).toBe(Number(row['total_votes']) + 1);
        expect(Number(player?.registred)).toBe(Number(row['registred']));
        const balances = (await target.ds.query(
          'SELECT currency, amount FROM player_balances WHERE player_id = ? ORDER BY currency',
          [player?.id],
        )) as Array<{ currency: string; amount: unknown }>;
        const amount = (currency: string) => Number(balances.find((b) => b.currency === currency)?.amount);
        expect(amount('CRAFTCOINS')).toBe(5); // the live value is newer than --as-of
        expect(amount('KARMA')).toBe(Number(row['karma_points'])); // the live value is older
        const [week] = (await target.ds.query(
          "SELECT votes FROM vote_counts WHERE player_id = ? AND period = 'week'",
          [player?.id],
        )) as Array<{ votes: unknown }>;
        expect(Number(week?.votes)).toBe(Number(row['week_votes']) + 1);

        // Live events and the import together: still exactly what the log gives.
        const report = await rebuildProjections(target.ds, { verify: true, timeZone: TZ });
        expect(report.drift).toEqual([]);
      });
    });
  },
);
