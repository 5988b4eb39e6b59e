import { DataSource, In } from 'typeorm';
import { StaffAccountRepository, StaffCredentials, nickKey } from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { upsertSql } from '../database/sql-dialect';
import { PlayerEntity } from '../players/player.entity';
import { StaffAccountEntity } from './staff-account.entity';

function credentials(player: PlayerEntity, account: StaffAccountEntity | null): StaffCredentials {
  return {
    playerId: player.id,
    nick: player.nick,
    uuid: player.uuid,
    rank: player.rankId,
    passwordHash: account?.passwordHash ?? null,
    passwordSetAt: account?.passwordSetAt ?? null,
  };
}

export class TypeOrmStaffAccountRepository extends StaffAccountRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByNick(nick: string): Promise<StaffCredentials | null> {
    const key = nickKey(nick);
    // Every stored nick is ASCII (`nick_lower` is an ascii_bin column): a name with any other
    // character (its UTF-8 is longer than it is) names nobody, and MariaDB refuses to compare it with
    // that column ("Illegal mix of collations").
    if (Buffer.byteLength(key, 'utf8') !== key.length) return null;
    // Players whose current nick it is: the newest claim first, equal ones by uuid (ADR 0015).
    const players = await this.dataSource.getRepository(PlayerEntity).find({
      select: { id: true, nick: true, uuid: true, rankId: true },
      where: { nickLower: key },
      order: { nickSince: 'DESC', uuid: 'ASC' },
      take: 100,
    });
    if (players.length === 0) return null;
    const accounts = await this.dataSource
      .getRepository(StaffAccountEntity)
      .find({ where: { playerId: In(players.map((p) => p.id)) } });
    const byPlayer = new Map(accounts.map((a) => [a.playerId, a]));
    // A staff member with a password keeps their login whoever else uses the nick (ADR 0017).
    const chosen = players.find((p) => byPlayer.has(p.id)) ?? (players[0] as PlayerEntity);
    return credentials(chosen, byPlayer.get(chosen.id) ?? null);
  }

  async findByUuid(uuid: string): Promise<StaffCredentials | null> {
    const player = await this.dataSource.getRepository(PlayerEntity).findOne({
      select: { id: true, nick: true, uuid: true, rankId: true },
      where: { uuid },
    });
    if (!player) return null;
    const account = await this.dataSource
      .getRepository(StaffAccountEntity)
      .findOne({ where: { playerId: player.id } });
    return credentials(player, account);
  }

  /**
   * Stores the hash with its set time. The stored time is the password's version (tokens carry it,
   * ADR 0044), so it strictly increases per account: a change within the same millisecond as the
   * previous one, or on an instance whose clock is behind, is stored as the previous time + 1 ms.
   */
  async setPasswordHash(playerId: number, passwordHash: string, at: number): Promise<void> {
    const sql = upsertSql(
      dialectOf(this.dataSource),
      'staff_accounts',
      ['player_id', 'password_hash', 'password_set_at'],
      1,
      ['player_id'],
      { replace: ['password_hash'], increasing: ['password_set_at'] },
    );
    await this.dataSource.query(sql, [playerId, passwordHash, at]);
  }
}
