import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import {
  EventStore,
  LeaderboardRepository,
  LogRepository,
  PlayerCountHistoryRepository,
  PlayerRepository,
  StaffAccountRepository,
} from '@craftstats/domain';
import { TypeOrmStaffAccountRepository } from './accounts/staff-account.typeorm-repository';
import { TypeOrmEventStore } from './events/event.typeorm-store';
import { TypeOrmLeaderboardRepository } from './leaderboards/leaderboard.typeorm-repository';
import { TypeOrmLogRepository } from './logs/log.typeorm-repository';
import { PersistenceModule } from './persistence.module';
import { TypeOrmPlayerRepository } from './players/player.typeorm-repository';
import { TypeOrmPlayerCountHistoryRepository } from './server-status/playercount-history.typeorm-repository';

/** Stands in for the platform's global DatabaseModule (an uninitialized SQLite DataSource). */
@Global()
@Module({
  providers: [
    { provide: DataSource, useValue: new DataSource({ type: 'better-sqlite3', database: ':memory:' }) },
  ],
  exports: [DataSource],
})
class FakeDatabaseModule {}

describe('PersistenceModule', () => {
  it('binds every repository port of the domain to its TypeORM adapter, once for all importers', async () => {
    @Module({ imports: [PersistenceModule] })
    class FeatureA {}
    @Module({ imports: [PersistenceModule] })
    class FeatureB {}

    @Module({ imports: [FakeDatabaseModule, FeatureA, FeatureB] })
    class App {}

    const moduleRef = await NestFactory.createApplicationContext(App, { logger: false });

    expect(moduleRef.get(PlayerRepository, { strict: false })).toBeInstanceOf(TypeOrmPlayerRepository);
    expect(moduleRef.get(LeaderboardRepository, { strict: false })).toBeInstanceOf(
      TypeOrmLeaderboardRepository,
    );
    expect(moduleRef.get(LogRepository, { strict: false })).toBeInstanceOf(TypeOrmLogRepository);
    expect(moduleRef.get(EventStore, { strict: false })).toBeInstanceOf(TypeOrmEventStore);
    expect(moduleRef.get(StaffAccountRepository, { strict: false })).toBeInstanceOf(
      TypeOrmStaffAccountRepository,
    );
    expect(moduleRef.get(PlayerCountHistoryRepository, { strict: false })).toBeInstanceOf(
      TypeOrmPlayerCountHistoryRepository,
    );
    expect(moduleRef.select(FeatureA).get(PlayerRepository, { strict: false })).toBe(
      moduleRef.select(FeatureB).get(PlayerRepository, { strict: false }),
    );
    await moduleRef.close();
  });
});
