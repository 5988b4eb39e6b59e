import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { PlayerProfile } from '@craftstats/contracts';
import { createDataSource, runMigrations } from '@craftstats/persistence';
import {
  DialectFixture,
  LegacyTestDatabase,
  TestDatabase,
  createLegacyDatabase,
  createTestDatabase,
  describeEachDialect,
  dumpImportState as dump,
  legacyProfileRows,
  mariaDbSkipReason,
} from '@craftstats/persistence/testing';
import { get, getData } from './support/http';
import { useReadApi } from './support/read-api';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'tools/legacy-import/import-legacy.mjs');
// Friday 2026-11-20 13:00 in Prague: month 2026-11, week from Monday 2026-11-16.
const AS_OF = '2026-11-20T12:00:00.000Z';
const NOW = Date.parse(AS_OF) + 3_600_000;
const ROWS = 240;
const DEFAULT_STATUS = 'Tento hráč nemá nastavený status...';
const SKIPPED = {
  5: 'INVALID_UUID',
  6: 'INVALID_NICK',
  7: 'VALUE_OUT_OF_RANGE',
  8: 'DUPLICATE_UUID',
} as const;

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function startImport(databaseUrl: string, from: string, extra: string[] = []): ChildProcess {
  return spawn(process.execPath, [CLI, '--from', from, '--as-of', AS_OF, ...extra], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, TZ_COMMUNITY: 'Europe/Prague' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

async function runImport(databaseUrl: string, from: string, extra: string[] = []) {
  const run = await finished(startImport(databaseUrl, from, ['--json', ...extra]));
  if (run.code !== 0) throw new Error(`import exited with ${run.code}: ${run.stderr}`);
  return { ...run, summary: JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') };
}

function dashed(uuid: string): string {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The profile the old API showed for `row`, written out column by column (docs/legacy-import.md). */
function expectedProfile(row: Record<string, unknown>): Omit<PlayerProfile, 'id'> {
  const n = (column: string) => Number(row[column]);
  const status = String(row['status']);
  const mcVersion = String(row['mc_version']);
  return {
    discriminator: String(row['discriminator']),
    nick: String(row['nick']),
    uuid: dashed(String(row['uuid'])),
    web_group: 0,
    registred: n('registred'),
    last_online: n('last_online'),
    last_server: String(row['last_server']),
    is_online: false,
    // The old API served the column as it was: minutes (docs/legacy-clients.md).
    played_time: n('played_time'),
    mc_version: mcVersion === '0' ? '' : mcVersion,
    economy: {
      craftcoins: n('craft_coins'),
      crafttokens: n('craft_tokens'),
      votetokens: n('vote_tokens_3'),
      karma: n('karma_points'),
      achievement_points: n('quest_points'),
    },
    ranked: {
      global_level: n('global_level'),
      survival_level: n('survival_118_level'),
      survival_experience: n('survival_118_experience'),
      skyblock_level: n('skyblock_118_level'),
      skyblock_experience: n('skyblock_118_experience'),
      creative_level: n('creative_level'),
      creative_experience: n('creative_experience'),
      vanilla_level: n('vanilla_level'),
      vanilla_experience: n('vanilla_experience'),
      prison_level: n('prison_level'),
      prison_experience: n('prison_experience'),
      skycloud_level: n('skycloud_level'),
      skycloud_experience: n('skycloud_experience'),
    },
    votes: {
      total: n('total_votes'),
      month: n('month_votes'),
      week: n('week_votes'),
      last_vote: n('last_vote'),
    },
    social: {
      status: status === DEFAULT_STATUS ? '' : status,
      facebook: null,
      twitter: null,
      twitch: null,
      steam: null,
      web: null,
    },
    discord: { id: row['discord_user_id'] === null ? null : String(row['discord_user_id']) },
    deprecated: { votetokens: n('vote_tokens'), level: n('level'), experience: n('experience') },
  } as Omit<PlayerProfile, 'id'>;
}

const skipReason = mariaDbSkipReason();
// The old system is MySQL: without MariaDB there is no legacy database to import from.
(skipReason ? describe.skip : describe)(
  `npm run import:legacy${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    const rows = legacyProfileRows(ROWS);
    let legacy: LegacyTestDatabase;
    beforeAll(async () => {
      legacy = await createLegacyDatabase();
      await legacy.insert(rows);
    }, 60_000);
    afterAll(async () => {
      await legacy?.drop();
    });

    it('reads the latin2 table as UTF-8 (Czech letters intact in the legacy fixture)', async () => {
      const [found] = (await legacy.connection.query(
        'SELECT status, CHARSET(status) AS cs FROM player_profile WHERE id = 1',
      )) as unknown as [Array<{ status: string; cs: string }>];
      expect(found[0]).toEqual({ status: String(rows[0]?.['status']), cs: 'latin2' });
    });

    describeEachDialect('into craftstats', (fx: DialectFixture) => {
      const api = useReadApi(fx, { now: NOW, ingestor: false });
      let first: Awaited<ReturnType<typeof runImport>>;
      beforeAll(async () => {
        first = await runImport(fx.db.url, legacy.url);
        api.clock.advance(60_000);
      }, 180_000);

      it('reports every invalid row with its reason and imports all the others', () => {
        expect(first.summary.rowsRead).toBe(ROWS);
        expect(first.summary.created).toBe(ROWS - 4);
        expect(
          first.summary.skipped.map((s: { legacyId: number; problem: string }) => [s.legacyId, s.problem]),
        ).toEqual(Object.entries(SKIPPED).map(([id, problem]) => [Number(id), problem]));
        for (const id of Object.keys(SKIPPED)) expect(first.stderr).toContain(`skipped row id=${id} `);
        expect(first.stderr).toMatch(/progress: 240\/240 rows .* rows\/s, ETA/);
      });

      it('serves every mapped field of every imported player through the public API', async () => {
        for (const row of rows) {
          const id = Number(row['id']);
          if (id in SKIPPED) continue;
          const profile = await getData<PlayerProfile>(`${api.url}/player/uuid/${String(row['uuid'])}`);
          const { id: internalId, ...rest } = profile;
          expect(Number.isInteger(internalId)).toBe(true);
          expect({ legacyId: id, ...rest }).toEqual({ legacyId: id, ...expectedProfile(row) });
        }
      });

      it('keeps Czech status text, huge balances and long Discord ids exact', async () => {
        const czech = await getData<PlayerProfile>(`${api.url}/player/uuid/0123456789abcdef0123456789abcdef`);
        expect(czech.social.status).toBe('Příliš žluťoučký kůň úpěl ďábelské ódy - ČŘŠŽÝÁÍÉŮÚĎŤŇ');
        const rich = await getData<PlayerProfile>(`${api.url}/player/Hrac_2`);
        expect(rich.economy).toMatchObject({
          craftcoins: 9007199254740991,
          achievement_points: 123456789012,
        });
        expect(rich.economy.crafttokens).toBe(4000000000000);
        const linked = await getData<PlayerProfile>(`${api.url}/player/Hrac_9`);
        expect(linked.discord.id).toBe('123456789012345678');
        const unlinked = await getData<PlayerProfile>(`${api.url}/player/steve`);
        expect(unlinked.discord.id).toBeNull();
        expect(linked.social.status).toBe('');
        expect(linked.mc_version).toBe('1.8.9');
      });

      it('resolves nicks that differ only in case to the player seen online last', async () => {
        const newest = await getData<PlayerProfile>(`${api.url}/player/STEVE`);
        expect(newest.nick).toBe('steve');
        expect(newest.last_online).toBe(1_750_000_000_000);
        const older = await getData<PlayerProfile>(`${api.url}/player/uuid/${String(rows[2]?.['uuid'])}`);
        expect(older.nick).toBe('Steve');
      });

      it('counts the imported registrations in /server/uniqueplayers', async () => {
        expect(first.summary.registrations).toBe(ROWS - 4);
        const unique = await getData<{ amount: number }>(`${api.url}/server/uniqueplayers`);
        expect(unique.amount).toBe(ROWS - 4);
      });

      it('puts imported balances and votes on the leaderboards', async () => {
        const coins = await getData<Array<{ uuid: string; value: number }>>(
          `${api.url}/economy/leaderboard/craftcoins`,
        );
        expect(coins[0]).toMatchObject({ uuid: dashed(String(rows[1]?.['uuid'])), value: 9007199254740991 });
        const week = await getData<Array<{ value: number }>>(`${api.url}/economy/leaderboard/week-votes`);
        expect(week[0]?.value).toBe(4);
        const month = await getData<Array<{ value: number }>>(`${api.url}/economy/leaderboard/month-votes`);
        expect(month[0]?.value).toBe(19);
      });

      it('imports nothing twice: a re-run and a --from-start run change nothing', async () => {
        const before = await dump(fx.dataSource);
        const again = await runImport(fx.db.url, legacy.url);
        expect(again.summary).toMatchObject({ rowsRead: 0, created: 0, merged: 0 });
        expect(await dump(fx.dataSource)).toEqual(before);
        const fromStart = await runImport(fx.db.url, legacy.url, ['--from-start', '--page-size', '50']);
        expect(fromStart.summary).toMatchObject({ rowsRead: ROWS, created: 0, merged: 0 });
        expect(fromStart.summary.alreadyImported).toBe(ROWS - 4);
        const after = (await dump(fx.dataSource)) as { checkpoint: Array<Record<string, unknown>> };
        const { checkpoint: _c1, ...restAfter } = after;
        const { checkpoint: _c2, ...restBefore } = before as typeof after;
        expect(restAfter).toEqual(restBefore);
        expect((await get(`${api.url}/player/Hrac_10`)).status).toBe(200);
      }, 120_000);

      describe('killed mid-run', () => {
        let other: TestDatabase;
        let ds: DataSource;
        beforeAll(async () => {
          other = await createTestDatabase(fx.dialect);
          ds = createDataSource(other.settings);
          await ds.initialize();
          await runMigrations(ds);
        }, 60_000);
        afterAll(async () => {
          if (ds?.isInitialized) await ds.destroy();
          await other?.drop();
        });

        it('resumes after SIGKILL and ends in the same state as an uninterrupted import', async () => {
          const child = startImport(other.url, legacy.url, ['--page-size', '2']);
          const run = finished(child);
          let lastId = 0;
          for (let waited = 0; lastId === 0 && waited < 60_000; waited += 20) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            const [row] = (await ds.query('SELECT last_id FROM legacy_imports')) as Array<{
              last_id: unknown;
            }>;
            lastId = Number(row?.last_id ?? 0);
          }
          child.kill('SIGKILL');
          expect((await run).signal).toBe('SIGKILL');
          const [partial] = (await ds.query('SELECT COUNT(*) AS n FROM players')) as Array<{ n: unknown }>;
          expect(lastId).toBeGreaterThan(0);
          expect(Number(partial?.n)).toBeLessThan(ROWS - 4);

          // MariaDB: killed while loading into an empty database without its secondary indexes
          // (ADR 0062): they are still missing, and the re-run continues that way and adds them back.
          const pendingIndexes = await ds.driver.createSchemaBuilder().log();
          expect(pendingIndexes.upQueries.length > 0).toBe(fx.dialect === 'mysql');

          const resumed = await runImport(other.url, legacy.url);
          expect(resumed.summary.resumedAfterId).toBeGreaterThan(0);
          expect(resumed.summary.rowsRead).toBeLessThan(ROWS);
          expect(resumed.summary.indexes).toBe(fx.dialect === 'mysql' ? 'deferred' : 'kept');
          expect(await ds.driver.createSchemaBuilder().log()).toMatchObject({ upQueries: [] });
          const end = (await dump(ds)) as Record<string, unknown>;
          const reference = (await dump(fx.dataSource)) as Record<string, unknown>;
          for (const key of ['players', 'balances', 'votes', 'log', 'processed', 'counters']) {
            expect({ [key]: end[key] }).toEqual({ [key]: reference[key] });
          }
        }, 180_000);
      });

      describe('--dry-run', () => {
        let other: TestDatabase;
        let ds: DataSource;
        beforeAll(async () => {
          other = await createTestDatabase(fx.dialect);
          ds = createDataSource(other.settings);
          await ds.initialize();
        }, 60_000);
        afterAll(async () => {
          if (ds?.isInitialized) await ds.destroy();
          await other?.drop();
        });

        it('reports what the import would do and writes nothing', async () => {
          const dry = await runImport(other.url, legacy.url, ['--dry-run']);
          expect(dry.summary).toMatchObject({
            dryRun: true,
            rowsRead: ROWS,
            created: first.summary.created,
            registrations: first.summary.registrations,
            skippedByProblem: first.summary.skippedByProblem,
          });
          expect(dry.summary.skipped).toEqual(first.summary.skipped);
          const tables = (await ds.query(
            fx.dialect === 'mysql'
              ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
              : "SELECT name FROM sqlite_master WHERE type = 'table'",
          )) as unknown[];
          expect(tables).toEqual([]);

          // The summary a person reads (without --json) lists every skipped row with its reason too.
          const readable = await finished(startImport(other.url, legacy.url, ['--dry-run']));
          expect(readable.code).toBe(0);
          for (const row of first.summary.skipped as Array<{ legacyId: number; problem: string }>) {
            expect(readable.stdout).toMatch(new RegExp(`^ {4}id=${row.legacyId} .*: ${row.problem} — `, 'm'));
          }
          expect(readable.stdout).toMatch(/^ {2}skipped as invalid: {3}4 \(/m);
        }, 120_000);
      });
    });
  },
);
