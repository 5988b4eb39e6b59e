import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';

/** Every ACHIEVEMENT_COMPLETE event, newest first by `date` for GET /achievements/log. */
@Entity('achievement_log')
@Index('idx_achievement_log_date', ['date', 'id'])
@Index('idx_achievement_log_uuid', ['uuid', 'date', 'id'])
@Index('idx_achievement_log_server', ['server', 'date', 'id'])
export class AchievementLogEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  @Column({ type: 'varchar', length: 64 })
  source!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Column({ type: 'varchar', length: 32 })
  nick!: string;

  @Column({ name: 'ach_id', type: 'varchar', length: 64 })
  achId!: string;

  @Column({ name: 'ach_name', type: 'varchar', length: 128 })
  achName!: string;

  @Column({ name: 'ach_value', type: 'int' })
  achValue!: number;

  @Column({ type: 'varchar', length: 64 })
  server!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  date!: number;

  @Column({ name: 'received_at', type: 'bigint', transformer: bigintAsNumber })
  receivedAt!: number;
}
