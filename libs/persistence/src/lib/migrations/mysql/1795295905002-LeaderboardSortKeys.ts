import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaderboards on an all-ascending index: sort_key = -value, so (…, sort_key, nick_lower, uuid) gives
 * value DESC, nick ASC, uuid ASC without a DESC index, which MariaDB 10.6/10.7 ignore (ADR 0004).
 * Also: rank_since (a late, older rank event no longer undoes a newer one) and the registered-players
 * counter, which now counts registrations instead of every player row.
 */
export class LeaderboardSortKeys1795295905002 implements MigrationInterface {
  name = 'LeaderboardSortKeys1795295905002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `idx_balances_board` ON `player_balances`');
    await queryRunner.query('DROP INDEX `idx_votes_board` ON `vote_counts`');
    await queryRunner.query("ALTER TABLE `players` ADD `rank_since` bigint NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE `player_balances` ADD `sort_key` bigint NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE `vote_counts` ADD `sort_key` int NOT NULL DEFAULT '0'");
    await queryRunner.query('UPDATE `player_balances` SET `sort_key` = -`amount`');
    await queryRunner.query('UPDATE `vote_counts` SET `sort_key` = -`votes`');
    await queryRunner.query(
      'CREATE INDEX `idx_balances_board` ON `player_balances` (`currency`, `sort_key`, `nick_lower`, `uuid`)',
    );
    await queryRunner.query(
      'CREATE INDEX `idx_votes_board` ON `vote_counts` (`period`, `period_key`, `sort_key`, `nick_lower`, `uuid`)',
    );
    await queryRunner.query("DELETE FROM `counters` WHERE `name` = 'players'");
    await queryRunner.query(
      "INSERT INTO `counters` (`name`, `value`) SELECT 'registered_players', COUNT(*) FROM `players` WHERE `registred` > 0",
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM `counters` WHERE `name` = 'registered_players'");
    await queryRunner.query(
      "INSERT INTO `counters` (`name`, `value`) SELECT 'players', COUNT(*) FROM `players`",
    );
    await queryRunner.query('DROP INDEX `idx_votes_board` ON `vote_counts`');
    await queryRunner.query('DROP INDEX `idx_balances_board` ON `player_balances`');
    await queryRunner.query('ALTER TABLE `vote_counts` DROP COLUMN `sort_key`');
    await queryRunner.query('ALTER TABLE `player_balances` DROP COLUMN `sort_key`');
    await queryRunner.query('ALTER TABLE `players` DROP COLUMN `rank_since`');
    await queryRunner.query(
      'CREATE INDEX `idx_votes_board` ON `vote_counts` (`period`, `period_key`, `votes` DESC, `nick_lower`, `uuid`)',
    );
    await queryRunner.query(
      'CREATE INDEX `idx_balances_board` ON `player_balances` (`currency`, `amount` DESC, `nick_lower`, `uuid`)',
    );
  }
}
