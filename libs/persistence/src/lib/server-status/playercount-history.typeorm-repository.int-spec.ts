import { MINUTE_MS } from '@craftstats/domain';
import { createDataSource } from '../database/data-source';
import { describeEachDialect } from '../../testing';
import { TypeOrmPlayerCountHistoryRepository } from './playercount-history.typeorm-repository';

const T = Date.UTC(2026, 10, 18, 12, 0, 0);

describeEachDialect('TypeOrmPlayerCountHistoryRepository', (fx) => {
  it('stores a minute once: the first sample wins, whoever records it later changes nothing', async () => {
    const repo = new TypeOrmPlayerCountHistoryRepository(fx.dataSource);
    // A second instance: its own DataSource (own connections) on the same database.
    const other = createDataSource(fx.db.settings, { poolSize: 2 });
    await other.initialize();
    try {
      const otherRepo = new TypeOrmPlayerCountHistoryRepository(other);
      await Promise.all([
        repo.record({ minute: T, online: 12, max: 100, isOnline: true }),
        otherRepo.record({ minute: T, online: 12, max: 100, isOnline: true }),
        otherRepo.record({ minute: T, online: 99, max: 100, isOnline: true }),
      ]);
      await otherRepo.record({ minute: T + MINUTE_MS, online: 0, max: 0, isOnline: false });
      await repo.record({ minute: T + MINUTE_MS, online: 5, max: 100, isOnline: true });
    } finally {
      await other.destroy();
    }
    const samples = await repo.since(T);
    expect(samples).toHaveLength(2);
    expect(samples[0]).toMatchObject({ minute: T, max: 100, isOnline: true });
    expect([12, 99]).toContain(samples[0].online);
    expect(samples[1]).toEqual({ minute: T + MINUTE_MS, online: 0, max: 0, isOnline: false });
  });

  it('reads samples from a minute on, oldest first, and prunes the ones before a minute', async () => {
    const repo = new TypeOrmPlayerCountHistoryRepository(fx.dataSource);
    for (const minute of [5, 3, 4, 2]) {
      await repo.record({ minute: T + minute * MINUTE_MS, online: minute, max: 50, isOnline: true });
    }
    expect((await repo.since(T + 3 * MINUTE_MS)).map((s) => s.online)).toEqual([3, 4, 5]);
    await repo.prune(T + 4 * MINUTE_MS);
    expect((await repo.since(0)).map((s) => s.online)).toEqual([4, 5]);
  });
});
