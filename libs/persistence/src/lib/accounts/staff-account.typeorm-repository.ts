import { DataSource } from 'typeorm';
import { StaffAccountRepository, StaffCredentials, nickKey } from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { upsertSql } from '../database/sql-dialect';
import { PlayerEntity } from '../players/player.entity';
import { StaffAccountEntity } from './staff-account.entity';

export class TypeOrmStaffAccountRepository extends StaffAccountRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByNick(nick: string): Promise<StaffCredentials | null> {
    const player = await this.dataSource.getRepository(PlayerEntity).findOne({
      select: { id: true, nick: true, uuid: true, rankId: true },
      where: { nickLower: nickKey(nick) },
      order: { nickSince: 'DESC', id: 'DESC' },
    });
    if (!player) return null;
    const account = await this.dataSource
      .getRepository(StaffAccountEntity)
      .findOne({ where: { playerId: player.id } });
    return {
      playerId: player.id,
      nick: player.nick,
      uuid: player.uuid,
      rank: player.rankId,
      passwordHash: account?.passwordHash ?? null,
      passwordSetAt: account?.passwordSetAt ?? null,
    };
  }

  async setPasswordHash(playerId: number, passwordHash: string, at: number): Promise<void> {
    await this.dataSource.query(
      upsertSql(
        dialectOf(this.dataSource),
        'staff_accounts',
        ['player_id', 'password_hash', 'password_set_at'],
        1,
        ['player_id'],
        {
          replace: ['password_hash', 'password_set_at'],
        },
      ),
      [playerId, passwordHash, at],
    );
  }
}
