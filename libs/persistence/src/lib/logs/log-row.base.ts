import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';

/**
 * The columns every log row has, whatever its kind (docs/adr/0072-the-log-is-its-own-idempotency-record.md):
 * the row id (each log's own sequence: the stream cursors and the panel's keyset), the event's id and
 * sending server, the player, where and when. Each log table adds its kind's columns and declares
 * `uq_<table>_event` on (source, event_id): the key that makes a stored event a duplicate.
 */
export abstract class LogRowBase {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  /** The ingest credential (server name) that sent the event. */
  @Column({ type: 'varchar', length: 64 })
  source!: string;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Column({ type: 'varchar', length: 32 })
  nick!: string;

  @Column({ type: 'varchar', length: 64 })
  server!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  date!: number;

  @Column({ name: 'received_at', type: 'bigint', transformer: bigintAsNumber })
  receivedAt!: number;
}
