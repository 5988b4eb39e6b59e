import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';

/**
 * Idempotency keys: one row per event id per sending server. The primary key makes the database,
 * not process memory, decide whether an event was already applied, across processes and retries.
 */
@Entity('processed_events')
export class ProcessedEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  source!: string;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  /** The batch (transaction) that stored the event: tells this batch's new ids from duplicates. */
  @Column({ name: 'batch_id', type: 'varchar', length: 36 })
  batchId!: string;

  @Column({ name: 'received_at', type: 'bigint', transformer: bigintAsNumber })
  receivedAt!: number;
}
