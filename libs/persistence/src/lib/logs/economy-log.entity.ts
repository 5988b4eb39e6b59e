import { Column, Entity, Index } from 'typeorm';
import { tinyintAsBoolean } from '../database/column-types';
import { LogRowBase } from './log-row.base';

/**
 * The record of truth: every event a game server sent (except achievement completions, which have
 * their own log). `public` marks the original API's action families shown by GET /economy/log.
 */
@Entity('economy_log')
@Index('uq_economy_log_event', ['source', 'eventId'], { unique: true })
@Index('idx_economy_log_public', ['isPublic', 'date', 'id'])
@Index('idx_economy_log_date', ['date', 'id'])
@Index('idx_economy_log_uuid', ['uuid', 'date', 'id'])
@Index('idx_economy_log_action', ['action', 'date', 'id'])
@Index('idx_economy_log_server', ['server', 'date', 'id'])
export class EconomyLogEntity extends LogRowBase {
  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'varchar', length: 64 })
  sender!: string;

  @Column({ name: 'old_value', type: 'varchar', length: 64 })
  oldValue!: string;

  @Column({ name: 'new_value', type: 'varchar', length: 64 })
  newValue!: string;

  @Column({ name: 'is_public', type: 'boolean', transformer: tinyintAsBoolean })
  isPublic!: boolean;

  /** Action-specific fields (site, mc_version, mode/level/experience, social links) as JSON text. */
  @Column({ type: 'text', nullable: true, default: null })
  details!: string | null;
}
