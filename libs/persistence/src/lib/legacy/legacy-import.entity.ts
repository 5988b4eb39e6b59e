import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/column-types';

/**
 * Progress of `npm run import:legacy` per legacy database: the last `player_profile.id` whose page was
 * committed (in the same transaction as the page), so a killed import resumes after it and a re-run
 * reads only rows added since.
 */
@Entity('legacy_imports')
export class LegacyImportEntity {
  /** `host:port/database` of the legacy database (never its credentials). */
  @PrimaryColumn({ type: 'varchar', length: 191 })
  source!: string;

  @Column({ name: 'last_id', type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastId!: number;

  /** Rows imported so far (all runs). */
  @Column({ type: 'int', default: 0 })
  imported!: number;

  /** Invalid rows skipped so far (all runs). */
  @Column({ type: 'int', default: 0 })
  skipped!: number;

  /**
   * The as-of date (ms) of the run that last wrote this checkpoint (0: written before the column
   * existed). A run without `--as-of` that continues this import dates its rows with it, so a killed
   * import resumed later dates the rest of its rows like the first part, in the same month and week.
   */
  @Column({ name: 'as_of', type: 'bigint', default: 0, transformer: bigintAsNumber })
  asOf!: number;

  @Column({ name: 'updated_at', type: 'bigint', default: 0, transformer: bigintAsNumber })
  updatedAt!: number;
}
