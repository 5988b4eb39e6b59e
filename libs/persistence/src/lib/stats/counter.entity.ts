import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';

/** Counters kept in the ingest transaction (e.g. registered players), so reading them is O(1). */
@Entity('counters')
export class CounterEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name!: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  value!: number;
}
