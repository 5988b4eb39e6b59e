import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PlayerEntity } from '../players/player.entity';

/**
 * Votes of a player in one period: ('total','all'), ('month','2026-11') or ('week','2026-11-16', the
 * Monday). A new period simply has no rows yet, so it starts at zero without any reset job.
 */
@Entity('vote_counts')
@Index('idx_votes_board', ['period', 'periodKey', 'sortKey', 'nickLower', 'uuid'])
export class VoteCountEntity {
  @PrimaryColumn({ name: 'player_id', type: 'int' })
  playerId!: number;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  period!: string;

  @PrimaryColumn({ name: 'period_key', type: 'varchar', length: 10 })
  periodKey!: string;

  @Column({ type: 'int' })
  votes!: number;

  /** Always -votes: the ascending leaderboard key (see PlayerBalanceEntity). */
  @Column({ name: 'sort_key', type: 'int', default: 0 })
  sortKey!: number;

  @Column({ name: 'nick_lower', type: 'varchar', length: 32 })
  nickLower!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'fk_votes_player' })
  player?: PlayerEntity;
}
