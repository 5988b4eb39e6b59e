import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaderboards on an all-ascending index (sort_key = -value), rank_since, and the registered-players
 * counter — see the MySQL migration of the same name. Columns are added in place (no table rebuild).
 */
export class LeaderboardSortKeys1795295905002 implements MigrationInterface {
  name = 'LeaderboardSortKeys1795295905002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_balances_board"');
    await queryRunner.query('DROP INDEX "idx_votes_board"');
    await queryRunner.query('ALTER TABLE "players" ADD COLUMN "rank_since" bigint NOT NULL DEFAULT (0)');
    await queryRunner.query(
      'ALTER TABLE "player_balances" ADD COLUMN "sort_key" bigint NOT NULL DEFAULT (0)',
    );
    await queryRunner.query('ALTER TABLE "vote_counts" ADD COLUMN "sort_key" integer NOT NULL DEFAULT (0)');
    await queryRunner.query('UPDATE "player_balances" SET "sort_key" = -"amount"');
    await queryRunner.query('UPDATE "vote_counts" SET "sort_key" = -"votes"');
    await queryRunner.query(
      'CREATE INDEX "idx_balances_board" ON "player_balances" ("currency", "sort_key", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_votes_board" ON "vote_counts" ("period", "period_key", "sort_key", "nick_lower", "uuid")',
    );
    await queryRunner.query(`DELETE FROM "counters" WHERE "name" = 'players'`);
    await queryRunner.query(
      `INSERT INTO "counters" ("name", "value") SELECT 'registered_players', COUNT(*) FROM "players" WHERE "registred" > 0`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "counters" WHERE "name" = 'registered_players'`);
    await queryRunner.query(
      `INSERT INTO "counters" ("name", "value") SELECT 'players', COUNT(*) FROM "players"`,
    );
    await queryRunner.query('DROP INDEX "idx_votes_board"');
    await queryRunner.query('DROP INDEX "idx_balances_board"');
    await queryRunner.query('ALTER TABLE "vote_counts" DROP COLUMN "sort_key"');
    await queryRunner.query('ALTER TABLE "player_balances" DROP COLUMN "sort_key"');
    await queryRunner.query('ALTER TABLE "players" DROP COLUMN "rank_since"');
    await queryRunner.query(
      'CREATE INDEX "idx_votes_board" ON "vote_counts" ("period", "period_key", "votes" DESC, "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_balances_board" ON "player_balances" ("currency", "amount" DESC, "nick_lower", "uuid")',
    );
  }
}
