import { DataSource, In } from 'typeorm';
import { PlayerRecord, PlayerRepository, StaffRecord, VotePeriodKeys, nickKey } from '@craftstats/domain';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { VoteCountEntity } from '../leaderboards/vote-count.entity';
import { CounterEntity } from '../stats/counter.entity';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';
import { PlayerEntity } from './player.entity';
import { toProjection } from './player.mapper';

export class TypeOrmPlayerRepository extends PlayerRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByNick(nick: string, periods: VotePeriodKeys): Promise<PlayerRecord | null> {
    // idx_players_nick (nick_lower, nick_since, uuid): the newest holder of a nick comes first; players who
    // never claimed it (nick_since 0) only after, equal ones by uuid — never by arrival (ADR 0015).
    const row = await this.dataSource.getRepository(PlayerEntity).findOne({
      where: { nickLower: nickKey(nick) },
      order: { nickSince: 'DESC', uuid: 'DESC' },
    });
    return row ? this.complete(row, periods) : null;
  }

  async findByUuid(uuid: string, periods: VotePeriodKeys): Promise<PlayerRecord | null> {
    const row = await this.dataSource.getRepository(PlayerEntity).findOne({ where: { uuid } });
    return row ? this.complete(row, periods) : null;
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

  private async complete(row: PlayerEntity, periods: VotePeriodKeys): Promise<PlayerRecord> {
    const [balances, votes] = await Promise.all([
      this.dataSource.getRepository(PlayerBalanceEntity).find({ where: { playerId: row.id } }),
      this.dataSource.getRepository(VoteCountEntity).find({
        where: [
          { playerId: row.id, period: 'month', periodKey: periods.month },
          { playerId: row.id, period: 'week', periodKey: periods.week },
        ],
      }),
    ]);
    const count = (period: string) => votes.find((v) => v.period === period)?.votes ?? 0;
    return {
      id: row.id,
      player: toProjection(row, balances),
      votesMonth: count('month'),
      votesWeek: count('week'),
    };
  }
}
