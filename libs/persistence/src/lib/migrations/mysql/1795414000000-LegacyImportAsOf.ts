import { MigrationInterface, QueryRunner } from 'typeorm';

/** The as-of date of a legacy import, kept with its checkpoint so a resumed import dates rows alike. */
export class LegacyImportAsOf1795414000000 implements MigrationInterface {
  name = 'LegacyImportAsOf1795414000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE `legacy_imports` ADD `as_of` bigint NOT NULL DEFAULT '0'");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `legacy_imports` DROP COLUMN `as_of`');
  }
}
