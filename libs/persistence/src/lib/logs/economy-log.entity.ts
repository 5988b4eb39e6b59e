import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber, tinyintAsBoolean } from '../database/column-types';

/**
 * The record of truth: every event a game server sent (except achievement completions, which have
 * their own log). `public` marks the seed's action families shown by GET /economy/log.
 */
@Entity('economy_log')
@Index('idx_economy_log_public', ['isPublic', 'date', 'id'])
@Index('idx_economy_log_date', ['date', 'id'])
@Index('idx_economy_log_uuid', ['uuid', 'date', 'id'])
@Index('idx_economy_log_action', ['action', 'date', 'id'])
@Index('idx_economy_log_server', ['server', 'date', 'id'])
export class EconomyLogEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  /** The ingest credential (server name) that sent the event. */
  @Column({ type: 'varchar', length: 64 })
  source!: string;

  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Column({ type: 'varchar', length: 32 })
  nick!: string;

  @Column({ type: 'varchar', length: 64 })
  sender!: string;

  @Column({ type: 'varchar', length: 64 })
  server!: string;

  @Column({ name: 'old_value', type: 'varchar', length: 64 })
  oldValue!: string;

  @Column({ name: 'new_value', type: 'varchar', length: 64 })
  newValue!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  date!: number;

  @Column({ name: 'is_public', type: 'boolean', transformer: tinyintAsBoolean })
  isPublic!: boolean;

  /** Action-specific fields (site, mc_version, mode/level/experience, social links) as JSON text. */
  @Column({ type: 'text', nullable: true, default: null })
  details!: string | null;

  @Column({ name: 'received_at', type: 'bigint', transformer: bigintAsNumber })
  receivedAt!: number;
}
