import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The initial schema for MySQL 8 / MariaDB 10.6+. Leaderboard indexes are DESC on the value (one index
 * walk yields value DESC, nick_lower ASC, uuid ASC); keys compared byte-wise (nick_lower, uuid, event
 * ids) use ascii_bin so that ties order exactly as on SQLite.
 */
export class Initial1795293245129 implements MigrationInterface {
  name = 'Initial1795293245129';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TABLE `players` (`id` int NOT NULL AUTO_INCREMENT, `uuid` varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `nick` varchar(32) NOT NULL, `nick_lower` varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `nick_since` bigint NOT NULL DEFAULT '0', `discriminator` varchar(4) NOT NULL, `web_group` int NOT NULL DEFAULT '0', `registred` bigint NOT NULL DEFAULT '0', `last_online` bigint NOT NULL DEFAULT '0', `last_server` varchar(64) NOT NULL DEFAULT '', `is_online` tinyint NOT NULL DEFAULT 0, `played_time` bigint NOT NULL DEFAULT '0', `mc_version` varchar(32) NOT NULL DEFAULT '', `rank_id` varchar(20) NOT NULL DEFAULT '', `tag` varchar(64) NOT NULL DEFAULT '', `discord_id` varchar(20) NOT NULL DEFAULT '', `global_level` int NOT NULL DEFAULT '0', `survival_level` int NOT NULL DEFAULT '0', `survival_experience` bigint NOT NULL DEFAULT '0', `skyblock_level` int NOT NULL DEFAULT '0', `skyblock_experience` bigint NOT NULL DEFAULT '0', `creative_level` int NOT NULL DEFAULT '0', `creative_experience` bigint NOT NULL DEFAULT '0', `vanilla_level` int NOT NULL DEFAULT '0', `vanilla_experience` bigint NOT NULL DEFAULT '0', `prison_level` int NOT NULL DEFAULT '0', `prison_experience` bigint NOT NULL DEFAULT '0', `skycloud_level` int NOT NULL DEFAULT '0', `skycloud_experience` bigint NOT NULL DEFAULT '0', `social_status` varchar(256) NOT NULL DEFAULT '', `social_facebook` varchar(512) NULL, `social_twitter` varchar(512) NULL, `social_twitch` varchar(512) NULL, `social_steam` varchar(512) NULL, `social_web` varchar(512) NULL, `votes_total` int NOT NULL DEFAULT '0', `last_vote` bigint NOT NULL DEFAULT '0', `session_server` varchar(64) NULL, `session_since` bigint NULL, `deprecated_votetokens` bigint NOT NULL DEFAULT '0', `deprecated_level` int NOT NULL DEFAULT '0', `deprecated_experience` bigint NOT NULL DEFAULT '0', `created_at` bigint NOT NULL, INDEX `idx_players_rank` (`rank_id`), INDEX `idx_players_nick` (`nick_lower`, `nick_since`), UNIQUE INDEX `uq_players_uuid` (`uuid`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
    );
    await queryRunner.query(
      'CREATE TABLE `player_balances` (`player_id` int NOT NULL, `currency` varchar(24) NOT NULL, `amount` bigint NOT NULL, `as_of` bigint NOT NULL, `nick_lower` varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `uuid` varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, INDEX `idx_balances_board` (`currency`, `amount` DESC, `nick_lower`, `uuid`), PRIMARY KEY (`player_id`, `currency`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `vote_counts` (`player_id` int NOT NULL, `period` varchar(8) NOT NULL, `period_key` varchar(10) NOT NULL, `votes` int NOT NULL, `nick_lower` varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `uuid` varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, INDEX `idx_votes_board` (`period`, `period_key`, `votes` DESC, `nick_lower`, `uuid`), PRIMARY KEY (`player_id`, `period`, `period_key`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `achievement_log` (`id` int UNSIGNED NOT NULL AUTO_INCREMENT, `event_id` varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `source` varchar(64) NOT NULL, `uuid` varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `nick` varchar(32) NOT NULL, `ach_id` varchar(64) NOT NULL, `ach_name` varchar(128) NOT NULL, `ach_value` int NOT NULL, `server` varchar(64) NOT NULL, `date` bigint NOT NULL, `received_at` bigint NOT NULL, INDEX `idx_achievement_log_server` (`server`, `date`, `id`), INDEX `idx_achievement_log_uuid` (`uuid`, `date`, `id`), INDEX `idx_achievement_log_date` (`date`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `economy_log` (`id` int UNSIGNED NOT NULL AUTO_INCREMENT, `event_id` varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `source` varchar(64) NOT NULL, `action` varchar(40) NOT NULL, `uuid` varchar(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `nick` varchar(32) NOT NULL, `sender` varchar(64) NOT NULL, `server` varchar(64) NOT NULL, `old_value` varchar(64) NOT NULL, `new_value` varchar(64) NOT NULL, `date` bigint NOT NULL, `is_public` tinyint NOT NULL, `details` text NULL, `received_at` bigint NOT NULL, INDEX `idx_economy_log_server` (`server`, `date`, `id`), INDEX `idx_economy_log_action` (`action`, `date`, `id`), INDEX `idx_economy_log_uuid` (`uuid`, `date`, `id`), INDEX `idx_economy_log_date` (`date`, `id`), INDEX `idx_economy_log_public` (`is_public`, `date`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `processed_events` (`source` varchar(64) NOT NULL, `event_id` varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, `batch_id` varchar(36) NOT NULL, `received_at` bigint NOT NULL, PRIMARY KEY (`source`, `event_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `play_sessions` (`id` int UNSIGNED NOT NULL AUTO_INCREMENT, `player_id` int NOT NULL, `server` varchar(64) NOT NULL, `joined_at` bigint NOT NULL, `quit_at` bigint NOT NULL, `duration` bigint NOT NULL, INDEX `idx_play_sessions_player` (`player_id`, `joined_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `staff_accounts` (`player_id` int NOT NULL, `password_hash` varchar(255) NOT NULL, `password_set_at` bigint NOT NULL, PRIMARY KEY (`player_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `counters` (`name` varchar(32) NOT NULL, `value` bigint NOT NULL, PRIMARY KEY (`name`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'ALTER TABLE `player_balances` ADD CONSTRAINT `fk_balances_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `vote_counts` ADD CONSTRAINT `fk_votes_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `play_sessions` ADD CONSTRAINT `fk_play_sessions_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `staff_accounts` ADD CONSTRAINT `fk_staff_accounts_player` FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `staff_accounts` DROP FOREIGN KEY `fk_staff_accounts_player`');
    await queryRunner.query('ALTER TABLE `play_sessions` DROP FOREIGN KEY `fk_play_sessions_player`');
    await queryRunner.query('ALTER TABLE `vote_counts` DROP FOREIGN KEY `fk_votes_player`');
    await queryRunner.query('ALTER TABLE `player_balances` DROP FOREIGN KEY `fk_balances_player`');
    await queryRunner.query('DROP TABLE `counters`');
    await queryRunner.query('DROP TABLE `staff_accounts`');
    await queryRunner.query('DROP INDEX `idx_play_sessions_player` ON `play_sessions`');
    await queryRunner.query('DROP TABLE `play_sessions`');
    await queryRunner.query('DROP TABLE `processed_events`');
    await queryRunner.query('DROP INDEX `idx_economy_log_public` ON `economy_log`');
    await queryRunner.query('DROP INDEX `idx_economy_log_date` ON `economy_log`');
    await queryRunner.query('DROP INDEX `idx_economy_log_uuid` ON `economy_log`');
    await queryRunner.query('DROP INDEX `idx_economy_log_action` ON `economy_log`');
    await queryRunner.query('DROP INDEX `idx_economy_log_server` ON `economy_log`');
    await queryRunner.query('DROP TABLE `economy_log`');
    await queryRunner.query('DROP INDEX `idx_achievement_log_date` ON `achievement_log`');
    await queryRunner.query('DROP INDEX `idx_achievement_log_uuid` ON `achievement_log`');
    await queryRunner.query('DROP INDEX `idx_achievement_log_server` ON `achievement_log`');
    await queryRunner.query('DROP TABLE `achievement_log`');
    await queryRunner.query('DROP INDEX `idx_votes_board` ON `vote_counts`');
    await queryRunner.query('DROP TABLE `vote_counts`');
    await queryRunner.query('DROP INDEX `idx_balances_board` ON `player_balances`');
    await queryRunner.query('DROP TABLE `player_balances`');
    await queryRunner.query('DROP INDEX `uq_players_uuid` ON `players`');
    await queryRunner.query('DROP INDEX `idx_players_nick` ON `players`');
    await queryRunner.query('DROP INDEX `idx_players_rank` ON `players`');
    await queryRunner.query('DROP TABLE `players`');
  }
}
