import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Minutes each imported player brought, summed from the snapshots in the log (the old `played_time`
 * column, stored as it was: ADR 0068). Read through idx_economy_log_action.
 */
const IMPORTED_MINUTES =
  "SELECT `uuid`, SUM(CAST(JSON_EXTRACT(`details`, '$.playedTime') AS UNSIGNED)) AS `minutes` " +
  "FROM `economy_log` WHERE `action` = 'LEGACY_IMPORT' GROUP BY `uuid`";

const shiftImportedPlayedTime = (sign: '+' | '-') =>
  `UPDATE \`players\` p JOIN (${IMPORTED_MINUTES}) l ON l.\`uuid\` = p.\`uuid\` ` +
  `SET p.\`played_time\` = p.\`played_time\` ${sign} l.\`minutes\` * 59999`;

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
