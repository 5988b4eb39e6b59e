import { DataSource } from 'typeorm';
import {
  EconomyType,
  LeaderboardRepository,
  LevelMode,
  LevelRow,
  RankedRow,
  VotePeriod,
} from '@craftstats/domain';
import { PlayerEntity } from '../players/player.entity';
import { PlayerBalanceEntity } from './player-balance.entity';
import { VoteCountEntity } from './vote-count.entity';

interface RawRankedRow {
  value: string | number;
  nick: string;
  uuid: string;
}

interface RawLevelRow {
  nick: string;
  uuid: string;
  level: string | number;
  experience: string | number;
}

const toLevels = (rows: RawLevelRow[]): LevelRow[] =>
  rows.map((row) => ({
    nick: row.nick,
    uuid: row.uuid,
    level: Number(row.level),
    experience: Number(row.experience),
  }));

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

  /**
   * Level boards read `players` through idx_players_level_<mode> (level, experience, nick_lower, uuid).
   * Both databases can walk that index backwards for level DESC, experience DESC, but not with the
   * ascending tie keys after them, so the board is read in three bounded steps (ADR 0025):
   *  1. the (level, experience) at place `limit`, by a backward index walk of `limit` entries;
   *  2. every player strictly above it (fewer than `limit`, an index range);
   *  3. the players tied with it, in (nick_lower, uuid) order, as many as places are left.
   * Each step reads at most `limit` index entries whatever the number of players (no sort, no scan).
   */
  async topLevels(mode: LevelMode, limit: number): Promise<LevelRow[]> {
    const level = `p.${mode}Level`;
    const experience = mode === 'global' ? null : `p.${mode}Experience`;
    const columns = [
      'p.nick AS nick',
      'p.uuid AS uuid',
      `${level} AS level`,
      `${experience ?? '0'} AS experience`,
    ];
    const players = () => this.dataSource.createQueryBuilder(PlayerEntity, 'p');
    const withProgress =
      experience === null ? `${level} > 0` : `(${level} > 0 OR (${level} = 0 AND ${experience} > 0))`;

    let cutQuery = players()
      .select([`${level} AS level`, `${experience ?? '0'} AS experience`])
      .where(withProgress)
      .orderBy(level, 'DESC');
    if (experience !== null) cutQuery = cutQuery.addOrderBy(experience, 'DESC');
    const [cut] = await cutQuery
      .offset(limit - 1)
      .limit(1)
      .getRawMany<{ level: string | number; experience: string | number }>();
    if (cut === undefined) {
      // Fewer than `limit` players have any progress: all of them.
      return toLevels(await players().select(columns).where(withProgress).getRawMany<RawLevelRow>());
    }
    const at = { level: Number(cut.level), experience: Number(cut.experience) };
    const above = await players()
      .select(columns)
      .where(
        experience === null
          ? `${level} > :level`
          : `(${level} > :level OR (${level} = :level AND ${experience} > :experience))`,
        at,
      )
      .getRawMany<RawLevelRow>();
    const tied = await players()
      .select(columns)
      .where(
        experience === null ? `${level} = :level` : `${level} = :level AND ${experience} = :experience`,
        at,
      )
      .orderBy('p.nickLower', 'ASC')
      .addOrderBy('p.uuid', 'ASC')
      .limit(limit - above.length)
      .getRawMany<RawLevelRow>();
    return toLevels([...above, ...tied]);
  }
}
