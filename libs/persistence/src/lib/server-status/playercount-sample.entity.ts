import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, tinyintAsBoolean } from '../database/column-types';

/**
 * One Server List Ping result per minute (`GET /server/playercount/history`). The minute is the
 * primary key: every API instance samples the same minute, the first insert wins and the others are
 * ignored, so a minute is stored once however many instances run (ADR 0026).
 */
@Entity('playercount_history')
export class PlayerCountSampleEntity {
  /** Start of the minute, ms since the epoch. */
  @PrimaryColumn({ type: 'bigint', transformer: bigintAsNumber })
  minute!: number;

  @Column({ type: 'int' })
  online!: number;

  /** Slots (`players.max` of the ping); `max` alone reads like the SQL function. */
  @Column({ name: 'max_players', type: 'int' })
  maxPlayers!: number;

  @Column({ name: 'is_online', type: 'boolean', transformer: tinyintAsBoolean })
  isOnline!: boolean;
}
