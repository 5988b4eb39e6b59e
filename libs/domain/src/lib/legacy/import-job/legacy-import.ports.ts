import { LegacyImportEvent } from '../../events/event.types';
import { PlayerProjection, VoteIncrement } from '../../players/player.projection';
import { LegacyProfileRow } from '../legacy-profile';

/**
 * The old system's `player_profile` (port; the read phase): pages by primary key. The adapter is
 * libs/persistence `LegacyProfileReader`.
 */
export abstract class LegacyProfileSource {
  /** The name the source is known by in the checkpoint and the output (no credentials). */
  abstract readonly name: string;
  /** Rows after `afterId` (for the ETA). */
  abstract count(afterId: number): Promise<number>;
  /** Up to `limit` rows with `id > afterId`, by id. */
  abstract page(afterId: number, limit: number): Promise<LegacyProfileRow[]>;
  /** Groups of row ids that are the same player, each by preference (the row to keep first). */
  abstract duplicateUuidGroups(): Promise<number[][]>;
  /** The rows with these ids, by id. */
  abstract rows(ids: readonly number[]): Promise<LegacyProfileRow[]>;
}

/** What the checkpoint table holds for a source. */
export interface LegacyCheckpoint {
  lastId: number;
  imported: number;
  skipped: number;
  /** The as-of of the import (0: not recorded). */
  asOf: number;
}

/** One page's addition to the checkpoint, written in the page's transaction. */
export interface LegacyCheckpointWrite {
  source: string;
  /** The id to record, asked for inside the page's transaction (just before its commit). */
  lastId: () => number;
  /** Rows of the page imported (created or merged). */
  imported: number;
  /** Invalid rows of the page. */
  skipped: number;
  asOf: number;
  updatedAt: number;
}

/** A new player as the domain rules make it from its import event alone. */
export interface ProjectedImport {
  event: LegacyImportEvent;
  player: PlayerProjection;
  votes: VoteIncrement[];
}

/**
 * The craftstats database as the import writes it (port; the load and checkpoint phases). The
 * adapter is libs/persistence `TypeOrmLegacyImportTarget`. Players the database already knows go
 * through the `EventStore` port instead.
 */
export abstract class LegacyImportTarget {
  /** Pages the database can write at once (1 where it has one connection). */
  abstract readonly maxConcurrentPages: number;
  /** The checkpoint of `source`, or null (also for a database that was never migrated). */
  abstract readCheckpoint(source: string): Promise<LegacyCheckpoint | null>;
  /** The `registred` date of each of these players the database knows (none if it has no players table yet). */
  abstract knownPlayers(uuids: readonly string[]): Promise<Map<string, number>>;
  /** Which of these import event ids the log already has. */
  abstract processedIds(eventIds: readonly string[]): Promise<Set<string>>;
  /**
   * One transaction: the players' log rows, processed ids and projections, then the checkpoint.
   * 'conflict' (and nothing written) when one of the players or ids appeared meanwhile.
   */
  abstract createPlayers(
    players: readonly ProjectedImport[],
    receivedAt: number,
    checkpoint: LegacyCheckpointWrite,
  ): Promise<{ registrations: number } | 'conflict'>;
  /** The checkpoint alone, in a transaction of its own. */
  abstract writeCheckpoint(checkpoint: LegacyCheckpointWrite): Promise<void>;
  /** Moves the checkpoint of `source` to at least `lastId` (never back). */
  abstract advanceCheckpoint(source: string, lastId: number): Promise<void>;
}

/**
 * The secondary indexes of the tables the import fills (port; the rebuild-indexes phase, ADR 0062).
 * The adapter is libs/persistence `MysqlLegacyImportIndexes`; SQLite has none to defer.
 */
export abstract class LegacyImportIndexes {
  /** Expected and missing deferrable indexes, or null where the database cannot defer them. */
  abstract state(): Promise<{ expected: number; missing: number } | null>;
  /** True when none of the tables the import fills holds a row. */
  abstract tablesEmpty(): Promise<boolean>;
  /** Drops every deferrable index; returns how many. */
  abstract dropAll(): Promise<number>;
  /** Adds back every deferrable index that is missing (sorted builds); returns how many. */
  abstract addMissing(): Promise<number>;
}
