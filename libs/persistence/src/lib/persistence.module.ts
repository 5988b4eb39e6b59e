import { Module, Provider, Type } from '@nestjs/common';
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
import { TypeOrmPlayerRepository } from './players/player.typeorm-repository';
import { TypeOrmPlayerCountHistoryRepository } from './server-status/playercount-history.typeorm-repository';
import { PUBLIC_READ_DATA_SOURCE, retryingReadsOnce } from './database/read-replicas';

/** Binds a domain port (an abstract class, which is also the DI token) to its TypeORM adapter. */
function bind<Port>(port: abstract new (...args: never[]) => Port, adapter: Type<Port>): Provider {
  return {
    provide: port,
    inject: [DataSource],
    useFactory: (dataSource: DataSource) => new adapter(dataSource),
  };
}

/**
 * Binds a port of public reads: its adapter gets the DataSource for public reads (read replicas when
 * DATABASE_REPLICA_URLS is set, else the primary) and the primary, and a read cut off by a replica
 * going away is retried once.
 */
function bindPublicReads<Port extends object>(
  port: abstract new (...args: never[]) => Port,
  adapter: new (reads: DataSource, primary: DataSource) => Port,
): Provider {
  return {
    provide: port,
    inject: [DataSource, { token: PUBLIC_READ_DATA_SOURCE, optional: true }],
    useFactory: (primary: DataSource, reads: DataSource | undefined) =>
      retryingReadsOnce(new adapter(reads ?? primary, primary), reads ?? primary),
  };
}

/** Every repository port of the domain, each bound once to its adapter. */
const PORTS: Provider[] = [
  bindPublicReads(PlayerRepository, TypeOrmPlayerRepository),
  bindPublicReads(LeaderboardRepository, TypeOrmLeaderboardRepository),
  bindPublicReads(LogRepository, TypeOrmLogRepository),
  bind(EventStore, TypeOrmEventStore),
  bind(StaffAccountRepository, TypeOrmStaffAccountRepository),
  bind(PlayerCountHistoryRepository, TypeOrmPlayerCountHistoryRepository),
];

/**
 * The one place where the domain's repository ports meet TypeORM (the brocoders shape: abstract port in
 * libs/domain, adapter here, one module that provides both). A feature module imports this module and
 * injects the ports it uses by their abstract class; it never sees TypeORM. The DataSource comes from the
 * platform's `DatabaseModule` (global, one per process). New port: add its adapter to `PORTS`.
 */
@Module({
  providers: PORTS,
  exports: [
    PlayerRepository,
    LeaderboardRepository,
    LogRepository,
    EventStore,
    StaffAccountRepository,
    PlayerCountHistoryRepository,
  ],
})
export class PersistenceModule {}
