import { Column, Entity, Index } from 'typeorm';
import { LogRowBase } from './log-row.base';

/** Every ACHIEVEMENT_COMPLETE event, newest first by `date` for GET /achievements/log. */
@Entity('achievement_log')
@Index('uq_achievement_log_event', ['source', 'eventId'], { unique: true })
@Index('idx_achievement_log_date', ['date', 'id'])
@Index('idx_achievement_log_uuid', ['uuid', 'date', 'id'])
@Index('idx_achievement_log_server', ['server', 'date', 'id'])
export class AchievementLogEntity extends LogRowBase {
  @Column({ name: 'ach_id', type: 'varchar', length: 64 })
  achId!: string;

  @Column({ name: 'ach_name', type: 'varchar', length: 128 })
  achName!: string;

  @Column({ name: 'ach_value', type: 'int' })
  achValue!: number;
}
