import { MigrationInterface, QueryRunner } from 'typeorm';

export class LegacyImports1795412204007 implements MigrationInterface {
  name = 'LegacyImports1795412204007';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TABLE `legacy_imports` (`source` varchar(191) NOT NULL, `last_id` bigint NOT NULL DEFAULT '0', `imported` int NOT NULL DEFAULT '0', `skipped` int NOT NULL DEFAULT '0', `updated_at` bigint NOT NULL DEFAULT '0', PRIMARY KEY (`source`)) ENGINE=InnoDB",
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `legacy_imports`');
  }
}
