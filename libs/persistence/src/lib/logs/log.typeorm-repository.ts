import { Brackets, DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import {
  AchievementLogRecord,
  EconomyLogRecord,
  LogCursor,
  LogFilter,
  LogPage,
  LogRepository,
  LogTail,
  nickKey,
} from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { PlayerEntity } from '../players/player.entity';
import { AchievementLogEntity } from './achievement-log.entity';
import { EconomyLogEntity } from './economy-log.entity';

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

  async tailEconomy(afterId: number, limit: number): Promise<LogTail<EconomyLogRecord>> {
    const rows = await this.dataSource
      .getRepository(EconomyLogEntity)
      .createQueryBuilder('l')
      .where('l.id > :afterId', { afterId })
      .orderBy('l.id', 'ASC')
      .limit(limit)
      .getMany();
    return {
      rows: rows.map((row) => ({ id: row.id, record: row.isPublic ? toEconomy(row) : null })),
      inFlight: await this.inFlight('economy_log', afterId, rows),
    };
  }

  async tailAchievements(afterId: number, limit: number): Promise<LogTail<AchievementLogRecord>> {
    const rows = await this.dataSource
      .getRepository(AchievementLogEntity)
      .createQueryBuilder('l')
      .where('l.id > :afterId', { afterId })
      .orderBy('l.id', 'ASC')
      .limit(limit)
      .getMany();
    return {
      rows: rows.map((row) => ({ id: row.id, record: toAchievement(row) })),
      inFlight: await this.inFlight('achievement_log', afterId, rows),
    };
  }

  async lastLogIds(): Promise<{ economy: number; achievements: number }> {
    const max = async (table: string): Promise<number> => {
      const [row] = (await this.dataSource.query(`SELECT MAX(id) AS id FROM ${table}`)) as {
        id: number | string | null;
      }[];
      return Number(row?.id ?? 0);
    };
    return { economy: await max('economy_log'), achievements: await max('achievement_log') };
  }

  /**
   * The ids in the holes of `rows` (after `afterId`) that exist but are not committed yet. Only
   * MySQL/MariaDB can have them (an auto-increment id is taken at insert, visible at commit); they
   * are read with READ UNCOMMITTED, and only when there is a hole, which is rare.
   */
  private async inFlight(table: string, afterId: number, rows: Array<{ id: number }>): Promise<number[]> {
    if (dialectOf(this.dataSource) !== 'mysql' || rows.length === 0) return [];
    const last = rows[rows.length - 1].id;
    if (last - afterId === rows.length) return [];
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.startTransaction('READ UNCOMMITTED');
      const seen = (await runner.query(`SELECT id FROM \`${table}\` WHERE id > ? AND id < ?`, [
        afterId,
        last,
      ])) as { id: number | string }[];
      await runner.commitTransaction();
      const committed = new Set(rows.map((row) => row.id));
      return seen.map((row) => Number(row.id)).filter((id) => !committed.has(id));
    } finally {
      await runner.release();
    }
  }

  async latestEconomy(limit: number): Promise<EconomyLogRecord[]> {
    const rows = await this.publicReads
      .getRepository(EconomyLogEntity)
      .createQueryBuilder('l')
      .where('l.is_public = :public', { public: true })
      .orderBy('l.date', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .limit(limit)
      .getMany();
    return rows.map(toEconomy);
  }

  async latestAchievements(limit: number): Promise<AchievementLogRecord[]> {
    const rows = await this.publicReads
      .getRepository(AchievementLogEntity)
      .createQueryBuilder('l')
      .orderBy('l.date', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .limit(limit)
      .getMany();
    return rows.map(toAchievement);
  }

  async searchEconomy(
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
  ): Promise<LogPage<EconomyLogRecord>> {
    const query = this.dataSource.getRepository(EconomyLogEntity).createQueryBuilder('l');
    if (filter.action !== undefined) query.andWhere('l.action = :action', { action: filter.action });
    return this.page(query, filter, limit, after, toEconomy);
  }

  async searchAchievements(
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
  ): Promise<LogPage<AchievementLogRecord>> {
    const query = this.dataSource.getRepository(AchievementLogEntity).createQueryBuilder('l');
    // The achievement log has a single action; any other action filter matches nothing.
    if (filter.action !== undefined && filter.action !== 'ACHIEVEMENT_COMPLETE')
      return { rows: [], next: null };
    return this.page(query, filter, limit, after, toAchievement);
  }

  private async page<E extends ObjectLiteral & { id: number; date: number }, R>(
    query: SelectQueryBuilder<E>,
    filter: LogFilter,
    limit: number,
    after: LogCursor | null,
    map: (row: E) => R,
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
