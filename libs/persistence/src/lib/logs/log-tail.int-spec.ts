import { createDataSource } from '../database/data-source';
import { describeEachDialect } from '../../testing';
import { EconomyLogEntity } from './economy-log.entity';
import { TypeOrmLogRepository } from './log.typeorm-repository';

const row = (eventId: string, action: string, isPublic: boolean) => ({
  eventId,
  source: 'survival',
  action,
  uuid: '00000000-0000-4000-8000-000000000001',
  nick: 'Pepa',
  sender: 'survival',
  server: 'survival',
  oldValue: '0',
  newValue: '1',
  date: 1_000,
  isPublic,
  details: null,
  receivedAt: 1_000,
});

describeEachDialect('TypeOrmLogRepository: tailing the logs by position', (fx) => {
  it('reads committed rows after a position in id order, non-public ones without a record', async () => {
    const repo = new TypeOrmLogRepository(fx.dataSource);
    await fx.dataSource
      .getRepository(EconomyLogEntity)
      .insert([
        row('e1', 'ECONOMY_CRAFTCOINS_ADD', true),
        row('e2', 'PLAYER_JOIN', false),
        row('e3', 'ECONOMY_CRAFTCOINS_ADD', true),
      ]);
    const { economy } = await repo.lastLogIds();
    const tail = await repo.tail('economy', economy - 3, 10);
    expect(tail.rows.map((r) => [r.id - (economy - 3), r.record?.eventId ?? null])).toEqual([
      [1, 'e1'],
      [2, null],
      [3, 'e3'],
    ]);
    expect(tail.inFlight).toEqual([]);
    expect((await repo.tail('economy', economy - 1, 10)).rows.map((r) => r.id)).toEqual([economy]);
  });

  if (fx.dialect === 'mysql') {
    it('names the ids of an open transaction inside a hole (MariaDB hands ids out at insert)', async () => {
      const repo = new TypeOrmLogRepository(fx.dataSource);
      const { economy: before } = await repo.lastLogIds();
      const writer = createDataSource(fx.db.settings, { poolSize: 1 });
      await writer.initialize();
      const slow = writer.createQueryRunner();
      try {
        await slow.startTransaction();
        await slow.manager
          .getRepository(EconomyLogEntity)
          .insert(row('slow', 'ECONOMY_CRAFTCOINS_ADD', true));
        // A later transaction commits first: its id is higher, the slow one's row is still open.
        await fx.dataSource
          .getRepository(EconomyLogEntity)
          .insert(row('fast', 'ECONOMY_CRAFTCOINS_ADD', true));
        const tail = await repo.tail('economy', before, 10);
        expect(tail.rows.map((r) => r.record?.eventId)).toEqual(['fast']);
        expect(tail.inFlight).toEqual([before + 1]);
        await slow.commitTransaction();
        const after = await repo.tail('economy', before, 10);
        expect(after.rows.map((r) => r.record?.eventId)).toEqual(['slow', 'fast']);
        expect(after.inFlight).toEqual([]);
      } finally {
        if (slow.isTransactionActive) await slow.rollbackTransaction();
        await slow.release();
        await writer.destroy();
      }
    });
  }
});
