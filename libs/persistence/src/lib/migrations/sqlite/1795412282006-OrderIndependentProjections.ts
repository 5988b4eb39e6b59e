import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * players.last_event_* — the newest event folded into the row (ADR 0015). Existing rows get the
 * largest date, so each player's next event replays that player from the log. SQLite already compares
 * text byte for byte (BINARY), so no key changes collation here (ADR 0016).
 */
export class OrderIndependentProjections1795412282006 implements MigrationInterface {
  name = 'OrderIndependentProjections1795412282006';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "players" ADD COLUMN "last_event_date" bigint NOT NULL DEFAULT (0)');
    await queryRunner.query(
      `ALTER TABLE "players" ADD COLUMN "last_event_id" varchar(64) NOT NULL DEFAULT ('')`,
    );
    await queryRunner.query(
      `ALTER TABLE "players" ADD COLUMN "last_event_source" varchar(64) NOT NULL DEFAULT ('')`,
    );
    await queryRunner.query('UPDATE "players" SET "last_event_date" = 9007199254740991');
    // Nick lookups: newest claim first, equal claims by uuid — read backwards off the index, no sort.
    await queryRunner.query('DROP INDEX "idx_players_nick"');
    await queryRunner.query(
      'CREATE INDEX "idx_players_nick" ON "players" ("nick_lower", "nick_since", "uuid")',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_players_nick"');
    await queryRunner.query('CREATE INDEX "idx_players_nick" ON "players" ("nick_lower", "nick_since")');
    await queryRunner.query('ALTER TABLE "players" DROP COLUMN "last_event_source"');
    await queryRunner.query('ALTER TABLE "players" DROP COLUMN "last_event_id"');
    await queryRunner.query('ALTER TABLE "players" DROP COLUMN "last_event_date"');
  }
}
