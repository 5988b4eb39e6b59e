import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';
import { PlayerEntity } from '../players/player.entity';

/**
 * A player's balance in one currency. `nick_lower` and `uuid` are copied from the player so that the
 * leaderboard index (currency, amount DESC, nick_lower, uuid) covers the SPEC's whole ORDER BY.
 */
@Entity('player_balances')
@Index('idx_balances_board', ['currency', 'amount', 'nickLower', 'uuid'])
export class PlayerBalanceEntity {
  @PrimaryColumn({ name: 'player_id', type: 'int' })
  playerId!: number;

  @PrimaryColumn({ type: 'varchar', length: 24 })
  currency!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  amount!: number;

  /** Date (ms) of the event that set the amount: an older event arriving late does not overwrite it. */
  @Column({ name: 'as_of', type: 'bigint', transformer: bigintAsNumber })
  asOf!: number;

  @Column({ name: 'nick_lower', type: 'varchar', length: 32 })
  nickLower!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'fk_balances_player' })
  player?: PlayerEntity;
}
