import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Minutes the player brought, summed from the import snapshots in the log (the old `played_time`
 * column, stored as it was: ADR 0068). Read through idx_economy_log_uuid.
 */
const IMPORTED_MINUTES =
  `(SELECT SUM(json_extract(l."details", '$.playedTime')) FROM "economy_log" l ` +
  `WHERE l."uuid" = "players"."uuid" AND l."action" = 'LEGACY_IMPORT')`;

const shiftImportedPlayedTime = (sign: '+' | '-') =>
  `UPDATE "players" SET "played_time" = "played_time" ${sign} 59999 * ${IMPORTED_MINUTES} ` +
  `WHERE "uuid" IN (SELECT "uuid" FROM "economy_log" WHERE "action" = 'LEGACY_IMPORT')`;

/**
 * The old system's `played_time` counted minutes (docs/legacy-clients.md). The legacy import had
 * added it to a player's played time as milliseconds; each imported minute now gains the 59,999 ms it
 * was missing. Live sessions were always milliseconds and stay as they are. The log is not changed: it
 * holds the old column as it was, and replaying it (`npm run rebuild`) gives the same values.
 */
export class LegacyPlayedMinutes1795610825420 implements MigrationInterface {
  name = 'LegacyPlayedMinutes1795610825420';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(shiftImportedPlayedTime('+'));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(shiftImportedPlayedTime('-'));
  }
}
