import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';
import { PlayerEntity } from '../players/player.entity';

/**
 * A player's balance in one currency. `sort_key` (= -amount), `nick_lower` and `uuid` make the
 * leaderboard index (currency, sort_key, nick_lower, uuid) cover the leaderboard's whole ORDER BY
 * (amount DESC, nick ASC, uuid ASC) with every column ascending, which every supported database walks
 * without sorting (ADR 0004).
 */
@Entity('player_balances')
@Index('idx_balances_board', ['currency', 'sortKey', 'nickLower', 'uuid'])
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

  /** Always -amount: the ascending leaderboard key. */
  @Column({ name: 'sort_key', type: 'bigint', default: 0, transformer: bigintAsNumber })
  sortKey!: number;

  @Column({ name: 'nick_lower', type: 'varchar', length: 32 })
  nickLower!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'fk_balances_player' })
  player?: PlayerEntity;
}
