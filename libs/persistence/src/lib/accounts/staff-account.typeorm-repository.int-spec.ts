import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { TypeOrmStaffAccountRepository } from './staff-account.typeorm-repository';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const ctx = { source: 'survival', receivedAt: T0, timeZone: 'Europe/Prague' };

describeEachDialect('TypeOrmStaffAccountRepository: the password set time is the password version', (fx) => {
  let accounts: TypeOrmStaffAccountRepository;

  beforeAll(() => {
    accounts = new TypeOrmStaffAccountRepository(fx.dataSource);
  });

  async function staffPlayer(n: number, nick: string): Promise<number> {
    await new TypeOrmEventStore(fx.dataSource).ingest(
      [gameEvent({ action: 'ECONOMY_REGISTER', uuid: testUuid(n), nick, date: T0 })],
      ctx,
    );
    const found = await accounts.findByUuid(testUuid(n));
    if (!found) throw new Error(`player ${nick} was not created`);
    return found.playerId;
  }

  it('finds nobody, without a database error, by a name with characters no nick has', async () => {
    await staffPlayer(3, 'Admin_Jana');
    expect(await accounts.findByNick('ADMIN_jana')).toMatchObject({ nick: 'Admin_Jana' });
    for (const name of ['\u{5BFD1}\u{1BD08}\u{2A2AE}', 'Admín_Jana', 'Admin_Jana\u{1F600}'])
      expect(await accounts.findByNick(name)).toBeNull();
  });

  it('stores the first password with its set time, and a later change with the later time', async () => {
    const id = await staffPlayer(1, 'Admin_Pepa');
    expect(await accounts.findByUuid(testUuid(1))).toMatchObject({ passwordHash: null, passwordSetAt: null });
    await accounts.setPasswordHash(id, 'hash-1', T0 + 1_000);
    expect(await accounts.findByUuid(testUuid(1))).toMatchObject({
      passwordHash: 'hash-1',
      passwordSetAt: T0 + 1_000,
    });
    await accounts.setPasswordHash(id, 'hash-2', T0 + 5_000);
    expect(await accounts.findByUuid(testUuid(1))).toMatchObject({
      passwordHash: 'hash-2',
      passwordSetAt: T0 + 5_000,
    });
  });

  it('keeps the set time strictly increasing when a change comes in the same millisecond or from a clock behind', async () => {
    const id = await staffPlayer(2, 'Mod_Jana');
    await accounts.setPasswordHash(id, 'hash-1', T0 + 1_000);
    await accounts.setPasswordHash(id, 'hash-2', T0 + 1_000); // the same millisecond
    expect(await accounts.findByUuid(testUuid(2))).toMatchObject({
      passwordHash: 'hash-2',
      passwordSetAt: T0 + 1_001,
    });
    await accounts.setPasswordHash(id, 'hash-3', T0 - 60_000); // an instance whose clock is a minute behind
    expect(await accounts.findByUuid(testUuid(2))).toMatchObject({
      passwordHash: 'hash-3',
      passwordSetAt: T0 + 1_002,
    });
  });
});
