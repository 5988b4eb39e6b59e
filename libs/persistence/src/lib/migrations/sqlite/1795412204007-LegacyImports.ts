import { MigrationInterface, QueryRunner } from 'typeorm';

export class LegacyImports1795412204007 implements MigrationInterface {
  name = 'LegacyImports1795412204007';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "legacy_imports" ("source" varchar(191) PRIMARY KEY NOT NULL, "last_id" bigint NOT NULL DEFAULT (0), "imported" integer NOT NULL DEFAULT (0), "skipped" integer NOT NULL DEFAULT (0), "updated_at" bigint NOT NULL DEFAULT (0))',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "legacy_imports"');
  }
}
