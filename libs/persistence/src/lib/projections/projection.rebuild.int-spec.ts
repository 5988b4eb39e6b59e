import { GameEvent } from '@craftstats/domain';
import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { RebuildProgress, rebuildProjections } from './projection.rebuild';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const ctx = (receivedAt = T0) => ({ source: 'survival', receivedAt, timeZone: TZ });

/** A small realistic history for player n: registration, balances, votes, a session, a level. */
function history(n: number): GameEvent[] {
  const uuid = testUuid(n);
  const nick = `Hrac_${n}`;
  const at = (k: number) => T0 + n * 10_000 + k * 1000;
  return [
    gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick, date: at(0) }),
    gameEvent({ action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick, new_value: 100 + n, date: at(1) }),
    gameEvent({ action: 'PLAYER_VOTE', uuid, nick, site: 'craftlist.org', date: at(2) }),
    gameEvent({ action: 'PLAYER_VOTE', uuid, nick, site: 'czech-craft.eu', date: at(3) }),
    gameEvent({ action: 'PLAYER_JOIN', uuid, nick, server: 'lobby', date: at(4) }),
    gameEvent({ action: 'PLAYER_QUIT', uuid, nick, server: 'lobby', date: at(6) }),
    gameEvent({
      action: 'PLAYER_UPDATE_LEVEL',
      uuid,
      nick,
      mode: 'survival',
      level: n,
      experience: 5,
      date: at(7),
    }),
    gameEvent({
      action: 'ACHIEVEMENT_COMPLETE',
      uuid,
      nick,
      ach_id: 'a1',
      ach_name: 'Start',
      ach_value: 1,
      date: at(8),
    }),
  ];
}

describeEachDialect('rebuildProjections', (fx) => {
  let store: TypeOrmEventStore;
  const q = (sql: string) => (fx.dialect === 'mysql' ? sql.replace(/"/g, '`') : sql);

  beforeAll(async () => {
    store = new TypeOrmEventStore(fx.dataSource);
    for (let n = 1; n <= 5; n++) await store.ingest(history(n), ctx(T0 + 100_000));
  });

  it('reports zero drift for projections the ingestor kept, with progress per chunk', async () => {
    const progress: RebuildProgress[] = [];
    const report = await rebuildProjections(fx.dataSource, {
      verify: true,
      timeZone: TZ,
      chunkSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(report).toMatchObject({ players: 5, events: 40, driftCount: 0, drift: [], playersWithDrift: 0 });
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
  });

  it('reports drift per table and player without changing anything, then repairs it on rebuild', async () => {
    await fx.dataSource.query(q('UPDATE "players" SET "tag" = \'x\', "played_time" = 1 WHERE "uuid" = ?'), [
      testUuid(1),
    ]);
    await fx.dataSource.query(
      q('UPDATE "player_balances" SET "amount" = 5 WHERE "uuid" = ? AND "currency" = \'CRAFTCOINS\''),
      [testUuid(2)],
    );
    await fx.dataSource.query(q('DELETE FROM "vote_counts" WHERE "uuid" = ? AND "period" = \'total\''), [
      testUuid(3),
    ]);
    await fx.dataSource.query(q('UPDATE "counters" SET "value" = 99'));

    const verify = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect(verify.drift.map((d) => [d.table, d.uuid, d.detail.split(':')[0]])).toEqual([
      ['players', testUuid(1), 'playedTime'],
      ['players', testUuid(1), 'tag'],
      ['player_balances', testUuid(2), 'CRAFTCOINS'],
      ['vote_counts', testUuid(3), 'total/all'],
      ['counters', null, 'registered_players'],
    ]);
    expect(verify.playersWithDrift).toBe(3);
    // verify wrote nothing
    expect((await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ })).driftCount).toBe(5);

    const rebuild = await rebuildProjections(fx.dataSource, { timeZone: TZ });
    expect(rebuild.driftCount).toBe(5);
    const after = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect(after.driftCount).toBe(0);
    const rows: Array<{ tag: string; played_time: string | number }> = await fx.dataSource.query(
      q('SELECT "tag", "played_time" FROM "players" WHERE "uuid" = ?'),
      [testUuid(1)],
    );
    expect([rows[0]?.tag, Number(rows[0]?.played_time)]).toEqual(['', 2000]);
  });

  it('recreates a deleted player from the log and leaves players the log never mentions alone', async () => {
    await fx.dataSource.query(q('DELETE FROM "players" WHERE "uuid" = ?'), [testUuid(5)]);
    await fx.dataSource.query(
      q(
        'INSERT INTO "players" ("uuid", "nick", "nick_lower", "discriminator", "created_at", "web_group") VALUES (?, \'Import\', \'import\', \'0001\', 1, 3)',
      ),
      [testUuid(99)],
    );
    const verify = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect(verify.drift.filter((d) => d.uuid !== null)).toEqual([
      { table: 'players', uuid: testUuid(5), detail: 'row missing' },
    ]);
    await rebuildProjections(fx.dataSource, { timeZone: TZ });
    expect((await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ })).driftCount).toBe(0);
    const rows: Array<{ uuid: string }> = await fx.dataSource.query(
      q('SELECT "uuid" FROM "players" ORDER BY "uuid"'),
    );
    expect(rows.map((r) => r.uuid)).toEqual([1, 2, 3, 4, 5, 99].map(testUuid));
  });

  it('loses no event that the ingestor commits while the rebuild runs', async () => {
    const extra = Array.from({ length: 30 }, (_, i) =>
      gameEvent({
        action: 'PLAYER_VOTE',
        uuid: testUuid(1 + (i % 5)),
        nick: 'X',
        site: 's',
        date: T0 + 500_000 + i,
      }),
    );
    await Promise.all([
      rebuildProjections(fx.dataSource, { timeZone: TZ, chunkSize: 1 }),
      ...extra.map((event, i) =>
        store.ingest([event], { ...ctx(T0 + 600_000), source: i % 2 ? 'lobby' : 'survival' }),
      ),
    ]);
    expect((await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ })).driftCount).toBe(0);
    const rows: Array<{ total: string | number }> = await fx.dataSource.query(
      q('SELECT SUM("votes_total") AS "total" FROM "players"'),
    );
    expect(Number(rows[0]?.total)).toBe(5 * 2 + 30);
  });

  it('limits itself to the given players', async () => {
    const report = await rebuildProjections(fx.dataSource, {
      verify: true,
      timeZone: TZ,
      playerUuids: [testUuid(2)],
    });
    expect(report).toMatchObject({ players: 1, events: 8 + 6, driftCount: 0 });
  });
});
