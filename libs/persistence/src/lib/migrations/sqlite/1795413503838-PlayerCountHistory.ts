import { MigrationInterface, QueryRunner } from 'typeorm';

/** The per-minute Server List Ping history, keyed by the minute (ADR 0026). */
export class PlayerCountHistory1795413503838 implements MigrationInterface {
  name = 'PlayerCountHistory1795413503838';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "playercount_history" ("minute" bigint PRIMARY KEY NOT NULL, "online" integer NOT NULL, "max_players" integer NOT NULL, "is_online" boolean NOT NULL)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "playercount_history"');
  }
}
