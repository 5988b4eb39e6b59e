import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The initial schema for SQLite. Leaderboard indexes are DESC on the value so that one index walk
 * yields (value DESC, nick_lower ASC, uuid ASC) without a sort.
 */
export class Initial1795293245129 implements MigrationInterface {
  name = 'Initial1795293245129';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "players" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "nick" varchar(32) NOT NULL, "nick_lower" varchar(32) NOT NULL, "nick_since" bigint NOT NULL DEFAULT (0), "discriminator" varchar(4) NOT NULL, "web_group" integer NOT NULL DEFAULT (0), "registred" bigint NOT NULL DEFAULT (0), "last_online" bigint NOT NULL DEFAULT (0), "last_server" varchar(64) NOT NULL DEFAULT (''), "is_online" boolean NOT NULL DEFAULT (0), "played_time" bigint NOT NULL DEFAULT (0), "mc_version" varchar(32) NOT NULL DEFAULT (''), "rank_id" varchar(20) NOT NULL DEFAULT (''), "tag" varchar(64) NOT NULL DEFAULT (''), "discord_id" varchar(20) NOT NULL DEFAULT (''), "global_level" integer NOT NULL DEFAULT (0), "survival_level" integer NOT NULL DEFAULT (0), "survival_experience" bigint NOT NULL DEFAULT (0), "skyblock_level" integer NOT NULL DEFAULT (0), "skyblock_experience" bigint NOT NULL DEFAULT (0), "creative_level" integer NOT NULL DEFAULT (0), "creative_experience" bigint NOT NULL DEFAULT (0), "vanilla_level" integer NOT NULL DEFAULT (0), "vanilla_experience" bigint NOT NULL DEFAULT (0), "prison_level" integer NOT NULL DEFAULT (0), "prison_experience" bigint NOT NULL DEFAULT (0), "skycloud_level" integer NOT NULL DEFAULT (0), "skycloud_experience" bigint NOT NULL DEFAULT (0), "social_status" varchar(256) NOT NULL DEFAULT (''), "social_facebook" varchar(512), "social_twitter" varchar(512), "social_twitch" varchar(512), "social_steam" varchar(512), "social_web" varchar(512), "votes_total" integer NOT NULL DEFAULT (0), "last_vote" bigint NOT NULL DEFAULT (0), "session_server" varchar(64), "session_since" bigint, "deprecated_votetokens" bigint NOT NULL DEFAULT (0), "deprecated_level" integer NOT NULL DEFAULT (0), "deprecated_experience" bigint NOT NULL DEFAULT (0), "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_players_rank" ON "players" ("rank_id")`);
    await queryRunner.query(`CREATE INDEX "idx_players_nick" ON "players" ("nick_lower", "nick_since")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_players_uuid" ON "players" ("uuid")`);
    await queryRunner.query(
      `CREATE TABLE "player_balances" ("player_id" integer NOT NULL, "currency" varchar(24) NOT NULL, "amount" bigint NOT NULL, "as_of" bigint NOT NULL, "nick_lower" varchar(32) NOT NULL, "uuid" varchar(36) NOT NULL, CONSTRAINT "fk_balances_player" FOREIGN KEY ("player_id") REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("player_id", "currency"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_balances_board" ON "player_balances" ("currency", "amount" DESC, "nick_lower", "uuid")`,
    );
    await queryRunner.query(
      `CREATE TABLE "vote_counts" ("player_id" integer NOT NULL, "period" varchar(8) NOT NULL, "period_key" varchar(10) NOT NULL, "votes" integer NOT NULL, "nick_lower" varchar(32) NOT NULL, "uuid" varchar(36) NOT NULL, CONSTRAINT "fk_votes_player" FOREIGN KEY ("player_id") REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("player_id", "period", "period_key"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_votes_board" ON "vote_counts" ("period", "period_key", "votes" DESC, "nick_lower", "uuid")`,
    );
    await queryRunner.query(
      `CREATE TABLE "achievement_log" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "event_id" varchar(64) NOT NULL, "source" varchar(64) NOT NULL, "uuid" varchar(36) NOT NULL, "nick" varchar(32) NOT NULL, "ach_id" varchar(64) NOT NULL, "ach_name" varchar(128) NOT NULL, "ach_value" integer NOT NULL, "server" varchar(64) NOT NULL, "date" bigint NOT NULL, "received_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_achievement_log_server" ON "achievement_log" ("server", "date", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_achievement_log_uuid" ON "achievement_log" ("uuid", "date", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_achievement_log_date" ON "achievement_log" ("date", "id")`);
    await queryRunner.query(
      `CREATE TABLE "economy_log" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "event_id" varchar(64) NOT NULL, "source" varchar(64) NOT NULL, "action" varchar(40) NOT NULL, "uuid" varchar(36) NOT NULL, "nick" varchar(32) NOT NULL, "sender" varchar(64) NOT NULL, "server" varchar(64) NOT NULL, "old_value" varchar(64) NOT NULL, "new_value" varchar(64) NOT NULL, "date" bigint NOT NULL, "is_public" boolean NOT NULL, "details" text, "received_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_economy_log_server" ON "economy_log" ("server", "date", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_economy_log_action" ON "economy_log" ("action", "date", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_economy_log_uuid" ON "economy_log" ("uuid", "date", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_economy_log_date" ON "economy_log" ("date", "id")`);
    await queryRunner.query(
      `CREATE INDEX "idx_economy_log_public" ON "economy_log" ("is_public", "date", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "processed_events" ("source" varchar(64) NOT NULL, "event_id" varchar(64) NOT NULL, "batch_id" varchar(36) NOT NULL, "received_at" bigint NOT NULL, PRIMARY KEY ("source", "event_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "play_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "player_id" integer NOT NULL, "server" varchar(64) NOT NULL, "joined_at" bigint NOT NULL, "quit_at" bigint NOT NULL, "duration" bigint NOT NULL, CONSTRAINT "fk_play_sessions_player" FOREIGN KEY ("player_id") REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_play_sessions_player" ON "play_sessions" ("player_id", "joined_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "staff_accounts" ("player_id" integer PRIMARY KEY NOT NULL, "password_hash" varchar(255) NOT NULL, "password_set_at" bigint NOT NULL, CONSTRAINT "fk_staff_accounts_player" FOREIGN KEY ("player_id") REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE TABLE "counters" ("name" varchar(32) PRIMARY KEY NOT NULL, "value" bigint NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "counters"`);
    await queryRunner.query(`DROP TABLE "staff_accounts"`);
    await queryRunner.query(`DROP TABLE "play_sessions"`);
    await queryRunner.query(`DROP TABLE "processed_events"`);
    await queryRunner.query(`DROP TABLE "economy_log"`);
    await queryRunner.query(`DROP TABLE "achievement_log"`);
    await queryRunner.query(`DROP TABLE "vote_counts"`);
    await queryRunner.query(`DROP TABLE "player_balances"`);
    await queryRunner.query(`DROP TABLE "players"`);
  }
}
