import { DataSource } from 'typeorm';
import { EconomyType, LeaderboardRepository, RankedRow, VotePeriod } from '@craftstats/domain';
import { PlayerEntity } from '../players/player.entity';
import { PlayerBalanceEntity } from './player-balance.entity';
import { VoteCountEntity } from './vote-count.entity';

interface RawRankedRow {
  value: string | number;
  nick: string;
  uuid: string;
}

const toRanked = (rows: RawRankedRow[]): RankedRow[] =>
  rows.map((row) => ({ nick: row.nick, uuid: row.uuid, value: Number(row.value) }));

/**
 * Each query walks one composite index in order — (currency, sort_key, nick_lower, uuid) or
 * (period, period_key, sort_key, nick_lower, uuid), where sort_key is the negated value — and stops
 * after `limit` rows, so its cost does not depend on the number of players. The display nick comes
 * from the player row by primary key.
 */
export class TypeOrmLeaderboardRepository extends LeaderboardRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async topBalances(economyType: EconomyType, limit: number): Promise<RankedRow[]> {
    const rows = await this.dataSource
      .createQueryBuilder(PlayerBalanceEntity, 'b')
      .innerJoin(PlayerEntity, 'p', 'p.id = b.player_id')
      .select(['b.amount AS value', 'p.nick AS nick', 'b.uuid AS uuid'])
      .where('b.currency = :currency', { currency: economyType })
      .orderBy('b.sort_key', 'ASC')
      .addOrderBy('b.nick_lower', 'ASC')
      .addOrderBy('b.uuid', 'ASC')
      .limit(limit)
      .getRawMany<RawRankedRow>();
    return toRanked(rows);
  }

  async topVotes(period: VotePeriod, key: string, limit: number): Promise<RankedRow[]> {
    const rows = await this.dataSource
      .createQueryBuilder(VoteCountEntity, 'v')
      .innerJoin(PlayerEntity, 'p', 'p.id = v.player_id')
      .select(['v.votes AS value', 'p.nick AS nick', 'v.uuid AS uuid'])
      .where('v.period = :period AND v.period_key = :key', { period, key })
      .orderBy('v.sort_key', 'ASC')
      .addOrderBy('v.nick_lower', 'ASC')
      .addOrderBy('v.uuid', 'ASC')
      .limit(limit)
      .getRawMany<RawRankedRow>();
    return toRanked(rows);
  }
}
