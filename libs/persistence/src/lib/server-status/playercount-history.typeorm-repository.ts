import { DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { PlayerCountHistoryRepository, PlayerCountSample } from '@craftstats/domain';
import { Dialect, dialectOf } from '../database/data-source';
import { upsertSql } from '../database/sql-dialect';
import { PlayerCountSampleEntity } from './playercount-sample.entity';

export class TypeOrmPlayerCountHistoryRepository extends PlayerCountHistoryRepository {
  private readonly dialect: Dialect;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.dialect = dialectOf(dataSource);
  }

  /** INSERT IGNORE / ON CONFLICT DO NOTHING on the minute: a second instance's sample is dropped. */
  async record(sample: PlayerCountSample): Promise<void> {
    await this.dataSource.query(
      upsertSql(
        this.dialect,
        'playercount_history',
        ['minute', 'online', 'max_players', 'is_online'],
        1,
        ['minute'],
        {},
      ),
      [sample.minute, sample.online, sample.max, sample.isOnline ? 1 : 0],
    );
  }

  async since(fromMs: number): Promise<PlayerCountSample[]> {
    const rows = await this.dataSource.getRepository(PlayerCountSampleEntity).find({
      where: { minute: MoreThanOrEqual(fromMs) },
      order: { minute: 'ASC' },
    });
    return rows.map((row) => ({
      minute: row.minute,
      online: row.online,
      max: row.maxPlayers,
      isOnline: row.isOnline,
    }));
  }

  async prune(beforeMs: number): Promise<void> {
    await this.dataSource.getRepository(PlayerCountSampleEntity).delete({ minute: LessThan(beforeMs) });
  }
}
