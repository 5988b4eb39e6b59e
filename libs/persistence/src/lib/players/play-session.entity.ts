import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';
import { PlayerEntity } from './player.entity';

/** A closed play session (PLAYER_JOIN … PLAYER_QUIT); the open one is kept on the player row. */
@Entity('play_sessions')
@Index('idx_play_sessions_player', ['playerId', 'joinedAt'])
export class PlaySessionEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ name: 'player_id', type: 'int' })
  playerId!: number;

  @Column({ type: 'varchar', length: 64 })
  server!: string;

  @Column({ name: 'joined_at', type: 'bigint', transformer: bigintAsNumber })
  joinedAt!: number;

  @Column({ name: 'quit_at', type: 'bigint', transformer: bigintAsNumber })
  quitAt!: number;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  duration!: number;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'fk_play_sessions_player' })
  player?: PlayerEntity;
}
