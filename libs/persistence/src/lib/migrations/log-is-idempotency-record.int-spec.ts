import { GameEvent, votePeriodKeys } from '@craftstats/domain';
import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { runMigrations } from '../database/migrate';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { rebuildProjections } from '../projections/projection.rebuild';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const MIGRATION = 'LogIsIdempotencyRecord1795700000000';

/** A registration, a balance, a vote, a session and an achievement of player n, ids `<prefix>-n-k`. */
function history(n: number, prefix: string, base: number): GameEvent[] {
  const uuid = testUuid(n);
  const nick = `Hrac_${n}`;
  const at = (k: number, fields: Record<string, unknown> & { action: string }) =>
    gameEvent({ id: `${prefix}-${n}-${k}`, uuid, nick, date: base + k, ...fields });
  return [
    at(0, { action: 'ECONOMY_REGISTER' }),
    at(1, { action: 'ECONOMY_CRAFTCOINS_ADD', new_value: 10 * n }),
    at(2, { action: 'PLAYER_VOTE', site: 'craftlist.org' }),
    at(3, { action: 'PLAYER_JOIN', server: 'lobby', mc_version: '1.21.4' }),
    at(4, { action: 'PLAYER_QUIT', server: 'lobby' }),
    at(5, { action: 'ACHIEVEMENT_COMPLETE', ach_id: 'first_join', ach_name: 'Vítej!', ach_value: 5 }),
  ];
}

/**
 * The migration LogIsIdempotencyRecord on a database written by the code before it: the claims in
 * `processed_events` move to the logs' unique keys, a resent event is still a duplicate, and a
 * replay of the log finds no drift.
 */
describeEachDialect('migration LogIsIdempotencyRecord', (fx) => {
  const q = (sql: string) => (fx.dialect === 'mysql' ? sql.replace(/"/g, '`') : sql);
  const ctx = { source: 'survival', receivedAt: T0 + 3_600_000, timeZone: TZ };
  const stored = [1, 2, 3].flatMap((n) => history(n, 'old', T0));
  let store: TypeOrmEventStore;

  const count = async (table: string): Promise<number> =>
    Number(
      ((await fx.dataSource.query(q(`SELECT COUNT(*) AS "n" FROM "${table}"`))) as Array<{ n: unknown }>)[0]
        ?.n,
    );
  const tables = async (): Promise<string[]> =>
    (
      (await fx.dataSource.query(
        fx.dialect === 'mysql'
          ? 'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()'
          : "SELECT name FROM sqlite_master WHERE type = 'table'",
      )) as Array<{ name: string }>
    )
      .map((row) => row.name)
      .sort();
  const lastMigration = async (): Promise<string | undefined> =>
    (
      (await fx.dataSource.query(q('SELECT "name" FROM "migrations" ORDER BY "id" DESC LIMIT 1'))) as Array<{
        name: string;
      }>
    )[0]?.name;

  beforeAll(async () => {
    store = new TypeOrmEventStore(fx.dataSource);
    const outcome = await store.ingest(stored, ctx);
    if (outcome.accepted !== stored.length) throw new Error(`stored ${outcome.accepted} of ${stored.length}`);
    // Back to the schema before the migration: the claims as the code of that time kept them.
    const last = await lastMigration();
    if (last !== MIGRATION) throw new Error(`the last migration is ${last}, not ${MIGRATION}`);
    await fx.dataSource.undoLastMigration({ transaction: 'each' });
  });

  it('starts from a claim table holding one claim per logged event', async () => {
    expect(await tables()).toEqual(expect.arrayContaining(['processed_events', 'play_sessions']));
    expect(await count('processed_events')).toBe(stored.length);
    expect((await count('economy_log')) + (await count('achievement_log'))).toBe(stored.length);
  });

  it('stops before changing anything when a claim has no log row', async () => {
    await fx.dataSource.query(
      q(
        'INSERT INTO "processed_events" ("source", "event_id", "batch_id", "received_at") VALUES (?, ?, ?, ?)',
      ),
      ['survival', 'unlogged-1', 'b', T0],
    );
    await expect(runMigrations(fx.dataSource)).rejects.toThrow(
      /processed_events holds 1 claim\(s\) more than the economy and achievement logs/,
    );
    expect(await lastMigration()).not.toBe(MIGRATION);
    expect(await tables()).toEqual(expect.arrayContaining(['processed_events', 'play_sessions']));
    await fx.dataSource.query(q('DELETE FROM "processed_events" WHERE "event_id" = ?'), ['unlogged-1']);
  });

  it('moves the claims to the logs: the claim and session tables are gone, resent events stay duplicates', async () => {
    await runMigrations(fx.dataSource);
    expect(await lastMigration()).toBe(MIGRATION);
    const after = await tables();
    expect(after.filter((t) => t === 'processed_events' || t === 'play_sessions')).toEqual([]);
    expect(await store.ingest(stored, ctx)).toEqual({ accepted: 0, duplicates: stored.length });
    const fresh = history(4, 'new', T0 + 100);
    expect(await store.ingest([...stored.slice(0, 3), ...fresh], ctx)).toEqual({
      accepted: fresh.length,
      duplicates: 3,
    });
    const players = new TypeOrmPlayerRepository(fx.dataSource);
    const player = (await players.findByUuid(testUuid(2), votePeriodKeys(T0, TZ)))?.player;
    expect(player).toMatchObject({ votesTotal: 1, playedTime: 1 });
    expect(player?.balances.CRAFTCOINS.amount).toBe(20);
  });

  it('leaves projections that a replay of the log finds no drift in', async () => {
    const report = await rebuildProjections(fx.dataSource, { verify: true, timeZone: TZ });
    expect({ players: report.players, driftCount: report.driftCount, drift: report.drift }).toEqual({
      players: 4,
      driftCount: 0,
      drift: [],
    });
  });

  it('reverts to the claim table, refilled from the logs, and applies again', async () => {
    await fx.dataSource.undoLastMigration({ transaction: 'each' });
    const logged = (await count('economy_log')) + (await count('achievement_log'));
    expect({ claims: await count('processed_events'), logged }).toEqual({
      claims: stored.length + 6,
      logged: stored.length + 6,
    });
    await runMigrations(fx.dataSource);
    expect(await store.ingest(stored, ctx)).toEqual({ accepted: 0, duplicates: stored.length });
  });
});
