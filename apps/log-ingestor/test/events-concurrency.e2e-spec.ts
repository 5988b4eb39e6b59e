import { In } from 'typeorm';
import {
  EconomyLogEntity,
  PlayerBalanceEntity,
  PlayerEntity,
  VoteCountEntity,
} from '@craftstats/persistence';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { AppProcess, RunningApp, bootApp, startAppProcess, testConfig } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';
import { EventPool, eventPool, overlappingBatches, sentCount } from './support/event-pool';
import { INGEST_TOKENS, ingestOk, totals } from './support/ingest';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

describeEachDialect('POST /v1/events under concurrency', (fx) => {
  /** Every event of the pool is stored once: the log, votes and balances are exact. */
  async function expectStoredExactlyOnce(pool: EventPool): Promise<void> {
    const ids = pool.events.map((e) => e.id as string);
    expect(
      await fx.dataSource.getRepository(EconomyLogEntity).countBy({ source: 'survival', eventId: In(ids) }),
    ).toBe(ids.length);

    const rows = await fx.dataSource.getRepository(PlayerEntity).find({ where: { uuid: In(pool.uuids) } });
    expect(rows).toHaveLength(pool.uuids.length);
    const ids2players = new Map(rows.map((r) => [r.id, r.uuid]));
    expect(rows.map((r) => r.votesTotal)).toEqual(pool.uuids.map(() => pool.votesPerPlayer));

    const votes = await fx.dataSource
      .getRepository(VoteCountEntity)
      .find({ where: { playerId: In([...ids2players.keys()]), period: 'total' } });
    expect(votes.map((v) => v.votes)).toEqual(pool.uuids.map(() => pool.votesPerPlayer));

    const karma = await fx.dataSource
      .getRepository(PlayerBalanceEntity)
      .find({ where: { playerId: In([...ids2players.keys()]), currency: 'KARMA' } });
    expect(new Map(karma.map((b) => [ids2players.get(b.playerId), b.amount]))).toEqual(pool.finalKarma);
  }

  describe('many parallel requests to one app', () => {
    let running: RunningApp;
    beforeAll(async () => {
      running = await bootApp(
        'log-ingestor',
        createIngestorApp,
        testConfig({ DATABASE_URL: fx.db.url, INGEST_TOKENS, TZ_COMMUNITY: TZ }),
      );
    });
    afterAll(() => running?.close());

    it('counts every event exactly once across 24 concurrent overlapping batches', async () => {
      const pool = eventPool('par', 1000, 10, 20, T0);
      const batches = overlappingBatches(pool.events, 24, 1);
      const answers = await Promise.all(batches.map((batch) => ingestOk(running.url, batch)));
      expect(totals(answers)).toEqual({
        accepted: pool.events.length,
        duplicates: sentCount(batches) - pool.events.length,
        rejected: 0,
      });
      await expectStoredExactlyOnce(pool);
    });
  });

  describe('two ingestor processes on one database', () => {
    let first: AppProcess;
    let second: AppProcess;
    beforeAll(async () => {
      const env = { DATABASE_URL: fx.db.url, INGEST_TOKENS, TZ_COMMUNITY: TZ };
      [first, second] = await Promise.all([
        startAppProcess('log-ingestor', env),
        startAppProcess('log-ingestor', env),
      ]);
    });
    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
    });

    it('counts every event exactly once when both receive overlapping batches at the same time', async () => {
      const pool = eventPool('duo', 2000, 15, 20, T0);
      // Even batches go to the first process, odd ones to the second. Positions i % 3 === 0 reach only
      // the first, i % 3 === 2 only the second, i % 3 === 1 both (the contended third); every fifth
      // event is left out of some batches so that no two batches are the same.
      const target = (k: number) => (k % 2 === 0 ? first : second);
      const batches = overlappingBatches(
        pool.events,
        16,
        2,
        (i, k) => i % 3 === (k % 2 === 0 ? 2 : 0) || (i + k) % 5 === 0,
      );
      const answers = await Promise.all(batches.map((batch, k) => ingestOk(target(k).url, batch)));
      expect(totals(answers)).toEqual({
        accepted: pool.events.length,
        duplicates: sentCount(batches) - pool.events.length,
        rejected: 0,
      });
      const onlyFirst = pool.events.filter((_, i) => i % 3 === 0).length;
      const onlySecond = pool.events.filter((_, i) => i % 3 === 2).length;
      const byFirst = totals(answers.filter((_, k) => k % 2 === 0)).accepted;
      const bySecond = totals(answers.filter((_, k) => k % 2 === 1)).accepted;
      expect(byFirst).toBeGreaterThanOrEqual(onlyFirst);
      expect(bySecond).toBeGreaterThanOrEqual(onlySecond);
      await expectStoredExactlyOnce(pool);
    });
  });
});
