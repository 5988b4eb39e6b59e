import { DataSource, EntityManager, In } from 'typeorm';
import {
  EventStore,
  LEGACY_SOURCE,
  LegacyCheckpoint,
  LegacyCheckpointWrite,
  LegacyImportIndexes,
  LegacyImportTarget,
  ProjectedImport,
} from '@craftstats/domain';
import { Dialect, dialectOf } from '../database/data-source';
import { chunk, greatestSql, quoteIdentifier, upsertSql } from '../database/sql-dialect';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { BulkWriteMode, bulkWriteMode, writeNewPlayers } from './legacy-import.bulk';
import { MysqlLegacyImportIndexes, NoDeferredIndexes } from './legacy-import.indexes';

function isDuplicateKey(error: unknown): boolean {
  const code =
    (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ??
    (error as { code?: string })?.code;
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The legacy import's writes to the craftstats database (adapter of the domain's `LegacyImportTarget`). */
export class TypeOrmLegacyImportTarget extends LegacyImportTarget {
  readonly maxConcurrentPages: number;
  private readonly dialect: Dialect;
  private mode: Promise<BulkWriteMode> | undefined;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.dialect = dialectOf(dataSource);
    // SQLite has one connection: one page at a time.
    this.maxConcurrentPages = this.dialect === 'sqlite' ? 1 : Number.POSITIVE_INFINITY;
  }

  private q(name: string): string {
    return quoteIdentifier(this.dialect, name);
  }

  /**
   * Read with `SELECT *` so that a dry run also works against a database whose schema predates a
   * checkpoint column (a dry run migrates nothing): a missing column reads as its default.
   */
  async readCheckpoint(source: string): Promise<LegacyCheckpoint | null> {
    let rows: Array<Record<string, unknown>>;
    try {
      rows = await this.dataSource.query(
        `SELECT * FROM ${this.q('legacy_imports')} WHERE ${this.q('source')} = ?`,
        [source],
      );
    } catch (error) {
      // A dry run against a database that was never migrated: nothing imported yet.
      if (/legacy_imports/.test(String(error))) return null;
      throw error;
    }
    const row = rows[0];
    if (row === undefined) return null;
    const number = (column: string) => Number(row[column] ?? 0);
    return {
      lastId: number('last_id'),
      imported: number('imported'),
      skipped: number('skipped'),
      asOf: number('as_of'),
    };
  }

  async knownPlayers(uuids: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    try {
      for (const part of chunk(uuids, 1000)) {
        const rows: Array<{ uuid: string; registred: number | string }> = await this.dataSource.query(
          `SELECT ${this.q('uuid')} AS uuid, ${this.q('registred')} AS registred FROM ${this.q('players')} ` +
            `WHERE ${this.q('uuid')} IN (${part.map(() => '?').join(', ')})`,
          part,
        );
        for (const row of rows) found.set(row.uuid, Number(row.registred));
      }
    } catch (error) {
      // Only a dry run can meet a database that was never migrated (a run migrates first): nobody known.
      if (/players/.test(String(error))) return new Map();
      throw error;
    }
    return found;
  }

  async processedIds(eventIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunk(eventIds, 1000)) {
      // The economy log's unique (source, event_id) key is the idempotency record (ADR 0072).
      const rows = await this.dataSource.getRepository(EconomyLogEntity).find({
        select: { eventId: true },
        where: { source: LEGACY_SOURCE, eventId: In(part) },
      });
      for (const row of rows) found.add(row.eventId);
    }
    return found;
  }

  async createPlayers(
    players: readonly ProjectedImport[],
    receivedAt: number,
    checkpoint: LegacyCheckpointWrite,
  ): Promise<{ registrations: number } | 'conflict'> {
    // Asked once per import, on its first write (a dry run never asks).
    this.mode ??= bulkWriteMode(this.dataSource.manager, this.dialect);
    const mode = await this.mode;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const written = await writeNewPlayers(
          manager,
          this.dialect,
          players,
          LEGACY_SOURCE,
          receivedAt,
          mode,
        );
        await this.checkpointIn(manager, checkpoint);
        return written;
      });
    } catch (error) {
      if (isDuplicateKey(error)) return 'conflict';
      throw error;
    }
  }

  async writeCheckpoint(checkpoint: LegacyCheckpointWrite): Promise<void> {
    await this.dataSource.transaction((manager) => this.checkpointIn(manager, checkpoint));
  }

  async advanceCheckpoint(source: string, lastId: number): Promise<void> {
    const lastIdColumn = this.q('last_id');
    await this.dataSource.query(
      `UPDATE ${this.q('legacy_imports')} SET ${lastIdColumn} = ${greatestSql(this.dialect, lastIdColumn, '?')} ` +
        `WHERE ${this.q('source')} = ?`,
      [lastId, source],
    );
  }

  private async checkpointIn(manager: EntityManager, checkpoint: LegacyCheckpointWrite): Promise<void> {
    await manager.query(
      upsertSql(
        this.dialect,
        'legacy_imports',
        ['source', 'last_id', 'imported', 'skipped', 'as_of', 'updated_at'],
        1,
        ['source'],
        { max: ['last_id'], increment: ['imported', 'skipped'], replace: ['as_of', 'updated_at'] },
      ),
      [
        checkpoint.source,
        checkpoint.lastId(),
        checkpoint.imported,
        checkpoint.skipped,
        checkpoint.asOf,
        checkpoint.updatedAt,
      ],
    );
  }
}

/**
 * The adapters of the legacy import job's ports on the craftstats database (the CLI's wiring, as
 * `PersistenceModule` wires the apps'): the target, its deferrable indexes and the event store.
 */
export function legacyImportPorts(dataSource: DataSource): {
  target: LegacyImportTarget;
  indexes: LegacyImportIndexes;
  events: EventStore;
} {
  return {
    target: new TypeOrmLegacyImportTarget(dataSource),
    indexes:
      dialectOf(dataSource) === 'mysql' ? new MysqlLegacyImportIndexes(dataSource) : new NoDeferredIndexes(),
    events: new TypeOrmEventStore(dataSource),
  };
}
