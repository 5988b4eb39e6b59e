import { And, DataSource, In, LessThan, MoreThanOrEqual } from 'typeorm';
import {
  PlayerRecord,
  PlayerRepository,
  PlayerSearchRecord,
  StaffRecord,
  VotePeriodKeys,
  nickKey,
  nickPrefixRange,
} from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { PreparedReads } from '../database/prepared-reads';
import { CounterEntity } from '../stats/counter.entity';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';
import { PlayerEntity } from './player.entity';
import { RawColumnReader } from './player.mapper';
import { profilePlayerReader, profileRecordFromRow, profileSql } from './player.profile-query';

export class TypeOrmPlayerRepository extends PlayerRepository {
  private readonly reads: PreparedReads;
  /** Made on first use: the entity metadata exists once the DataSource is initialized. */
  private profile?: { byNick: string; byUuid: string; players: RawColumnReader<PlayerEntity> };

  constructor(private readonly dataSource: DataSource) {
    super();
    this.reads = new PreparedReads(dataSource);
  }

  private profileQueries(): { byNick: string; byUuid: string; players: RawColumnReader<PlayerEntity> } {
    if (this.profile === undefined) {
      const dialect = dialectOf(this.dataSource);
      const metadata = this.dataSource.getMetadata(PlayerEntity);
      this.profile = {
        byNick: profileSql(dialect, 'nick', metadata),
        byUuid: profileSql(dialect, 'uuid', metadata),
        players: profilePlayerReader(dialect, metadata),
      };
    }
    return this.profile;
  }

  // A profile is one prepared statement on the driver: the player with its balances and this period's
  // vote counters in one JOIN (ADR 0035), its row mapped by the player mapper like every other read
  // (ADR 0074). The one read kept on the driver rather than `manager.query`: measured on the same
  // statement, it costs MariaDB about a quarter less CPU per lookup (docs/performance.md, "Driver-level
  // prepared statement or manager.query").

  async findByNick(nick: string, periods: VotePeriodKeys): Promise<PlayerRecord | null> {
    // idx_players_nick (nick_lower, nick_since, uuid): the newest holder of a nick comes first; players who
    // never claimed it (nick_since 0) only after, equal ones by uuid — never by arrival (ADR 0015).
    const { byNick, players } = this.profileQueries();
    const row = await this.reads.one(byNick, [periods.month, periods.week, nickKey(nick)]);
    return row === undefined ? null : profileRecordFromRow(row, players);
  }

  async findByUuid(uuid: string, periods: VotePeriodKeys): Promise<PlayerRecord | null> {
    const { byUuid, players } = this.profileQueries();
    const row = await this.reads.one(byUuid, [periods.month, periods.week, uuid]);
    return row === undefined ? null : profileRecordFromRow(row, players);
  }

  async searchByNickPrefix(prefix: string, limit: number): Promise<PlayerSearchRecord[]> {
    // A range of idx_players_nick (nick_lower, nick_since, uuid) read in its own order: at most `limit`
    // index entries and rows, at any number of players (no LIKE: SQLite would not use the index for it).
    const { from, until } = nickPrefixRange(prefix);
    const rows = await this.dataSource.getRepository(PlayerEntity).find({
      select: { nick: true, uuid: true },
      where: { nickLower: And(MoreThanOrEqual(from), LessThan(until)) },
      order: { nickLower: 'ASC', nickSince: 'ASC', uuid: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({ nick: row.nick, uuid: row.uuid }));
  }

  async findStaff(rankIds: readonly string[]): Promise<StaffRecord[]> {
    if (rankIds.length === 0) return [];
    const rows = await this.dataSource.getRepository(PlayerEntity).find({
      select: { nick: true, uuid: true, rankId: true, nickLower: true },
      where: { rankId: In([...rankIds]) },
      order: { rankId: 'ASC', nickLower: 'ASC', uuid: 'ASC' },
    });
    return rows.map((row) => ({ nick: row.nick, uuid: row.uuid, rank: row.rankId }));
  }

  async countRegisteredPlayers(): Promise<number> {
    const counter = await this.dataSource
      .getRepository(CounterEntity)
      .findOne({ where: { name: REGISTERED_PLAYERS_COUNTER } });
    return counter?.value ?? 0;
  }
}
