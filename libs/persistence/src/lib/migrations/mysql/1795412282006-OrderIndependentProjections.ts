import { MigrationInterface, QueryRunner } from 'typeorm';

const BIN = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
const CI = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';
const ASCII_BIN = 'CHARACTER SET ascii COLLATE ascii_bin';

/** Keys compared byte for byte, as SQLite compares them (ADR 0016): [table, column, definition]. */
const BYTE_KEYS: Array<[string, string, string]> = [
  ['processed_events', 'source', 'varchar(64) %s NOT NULL'],
  ['processed_events', 'batch_id', 'varchar(36) %s NOT NULL'],
  ['economy_log', 'source', 'varchar(64) %s NOT NULL'],
  ['economy_log', 'server', 'varchar(64) %s NOT NULL'],
  ['economy_log', 'sender', 'varchar(64) %s NOT NULL'],
  ['economy_log', 'action', 'varchar(40) %s NOT NULL'],
  ['achievement_log', 'source', 'varchar(64) %s NOT NULL'],
  ['achievement_log', 'server', 'varchar(64) %s NOT NULL'],
  ['achievement_log', 'ach_id', 'varchar(64) %s NOT NULL'],
  ['play_sessions', 'server', 'varchar(64) %s NOT NULL'],
  ['players', 'last_server', "varchar(64) %s NOT NULL DEFAULT ''"],
  ['players', 'session_server', 'varchar(64) %s NULL'],
  ['players', 'rank_id', "varchar(20) %s NOT NULL DEFAULT ''"],
  ['player_balances', 'currency', 'varchar(24) %s NOT NULL'],
  ['vote_counts', 'period', 'varchar(8) %s NOT NULL'],
  ['vote_counts', 'period_key', 'varchar(10) %s NOT NULL'],
  ['counters', 'name', 'varchar(32) %s NOT NULL'],
];

/**
 * Projections independent of arrival order (ADR 0015) and byte-compared keys (ADR 0016):
 * - players.last_event_* — the newest event folded into the row. Existing rows get the largest date,
 *   so each player's next event replays that player from the log (run `npm run rebuild` to do it at once);
 * - every key the service compares exactly (sources, event and achievement ids, server names, ranks,
 *   currencies, periods, counter names) becomes binary: `Lobby` and `lobby` are two servers, as on SQLite.
 */
export class OrderIndependentProjections1795412282006 implements MigrationInterface {
  name = 'OrderIndependentProjections1795412282006';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`players\` ADD \`last_event_date\` bigint NOT NULL DEFAULT '0', ` +
        `ADD \`last_event_id\` varchar(64) ${ASCII_BIN} NOT NULL DEFAULT '', ` +
        `ADD \`last_event_source\` varchar(64) ${BIN} NOT NULL DEFAULT ''`,
    );
    await queryRunner.query('UPDATE `players` SET `last_event_date` = 9007199254740991');
    // Nick lookups: newest claim first, equal claims by uuid — read backwards off the index, no sort.
    await queryRunner.query('DROP INDEX `idx_players_nick` ON `players`');
    await queryRunner.query(
      'CREATE INDEX `idx_players_nick` ON `players` (`nick_lower`, `nick_since`, `uuid`)',
    );
    for (const [table, column, definition] of BYTE_KEYS) {
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`${column}\` ${definition.replace('%s', BIN)}`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, definition] of [...BYTE_KEYS].reverse()) {
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`${column}\` ${definition.replace('%s', CI)}`,
      );
    }
    await queryRunner.query('DROP INDEX `idx_players_nick` ON `players`');
    await queryRunner.query('CREATE INDEX `idx_players_nick` ON `players` (`nick_lower`, `nick_since`)');
    await queryRunner.query(
      'ALTER TABLE `players` DROP COLUMN `last_event_source`, DROP COLUMN `last_event_id`, DROP COLUMN `last_event_date`',
    );
  }
}
