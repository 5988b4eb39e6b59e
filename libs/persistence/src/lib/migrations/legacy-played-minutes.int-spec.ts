import {
  GameEvent,
  LEGACY_SOURCE,
  LegacyProfileRow,
  PlayerRecord,
  legacyProfileEvent,
  votePeriodKeys,
} from '@craftstats/domain';
import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { rebuildProjections } from '../projections/projection.rebuild';
import { runMigrations } from '../database/migrate';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const PERIODS = votePeriodKeys(T0, TZ);
const MIN = 60_000;
const DISCORD = '348569173429977088';

const uuids = {
  unlinked: testUuid(1),
  linked: testUuid(2),
  imported: testUuid(3),
  importedLinked: testUuid(4),
};

/** A `player_profile` row of the old system with only the columns this test is about. */
function legacyRow(id: number, uuid: string, nick: string, values: LegacyProfileRow): LegacyProfileRow {
  return { id, uuid, nick, registred: String(T0 - 86_400_000), last_online: String(T0 - 1000), ...values };
}

function imported(row: LegacyProfileRow): GameEvent {
  const result = legacyProfileEvent(row, T0 - 500);
  if (!result.ok) throw new Error(result.detail);
  return result.event;
}

function session(uuid: string, nick: string, joinedAt: number, ms: number): GameEvent[] {
  return [
    gameEvent({ action: 'PLAYER_JOIN', uuid, nick, server: 'lobby', date: joinedAt, mc_version: '1.21.4' }),
    gameEvent({ action: 'PLAYER_QUIT', uuid, nick, server: 'lobby', date: joinedAt + ms }),
  ];
}

/**
 * The migration LegacyPlayedMinutes on data stored before it: a database at the previous migration
 * holds what the code of that time wrote (an imported player's old minutes added as milliseconds, a
 * missing Discord account stored as "" in the import snapshot); after the migration the stored players
 * are what the current rules give, and replaying the log finds no drift.
 */
describeEachDialect('migration LegacyPlayedMinutes', (fx) => {
  const q = (sql: string) => (fx.dialect === 'mysql' ? sql.replace(/"/g, '`') : sql);
  let repository: TypeOrmPlayerRepository;
  const profiles = new Map<string, PlayerRecord | null>();

  const rawPlayers = async (): Promise<Array<{ uuid: string; discord: string; played: number }>> =>
    (
      (await fx.dataSource.query(
        q(
          'SELECT "uuid", "discord_id" AS "discord", "played_time" AS "played" FROM "players" ORDER BY "uuid"',
        ),
      )) as Array<{ uuid: string; discord: string; played: string | number }>
    ).map((row) => ({ uuid: row.uuid, discord: row.discord, played: Number(row.played) }));

  /** Undoes the migrations down to LegacyPlayedMinutes included. */
  const undoToLegacyPlayedMinutes = async (): Promise<void> => {
    for (;;) {
      const [last] = (await fx.dataSource.query(
        q('SELECT "name" FROM "migrations" ORDER BY "id" DESC LIMIT 1'),
      )) as Array<{ name: string }>;
      await fx.dataSource.undoLastMigration({ transaction: 'each' });
      if (last?.name === 'LegacyPlayedMinutes1795610825420') return;
    }
  };

  const count = async (table: string): Promise<number> =>
    Number(
      ((await fx.dataSource.query(q(`SELECT COUNT(*) AS "n" FROM "${table}"`))) as Array<{ n: unknown }>)[0]
        ?.n,
    );

  beforeAll(async () => {
    repository = new TypeOrmPlayerRepository(fx.dataSource);
    const store = new TypeOrmEventStore(fx.dataSource);
    const live = { source: 'survival', receivedAt: T0 + 3_600_000, timeZone: TZ };
    await store.ingest(
      [
        gameEvent({ action: 'ECONOMY_REGISTER', uuid: uuids.unlinked, nick: 'Bez_Discordu', date: T0 }),
        gameEvent({
          action: 'ECONOMY_CRAFTCOINS_ADD',
          uuid: uuids.unlinked,
          nick: 'Bez_Discordu',
          new_value: 150,
          date: T0 + 1,
        }),
        ...session(uuids.unlinked, 'Bez_Discordu', T0 + 10, 30 * MIN + 59_000),
        gameEvent({ action: 'ECONOMY_REGISTER', uuid: uuids.linked, nick: 'S_Discordem', date: T0 }),
        gameEvent({
          action: 'PLAYER_DISCORD_CONNECT',
          uuid: uuids.linked,
          nick: 'S_Discordem',
          old_value: '0',
          new_value: DISCORD,
          date: T0 + 5,
        }),
        ...session(uuids.imported, 'Stary_Hrac', T0 + 20, 2 * MIN),
      ],
      live,
    );
    const legacy = { source: LEGACY_SOURCE, receivedAt: T0 + 3_600_000, timeZone: TZ };
    await store.ingest(
      [
        imported(legacyRow(7, uuids.imported, 'Stary_Hrac', { played_time: '90', discord_user_id: null })),
        imported(
          legacyRow(8, uuids.importedLinked, 'Stary_Propojeny', { played_time: 4, discord_user_id: '55' }),
        ),
      ],
      legacy,
    );
    for (const uuid of Object.values(uuids)) profiles.set(uuid, await repository.findByUuid(uuid, PERIODS));

    // Back to the schema before the migration (and the one after it), holding what the code of that
    // time wrote: its snapshots stored a missing Discord account as "".
    await undoToLegacyPlayedMinutes();
    const details = fx.dialect === 'mysql' ? '`details`' : '"details"';
    await fx.dataSource.query(
      `UPDATE ${q('"economy_log"')} SET ${details} = REPLACE(${details}, '"discordId":null', '"discordId":""')`,
    );
  });

  it('starts from what was stored before: the imported minutes added as milliseconds, "" in the snapshots', async () => {
    expect(await rawPlayers()).toEqual([
      { uuid: uuids.unlinked, discord: '', played: 30 * MIN + 59_000 },
      { uuid: uuids.linked, discord: DISCORD, played: 0 },
      { uuid: uuids.imported, discord: '', played: 2 * MIN + 90 },
      { uuid: uuids.importedLinked, discord: '55', played: 4 },
    ]);
    const stored: Array<{ details: string }> = await fx.dataSource.query(
      q(`SELECT "details" FROM "economy_log" WHERE "action" = 'LEGACY_IMPORT' ORDER BY "uuid"`),
    );
    expect(stored.map((row) => (JSON.parse(row.details) as { discordId: unknown }).discordId)).toEqual([
      '',
      '55',
    ]);
    // A replay of the log by the current rules differs exactly where the migration acts.
    const report = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect(report.drift.map((d) => [d.uuid, d.detail])).toEqual([
      [uuids.imported, `playedTime: ${2 * MIN + 90} ≠ ${92 * MIN}`],
      [uuids.importedLinked, `playedTime: 4 ≠ ${4 * MIN}`],
    ]);
  });

  it('gives an imported player’s old minutes as minutes, leaving live sessions and other tables alone', async () => {
    const before = {
      balances: await count('player_balances'),
      votes: await count('vote_counts'),
      log: await count('economy_log'),
    };
    expect(before.balances).toBe(1);
    await runMigrations(fx.dataSource);
    expect(await rawPlayers()).toEqual([
      { uuid: uuids.unlinked, discord: '', played: 30 * MIN + 59_000 },
      { uuid: uuids.linked, discord: DISCORD, played: 0 },
      { uuid: uuids.imported, discord: '', played: 2 * MIN + 90 * MIN },
      { uuid: uuids.importedLinked, discord: '55', played: 4 * MIN },
    ]);
    expect({
      balances: await count('player_balances'),
      votes: await count('vote_counts'),
      log: await count('economy_log'),
    }).toEqual(before);
  });

  it('gives every player the profile the current rules stored, and a replay of the log finds no drift', async () => {
    for (const [uuid, profile] of profiles) {
      expect({ uuid, profile: await repository.findByUuid(uuid, PERIODS) }).toEqual({ uuid, profile });
    }
    expect(profiles.get(uuids.imported)?.player).toMatchObject({ discordId: null, playedTime: 92 * MIN });
    expect(profiles.get(uuids.importedLinked)?.player).toMatchObject({
      discordId: '55',
      playedTime: 4 * MIN,
    });
    expect(profiles.get(uuids.unlinked)?.player).toMatchObject({
      discordId: null,
      playedTime: 30 * MIN + 59_000,
    });
    expect(profiles.get(uuids.linked)?.player.discordId).toBe(DISCORD);
    const report = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect({ driftCount: report.driftCount, drift: report.drift }).toEqual({ driftCount: 0, drift: [] });
  });

  it('reverts to the stored values of before and applies again', async () => {
    await undoToLegacyPlayedMinutes();
    expect((await rawPlayers()).map((row) => row.played)).toEqual([30 * MIN + 59_000, 0, 2 * MIN + 90, 4]);
    await runMigrations(fx.dataSource);
    expect((await rawPlayers()).map((row) => row.played)).toEqual([30 * MIN + 59_000, 0, 92 * MIN, 4 * MIN]);
  });
});
