import { Brackets, DataSource, EntityTarget, SelectQueryBuilder } from 'typeorm';
import {
  AchievementLogRecord,
  EconomyLogRecord,
  LogCursor,
  LogFilter,
  LogKind,
  LogPage,
  LogRecords,
  LogRepository,
  LogTail,
  nickKey,
} from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { PlayerEntity } from '../players/player.entity';
import { AchievementLogEntity } from './achievement-log.entity';
import { EconomyLogEntity } from './economy-log.entity';
import { LogRowBase } from './log-row.base';

const toEconomy = (row: EconomyLogEntity): EconomyLogRecord => ({
  id: row.id,
  eventId: row.eventId,
  nick: row.nick,
  uuid: row.uuid,
  action: row.action,
  sender: row.sender,
  server: row.server,
  oldValue: row.oldValue,
  newValue: row.newValue,
  date: row.date,
  details: row.details === null ? null : (JSON.parse(row.details) as EconomyLogRecord['details']),
});

const toAchievement = (row: AchievementLogEntity): AchievementLogRecord => ({
  id: row.id,
  eventId: row.eventId,
  nick: row.nick,
  uuid: row.uuid,
  achId: row.achId,
  achName: row.achName,
  achValue: row.achValue,
  server: row.server,
  date: row.date,
});

/** What differs between the two logs when they are read; everything else is one path. */
interface LogReader<K extends LogKind> {
  entity: EntityTarget<LogRowBase>;
  toRecord(row: LogRowBase): LogRecords[K];
  /** Whether the public log (latest, stream) shows the row. */
  isPublic(row: LogRowBase): boolean;
  /** The public log's own filter (economy: its public action families, `idx_economy_log_public`). */
  publicOnly(query: SelectQueryBuilder<LogRowBase>): void;
  /** The staff panel's action filter: false when no row of this log can match it. */
  filterAction(query: SelectQueryBuilder<LogRowBase>, action: string): boolean;
}

const READERS: { [K in LogKind]: LogReader<K> } = {
  economy: {
    entity: EconomyLogEntity,
    toRecord: (row) => toEconomy(row as EconomyLogEntity),
    isPublic: (row) => (row as EconomyLogEntity).isPublic,
    publicOnly: (query) => void query.where('l.is_public = :public', { public: true }),
    filterAction: (query, action) => {
      query.andWhere('l.action = :action', { action });
      return true;
    },
  },
  achievements: {
    entity: AchievementLogEntity,
    toRecord: (row) => toAchievement(row as AchievementLogEntity),
    isPublic: () => true,
    publicOnly: () => undefined,
    // The achievement log has a single action; any other action filter matches nothing.
    filterAction: (_query, action) => action === 'ACHIEVEMENT_COMPLETE',
  },
};

/** Newest first = ORDER BY date DESC, id DESC; every query has an index starting with its filter. */
export class TypeOrmLogRepository extends LogRepository {
  /**
   * @param publicReads where the public logs (latest 50) are read: read replicas when configured
   * @param dataSource the primary: the staff panel's searches always read it
   */
  constructor(
    private readonly publicReads: DataSource,
    private readonly dataSource: DataSource = publicReads,
  ) {
    super();
  }

  async tail<K extends LogKind>(kind: K, afterId: number, limit: number): Promise<LogTail<LogRecords[K]>> {
    const reader: LogReader<K> = READERS[kind];
    const rows = await this.dataSource
      .getRepository(reader.entity)
      .createQueryBuilder('l')
      .where('l.id > :afterId', { afterId })
      .orderBy('l.id', 'ASC')
      .limit(limit)
      .getMany();
    return {
      rows: rows.map((row) => ({ id: row.id, record: reader.isPublic(row) ? reader.toRecord(row) : null })),
      inFlight: await this.inFlight(reader.entity, afterId, rows),
    };
  }

  async lastLogIds(): Promise<Record<LogKind, number>> {
    const max = async (entity: EntityTarget<LogRowBase>): Promise<number> => {
      const row = await this.dataSource
        .getRepository(entity)
        .createQueryBuilder('l')
        .select('MAX(l.id)', 'id')
        .getRawOne<{ id: number | string | null }>();
      return Number(row?.id ?? 0);
    };
    return {
      economy: await max(READERS.economy.entity),
      achievements: await max(READERS.achievements.entity),
    };
  }

  /**
   * The ids in the holes of `rows` (after `afterId`) that exist but are not committed yet. Only
   * MySQL/MariaDB can have them (an auto-increment id is taken at insert, visible at commit); they
   * are read with READ UNCOMMITTED, and only when there is a hole. Holes are also left by ids
   * MariaDB took for events a batch found stored already (INSERT IGNORE): those read as no row.
   */
  private async inFlight(
    entity: EntityTarget<LogRowBase>,
    afterId: number,
    rows: Array<{ id: number }>,
  ): Promise<number[]> {
    if (dialectOf(this.dataSource) !== 'mysql' || rows.length === 0) return [];
    const last = rows[rows.length - 1].id;
    if (last - afterId === rows.length) return [];
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.startTransaction('READ UNCOMMITTED');
      const seen = await runner.manager
        .getRepository(entity)
        .createQueryBuilder('l')
        .select('l.id', 'id')
        .where('l.id > :afterId AND l.id < :last', { afterId, last })
        .getRawMany<{ id: number | string }>();
      await runner.commitTransaction();
      const committed = new Set(rows.map((row) => row.id));
      return seen.map((row) => Number(row.id)).filter((id) => !committed.has(id));
    } finally {
      await runner.release();
    }
  }

  async latest<K extends LogKind>(kind: K, limit: number): Promise<Array<LogRecords[K]>> {
    const reader: LogReader<K> = READERS[kind];
    const query = this.publicReads.getRepository(reader.entity).createQueryBuilder('l');
    reader.publicOnly(query);
    const rows = await query.orderBy('l.date', 'DESC').addOrderBy('l.id', 'DESC').limit(limit).getMany();
    return rows.map((row) => reader.toRecord(row));
  }

  async search<K extends LogKind>(
    kind: K,
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
  ): Promise<LogPage<LogRecords[K]>> {
    const reader: LogReader<K> = READERS[kind];
    const query = this.dataSource.getRepository(reader.entity).createQueryBuilder('l');
    if (filter.action !== undefined && !reader.filterAction(query, filter.action)) {
      return { rows: [], next: null };
    }
    return this.page(query, filter, limit, after, (row) => reader.toRecord(row));
  }

  private async page<R>(
    query: SelectQueryBuilder<LogRowBase>,
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
    map: (row: LogRowBase) => R,
  ): Promise<LogPage<R>> {
    let uuid = filter.uuid;
    if (filter.nick !== undefined) {
      const holder = await this.dataSource.getRepository(PlayerEntity).findOne({
        select: { uuid: true },
        where: { nickLower: nickKey(filter.nick) },
        order: { nickSince: 'DESC', uuid: 'DESC' },
      });
      if (!holder || (uuid !== undefined && uuid !== holder.uuid)) return { rows: [], next: null };
      uuid = holder.uuid;
    }
    if (uuid !== undefined) query.andWhere('l.uuid = :uuid', { uuid });
    if (filter.server !== undefined) query.andWhere('l.server = :server', { server: filter.server });
    if (filter.from !== undefined) query.andWhere('l.date >= :from', { from: filter.from });
    if (filter.to !== undefined) query.andWhere('l.date <= :to', { to: filter.to });
    if (after !== null) {
      query.andWhere(
        new Brackets((q) =>
          q
            .where('l.date < :afterDate', { afterDate: after.date })
            .orWhere('(l.date = :afterDate AND l.id < :afterId)', { afterId: after.id }),
        ),
      );
    }
    const rows = await query
      .orderBy('l.date', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .limit(limit + 1)
      .getMany();
    const pageRows = rows.slice(0, limit);
    const last = pageRows[pageRows.length - 1];
    return {
      rows: pageRows.map(map),
      next: rows.length > limit && last ? { date: last.date, id: last.id } : null,
    };
  }
}
