import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';
import { PlayerEntity } from '../players/player.entity';

/** The staff panel password of a player (argon2id hash only; the password itself is never stored). */
@Entity('staff_accounts')
export class StaffAccountEntity {
  @PrimaryColumn({ name: 'player_id', type: 'int' })
  playerId!: number;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'password_set_at', type: 'bigint', transformer: bigintAsNumber })
  passwordSetAt!: number;

  @OneToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'fk_staff_accounts_player' })
  player?: PlayerEntity;
}
