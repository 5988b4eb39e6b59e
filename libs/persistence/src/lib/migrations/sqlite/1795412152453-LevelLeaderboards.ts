import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Level leaderboards (ADR 0025): per mode an index (level, experience, nick_lower, uuid) on players, so
 * the top 50 is read by index range scans whose cost does not depend on the number of players.
 */
export class LevelLeaderboards1795412152453 implements MigrationInterface {
  name = 'LevelLeaderboards1795412152453';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_global" ON "players" ("global_level", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_survival" ON "players" ("survival_level", "survival_experience", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_skyblock" ON "players" ("skyblock_level", "skyblock_experience", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_creative" ON "players" ("creative_level", "creative_experience", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_vanilla" ON "players" ("vanilla_level", "vanilla_experience", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_prison" ON "players" ("prison_level", "prison_experience", "nick_lower", "uuid")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_players_level_skycloud" ON "players" ("skycloud_level", "skycloud_experience", "nick_lower", "uuid")',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_players_level_skycloud"');
    await queryRunner.query('DROP INDEX "idx_players_level_prison"');
    await queryRunner.query('DROP INDEX "idx_players_level_vanilla"');
    await queryRunner.query('DROP INDEX "idx_players_level_creative"');
    await queryRunner.query('DROP INDEX "idx_players_level_skyblock"');
    await queryRunner.query('DROP INDEX "idx_players_level_survival"');
    await queryRunner.query('DROP INDEX "idx_players_level_global"');
  }
}
