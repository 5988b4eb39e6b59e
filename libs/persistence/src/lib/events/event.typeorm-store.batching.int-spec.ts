import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { GameEvent, votePeriodKeys } from '@craftstats/domain';
import { createDataSource } from '../database/data-source';
import { supportsInsertReturning } from '../database/sql-dialect';
import { describeEachDialect, gameEvent } from '../../testing';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { TypeOrmEventStore } from './event.typeorm-store';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const RECEIVED = T0 + 86_400_000;

/** Every statement a DataSource sends, and every failed one. */
function recordingLogger(): TypeOrmLogger & { queries: string[]; errors: string[] } {
  const queries: string[] = [];
  const errors: string[] = [];
  return {
    queries,
    errors,
    logQuery: (query) => void queries.push(query),
    logQueryError: (error, query) => {
      const e = error as { code?: string; message?: string } | string;
      errors.push(
        `${typeof e === 'string' ? e : `${e.code ?? ''} ${e.message ?? ''}`} :: ${query.slice(0, 80)}`,
      );
    },
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
}

/** "INSERT economy_log", "SELECT players", "COMMIT"…: the statement's verb and first table. */
function statementKind(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? sql;
  const table = /\b(?:INTO|FROM|UPDATE)\s+[`"]?(\w+)/i.exec(sql)?.[1];
  return table === undefined ? verb : `${verb} ${table}`;
}

function countKinds(queries: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const query of queries) counts[statementKind(query)] = (counts[statementKind(query)] ?? 0) + 1;
  return counts;
}

let playerNo = 0;
const uuidOf = (n: number) => `00000000-0000-4000-a000-${n.toString(16).padStart(12, '0')}`;

/**
 * Five events per player — a registration (or rename), a balance, a vote, a join and a quit, an
 * achievement — for `players` players numbered from `first`, dated `base` onwards.
 */
function batchFor(first: number, players: number, base: number, rename: boolean): GameEvent[] {
  const events: GameEvent[] = [];
  for (let p = first; p < first + players; p++) {
    const uuid = uuidOf(p);
    const nick = rename ? `Novy_${p}` : `Hrac_${p}`;
    const date = base + p;
    events.push(
      gameEvent({ action: rename ? 'ECONOMY_CHANGE_NAME' : 'ECONOMY_REGISTER', uuid, nick, date }),
      gameEvent({ action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick, new_value: p, date: date + 1 }),
      gameEvent({ action: 'PLAYER_VOTE', uuid, nick, site: 'craftlist.org', date: date + 2 }),
      gameEvent({ action: 'PLAYER_JOIN', uuid, nick, server: 'lobby', date: date + 3 }),
      gameEvent({ action: 'PLAYER_QUIT', uuid, nick, server: 'lobby', date: date + 4 }),
    );
    if (p % 2 === 0) {
      events.push(
        gameEvent({
          action: 'ACHIEVEMENT_COMPLETE',
          uuid,
          nick,
          ach_id: 'first_join',
          ach_name: 'Vítej!',
          ach_value: 5,
          date: date + 5,
        }),
      );
    }
  }
  return events;
}

describeEachDialect('TypeOrmEventStore batching', (fx) => {
  /** Runs `fn` with a store on a data source of its own whose statements `logger` records. */
  async function recorded(
    fn: (recorded: {
      store: TypeOrmEventStore;
      logger: ReturnType<typeof recordingLogger>;
      ds: DataSource;
    }) => Promise<void>,
    options: { insertReturning?: boolean } = {},
  ): Promise<void> {
    const logger = recordingLogger();
    const ds = createDataSource(fx.db.settings, { logger });
    await ds.initialize();
    try {
      await fn({ store: new TypeOrmEventStore(ds, options), logger, ds });
    } finally {
      await ds.destroy();
    }
  }

  it('writes a batch with the same statements per table whether it touches 2 players or 160', async () => {
    await recorded(async ({ store, logger, ds }) => {
      await store.ingest(batchFor((playerNo += 1000), 1, T0, false), {
        source: 'lobby',
        receivedAt: RECEIVED,
        timeZone: TZ,
      }); // asks the server's version once
      const counts: Record<string, Record<string, number>> = {};
      for (const size of [2, 40, 160]) {
        const first = (playerNo += 1000);
        for (const [phase, rename] of [
          ['new', false],
          ['existing', true],
        ] as const) {
          const events = batchFor(first, size, T0 + (rename ? 100_000 : 0), rename);
          logger.queries.length = 0;
          const outcome = await store.ingest(events, { source: 'lobby', receivedAt: RECEIVED, timeZone: TZ });
          expect(outcome).toEqual({ accepted: events.length, duplicates: 0 });
          counts[`${phase} ${size}`] = countKinds(logger.queries);
        }
      }
      // New players: both logs (each INSERT also tells which events are new), the (empty) locking
      // read, players insert (+ ids without RETURNING), balances, votes, the registration counter.
      // Existing ones: the locking read (not their balances), one players update, the renamed
      // players' balance and vote rows, the rest as above. No claim table, no sessions table.
      expect(await supportsInsertReturning(ds)).toBe(true); // MariaDB 10.5+ and SQLite; MySQL: below
      expect(counts['new 2']).toEqual({
        ...(fx.dialect === 'mysql' ? { SET: 1, START: 1 } : { BEGIN: 1 }),
        'INSERT economy_log': 1,
        'INSERT achievement_log': 1,
        'SELECT players': 1,
        'INSERT players': 1,
        'INSERT player_balances': 1,
        'INSERT vote_counts': 1,
        'INSERT counters': 1,
        COMMIT: 1,
      });
      expect(counts['existing 2']).toEqual({
        ...(fx.dialect === 'mysql' ? { SET: 1, START: 1 } : { BEGIN: 1 }),
        'INSERT economy_log': 1,
        'INSERT achievement_log': 1,
        'SELECT players': 1,
        'INSERT players': 1,
        'UPDATE player_balances': 1,
        'INSERT player_balances': 1,
        'UPDATE vote_counts': 1,
        'INSERT vote_counts': 1,
        COMMIT: 1,
      });
      for (const phase of ['new', 'existing']) {
        expect(counts[`${phase} 40`]).toEqual(counts[`${phase} 2`]);
        expect(counts[`${phase} 160`]).toEqual(counts[`${phase} 2`]);
      }
    });
  });

  it('stores and tells the new events of a batch with one INSERT per log, duplicates in and across batches', async () => {
    await recorded(async ({ store, logger }) => {
      const ctx = { source: 'lobby', receivedAt: RECEIVED, timeZone: TZ };
      const first = (playerNo += 1000);
      const events = batchFor(first, 20, T0, false);
      const achievements = events.filter((event) => event.kind === 'achievement');
      // Half the batch, an achievement among them, was stored before.
      const before = events.slice(0, 50);
      expect(await store.ingest(before, ctx)).toEqual({ accepted: 50, duplicates: 0 });
      logger.queries.length = 0;
      // The whole batch again, with its first event repeated at the end: first occurrence wins.
      const resent = [...events, events[0] as GameEvent];
      expect(await store.ingest(resent, ctx)).toEqual({ accepted: events.length - 50, duplicates: 51 });
      const counts = countKinds(logger.queries);
      expect({
        economy: counts['INSERT economy_log'],
        achievements: counts['INSERT achievement_log'],
        logReads: (counts['SELECT economy_log'] ?? 0) + (counts['SELECT achievement_log'] ?? 0),
      }).toEqual({ economy: 1, achievements: 1, logReads: 0 });
      const stored: Array<{ n: number | string }> = await fx.dataSource.query(
        'SELECT (SELECT COUNT(*) FROM economy_log WHERE source = ? AND uuid >= ? AND uuid <= ?) + ' +
          '(SELECT COUNT(*) FROM achievement_log WHERE source = ? AND uuid >= ? AND uuid <= ?) AS n',
        ['lobby', uuidOf(first), uuidOf(first + 19), 'lobby', uuidOf(first), uuidOf(first + 19)],
      );
      expect({ logRows: Number(stored[0]?.n), achievements: achievements.length > 0 }).toEqual({
        logRows: events.length,
        achievements: true,
      });
      // Another server may use the same ids: they are its own events.
      expect(await store.ingest(before, { ...ctx, source: 'survival' })).toEqual({
        accepted: 50,
        duplicates: 0,
      });
    });
  });

  it('updates only the players columns that changed in the batch', async () => {
    await recorded(async ({ store, logger }) => {
      const ctx = { source: 'lobby', receivedAt: RECEIVED, timeZone: TZ };
      const first = (playerNo += 1000);
      await store.ingest(batchFor(first, 3, T0, false), ctx);
      const level = (p: number, n: number) =>
        gameEvent({
          action: 'PLAYER_UPDATE_LEVEL',
          uuid: uuidOf(p),
          nick: `Hrac_${p}`,
          mode: 'skyblock',
          level: n,
          experience: 7 * n,
          date: T0 + 50_000 + p,
        });
      logger.queries.length = 0;
      await store.ingest([level(first, 4), level(first + 1, 5), level(first + 2, 6)], ctx);
      const upserts = logger.queries.filter((q) => statementKind(q) === 'INSERT players');
      expect(upserts).toHaveLength(1);
      const sets = /(?:ON DUPLICATE KEY UPDATE|DO UPDATE SET) (.*)$/s.exec(upserts[0] ?? '')?.[1] ?? '';
      const assigned = [...sets.matchAll(/[`"](\w+)[`"] = /g)].map((m) => m[1]).sort();
      expect(assigned).toEqual(
        ['last_event_date', 'last_event_id', 'skyblock_experience', 'skyblock_level'].sort(),
      );
      const rows: Array<{
        uuid: string;
        skyblock_level: number | string;
        nick: string;
        created_at: number | string;
      }> = await fx.dataSource.query(
        'SELECT uuid, skyblock_level, nick, created_at FROM players WHERE uuid IN (?, ?, ?) ORDER BY uuid',
        [uuidOf(first), uuidOf(first + 1), uuidOf(first + 2)],
      );
      expect(rows.map((r) => [r.uuid, Number(r.skyblock_level), r.nick, Number(r.created_at)])).toEqual(
        [0, 1, 2].map((i) => [uuidOf(first + i), 4 + i, `Hrac_${first + i}`, RECEIVED]),
      );
    });
  });

  it('leaves nothing stored by a batch that rolls back: its events are new on the next attempt', async () => {
    const store = new TypeOrmEventStore(fx.dataSource);
    const ctx = { source: 'lobby', receivedAt: RECEIVED, timeZone: TZ };
    const first = (playerNo += 1000);
    const events = batchFor(first, 3, T0, false);
    // The projection step fails after the logs were written: the transaction rolls back.
    const failing = new TypeOrmEventStore(fx.dataSource);
    (failing as unknown as { project: () => Promise<void> }).project = () =>
      Promise.reject(new Error('projection failed'));
    await expect(failing.ingest(events, ctx)).rejects.toThrow('projection failed');
    expect(await store.ingest(events, ctx)).toEqual({ accepted: events.length, duplicates: 0 });
    expect(await store.ingest(events, ctx)).toEqual({ accepted: 0, duplicates: events.length });
  });

  if (fx.dialect === 'mysql') {
    it('reads the stored ids and new player ids back where INSERT … RETURNING is missing (MySQL)', async () => {
      await recorded(
        async ({ store, logger }) => {
          const periods = votePeriodKeys(T0, TZ);
          const ctx = { source: 'lobby', receivedAt: RECEIVED, timeZone: TZ };
          const first = (playerNo += 1000);
          const events = batchFor(first, 40, T0, false);
          // An id stored before is a duplicate, also with the read-back.
          expect(await store.ingest(events.slice(0, 7), ctx)).toEqual({ accepted: 7, duplicates: 0 });
          logger.queries.length = 0;
          expect(await store.ingest(events, ctx)).toEqual({
            accepted: events.length - 7,
            duplicates: 7,
          });
          const counts = countKinds(logger.queries);
          // One read of the ids each log already holds, then plain INSERTs of the others.
          expect([counts['SELECT economy_log'], counts['SELECT achievement_log']]).toEqual([1, 1]);
          expect([counts['INSERT economy_log'], counts['INSERT achievement_log']]).toEqual([1, 1]);
          expect(counts['SELECT players']).toBe(2); // the locking read and the new players' ids
          expect(logger.queries.some((q) => /RETURNING/i.test(q))).toBe(false);
          const repository = new TypeOrmPlayerRepository(fx.dataSource);
          const last = await repository.findByUuid(uuidOf(first + 39), periods);
          expect(last?.player).toMatchObject({ nick: `Hrac_${first + 39}`, votesTotal: 1 });
          expect(last?.player.balances.CRAFTCOINS.amount).toBe(first + 39);
        },
        { insertReturning: false },
      );
    });

    describe('two ingestors touching the same players in opposite order', () => {
      let loggers: Array<ReturnType<typeof recordingLogger>>;
      let sources: DataSource[];
      let stores: TypeOrmEventStore[];

      beforeAll(async () => {
        loggers = [recordingLogger(), recordingLogger()];
        sources = loggers.map((logger) => createDataSource(fx.db.settings, { logger }));
        for (const ds of sources) await ds.initialize();
        stores = sources.map((ds) => new TypeOrmEventStore(ds));
      });
      afterAll(async () => {
        for (const ds of sources) await ds.destroy();
      });
      beforeEach(() => {
        for (const logger of loggers) logger.errors.length = 0;
      });

      const deadlocks = () => loggers.flatMap((l) => l.errors).filter((e) => /deadlock/i.test(e));

      /** Votes (one per event) for `players` players, in ascending or descending player order. */
      const votes = (first: number, players: number, base: number, descending: boolean, prefix: string) => {
        const order = Array.from({ length: players }, (_, i) => first + i);
        if (descending) order.reverse();
        return order.flatMap((p) =>
          [0, 1].map((k) =>
            gameEvent({
              id: `${prefix}-${p}-${k}`,
              action: 'PLAYER_VOTE',
              uuid: uuidOf(p),
              nick: `Hrac_${p}`,
              site: 'craftlist.org',
              date: base + p * 10 + k,
            }),
          ),
        );
      };

      it('creates and updates 250 shared players from two processes at once without a deadlock', async () => {
        const periods = votePeriodKeys(T0, TZ);
        const repository = new TypeOrmPlayerRepository(fx.dataSource);
        for (let round = 0; round < 4; round++) {
          const first = (playerNo += 1000);
          // Round 1 of each pair creates the players (both batches new to them), round 2 updates them.
          for (const [step, base] of [
            [0, T0],
            [1, T0 + 100_000],
          ] as const) {
            const [a, b] = await Promise.all([
              stores[0]?.ingest(votes(first, 250, base, false, `a${step}`), {
                source: 'survival',
                receivedAt: RECEIVED,
                timeZone: TZ,
              }),
              stores[1]?.ingest(votes(first, 250, base + 1, true, `b${step}`), {
                source: 'skyblock',
                receivedAt: RECEIVED,
                timeZone: TZ,
              }),
            ]);
            expect([a?.accepted, b?.accepted]).toEqual([500, 500]);
          }
          for (const p of [first, first + 125, first + 249]) {
            expect((await repository.findByUuid(uuidOf(p), periods))?.player.votesTotal).toBe(8);
          }
        }
        expect(deadlocks()).toEqual([]);
      });

      it('stores the same event ids resent to two processes once, without a deadlock', async () => {
        // A game server resends a batch as it was: the same ids in the same order.
        for (let round = 0; round < 4; round++) {
          const first = (playerNo += 1000);
          const events = votes(first, 250, T0, false, `same${round}`);
          const ctx = { source: 'survival', receivedAt: RECEIVED, timeZone: TZ };
          const [a, b] = await Promise.all([stores[0]?.ingest(events, ctx), stores[1]?.ingest(events, ctx)]);
          // Each id is stored once: whichever batch committed first took them all.
          expect([a, b]).toContainEqual({ accepted: 500, duplicates: 0 });
          expect([a, b]).toContainEqual({ accepted: 0, duplicates: 500 });
        }
        expect(deadlocks()).toEqual([]);
      });

      it('stores the same event ids sent in opposite orders once (a deadlock retries the batch)', async () => {
        // The log rows are written in batch order (their ids are the logs' order), so two batches
        // holding the same ids in opposite orders can deadlock: the loser rolls back, leaving
        // nothing stored, and its retry finds the other's events (docs/adr/0072-the-log-is-its-own-idempotency-record.md).
        for (let round = 0; round < 4; round++) {
          const first = (playerNo += 1000);
          const events = votes(first, 250, T0, false, `reversed${round}`);
          const ctx = { source: 'survival', receivedAt: RECEIVED, timeZone: TZ };
          const [a, b] = await Promise.all([
            stores[0]?.ingest(events, ctx),
            stores[1]?.ingest([...events].reverse(), ctx),
          ]);
          expect((a?.accepted ?? 0) + (b?.accepted ?? 0)).toBe(500);
          expect((a?.duplicates ?? 0) + (b?.duplicates ?? 0)).toBe(500);
        }
        const repository = new TypeOrmPlayerRepository(fx.dataSource);
        const periods = votePeriodKeys(T0, TZ);
        expect((await repository.findByUuid(uuidOf(playerNo), periods))?.player.votesTotal).toBe(2);
      });
    });
  }
});
