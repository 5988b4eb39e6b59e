import { MigrationInterface, QueryRunner } from 'typeorm';

/** Claims that no log row stands for: the count of `processed_events` beyond the two logs' rows. */
const UNLOGGED_CLAIMS =
  'SELECT (SELECT COUNT(*) FROM "processed_events") - (SELECT COUNT(*) FROM "economy_log") ' +
  '- (SELECT COUNT(*) FROM "achievement_log") AS "n"';

/**
 * The log is its own idempotency record (docs/adr/0072-the-log-is-its-own-idempotency-record.md):
 * - each log gets the unique key (source, event_id) that `processed_events` held. Every claim was
 *   written with its log row in one transaction, so the claims are already in the logs: the key
 *   moves, and the claim table is dropped. A database whose claims and log rows do not match (rows
 *   deleted by hand) stops the migration before anything changes;
 * - `play_sessions` is dropped: nothing reads it (the players row keeps the played time and the
 *   open session), and each closed session cost one row write.
 */
export class LogIsIdempotencyRecord1795700000000 implements MigrationInterface {
  name = 'LogIsIdempotencyRecord1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const [row] = (await queryRunner.query(UNLOGGED_CLAIMS)) as Array<{ n: number }>;
    const unlogged = Number(row?.n ?? 0);
    if (unlogged !== 0) {
      throw new Error(
        `processed_events holds ${unlogged} claim(s) more than the economy and achievement logs hold rows ` +
          '(negative: fewer): the logs cannot take over the idempotency keys. Compare processed_events ' +
          'with the logs by (source, event_id) and restore the missing log rows or claims first.',
      );
    }
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_economy_log_event" ON "economy_log" ("source", "event_id")',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_achievement_log_event" ON "achievement_log" ("source", "event_id")',
    );
    await queryRunner.query('DROP TABLE "processed_events"');
    await queryRunner.query('DROP INDEX "idx_play_sessions_player"');
    await queryRunner.query('DROP TABLE "play_sessions"');
  }

  /** The claims come back from the logs; closed sessions are gone (`npm run rebuild` of the version before recreates them). */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "play_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "player_id" integer NOT NULL, ' +
        '"server" varchar(64) NOT NULL, "joined_at" bigint NOT NULL, "quit_at" bigint NOT NULL, "duration" bigint NOT NULL, ' +
        'CONSTRAINT "fk_play_sessions_player" FOREIGN KEY ("player_id") REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_play_sessions_player" ON "play_sessions" ("player_id", "joined_at")',
    );
    await queryRunner.query(
      'CREATE TABLE "processed_events" ("source" varchar(64) NOT NULL, "event_id" varchar(64) NOT NULL, ' +
        '"batch_id" varchar(36) NOT NULL, "received_at" bigint NOT NULL, PRIMARY KEY ("source", "event_id"))',
    );
    for (const log of ['economy_log', 'achievement_log']) {
      await queryRunner.query(
        'INSERT INTO "processed_events" ("source", "event_id", "batch_id", "received_at") ' +
          `SELECT "source", "event_id", 'migrated', "received_at" FROM "${log}"`,
      );
    }
    await queryRunner.query('DROP INDEX "uq_achievement_log_event"');
    await queryRunner.query('DROP INDEX "uq_economy_log_event"');
  }
}
