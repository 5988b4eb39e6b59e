import { MigrationInterface, QueryRunner } from 'typeorm';

/** The per-minute Server List Ping history, keyed by the minute (ADR 0026). */
export class PlayerCountHistory1795413503838 implements MigrationInterface {
  name = 'PlayerCountHistory1795413503838';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `playercount_history` (`minute` bigint NOT NULL, `online` int NOT NULL, `max_players` int NOT NULL, `is_online` tinyint NOT NULL, PRIMARY KEY (`minute`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `playercount_history`');
  }
}
