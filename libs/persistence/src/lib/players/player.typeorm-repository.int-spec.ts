import {
  ECONOMY_TYPES,
  EconomyType,
  LEVEL_MODES,
  PlayerProjection,
  newPlayer,
  votePeriodKeys,
} from '@craftstats/domain';
import { describeEachDialect, testUuid } from '../../testing';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { VoteCountEntity } from '../leaderboards/vote-count.entity';
import { PlayerEntity } from './player.entity';
import { loadPlayersForUpdate } from '../projections/projection.loader';
import { PlayerMapper } from './player.mapper';
import { TypeOrmPlayerRepository } from './player.typeorm-repository';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const PERIODS = votePeriodKeys(T0, 'Europe/Prague'); // { month: '2026-11', week: '2026-11-16' }
/** Beyond 2^32 and near 2^53: BIGINT columns must come back as exact numbers on both dialects. */
const BIG = Number.MAX_SAFE_INTEGER - 7;

/** A player with every field set to a value that differs from its default. */
function fullPlayer(n: number, nick: string): PlayerProjection {
  const player = newPlayer(testUuid(n), nick, T0 - 1000);
  return {
    ...player,
    registred: T0 - 86_400_000,
    webGroup: 3,
    lastOnline: T0 - 5,
    lastServer: 'skyblock',
    isOnline: true,
    playedTime: BIG,
    mcVersion: '1.21.4',
    rank: '12',
    rankSince: T0 - 77,
    tag: 'Stavitel',
    discordId: '123456789012345678',
    levels: Object.fromEntries(
      LEVEL_MODES.map((mode, i) => [
        mode,
        { level: 10 + i, experience: mode === 'global' ? 0 : 1000 * i + 1 },
      ]),
    ) as PlayerProjection['levels'],
    social: {
      status: 'Ahoj, hraju rád ✓',
      facebook: 'https://facebook.example/pepa',
      twitter: null,
      twitch: 'https://twitch.example/pepa',
      steam: null,
      web: 'https://pepa.example',
    },
    balances: Object.fromEntries(
      ECONOMY_TYPES.map((type, i) => [type, { amount: i === 0 ? BIG : -(i * 100), asOf: T0 - i }]),
    ) as PlayerProjection['balances'],
    votesTotal: 42,
    lastVote: T0 - 3,
    openSession: { server: 'skyblock', since: T0 - 60_000 },
    deprecated: { votetokens: 7, level: 8, experience: 9 },
    lastEvent: { date: T0, id: 'evt-9', source: 'skyblock' },
  };
}

describeEachDialect('TypeOrmPlayerRepository profile lookups', (fx) => {
  let repository: TypeOrmPlayerRepository;

  /** Stores `player` the way the projection writer does: its row, one row per balance. */
  async function store(
    player: PlayerProjection,
    balances: readonly EconomyType[] = ECONOMY_TYPES,
  ): Promise<number> {
    const saved = await fx.dataSource
      .getRepository(PlayerEntity)
      .save(PlayerMapper.toPersistence(player, T0));
    const row = (type: EconomyType) => ({
      playerId: saved.id,
      currency: type,
      amount: player.balances[type].amount,
      asOf: player.balances[type].asOf,
      sortKey: -player.balances[type].amount,
      nickLower: saved.nickLower,
      uuid: saved.uuid,
    });
    await fx.dataSource.getRepository(PlayerBalanceEntity).insert(balances.map(row));
    return saved.id;
  }

  async function votes(playerId: number, period: string, periodKey: string, count: number): Promise<void> {
    const player = await fx.dataSource.getRepository(PlayerEntity).findOneByOrFail({ id: playerId });
    await fx.dataSource.getRepository(VoteCountEntity).insert({
      playerId,
      period,
      periodKey,
      votes: count,
      sortKey: -count,
      nickLower: player.nickLower,
      uuid: player.uuid,
    });
  }

  beforeAll(() => {
    repository = new TypeOrmPlayerRepository(fx.dataSource);
  });

  it('reads back exactly the stored player: every column, every balance, this period’s votes', async () => {
    const id = await store(fullPlayer(1, 'Pepa_Novak'));
    await votes(id, 'month', PERIODS.month, 5);
    await votes(id, 'month', '2026-10', 99); // another month: not this one
    await votes(id, 'week', PERIODS.week, 2);

    const expected = { id, player: fullPlayer(1, 'Pepa_Novak'), votesMonth: 5, votesWeek: 2 };
    expect(await repository.findByUuid(testUuid(1), PERIODS)).toEqual(expected);
    expect(await repository.findByNick('PEPA_novak', PERIODS)).toEqual(expected);
  });

  it('loads players for update exactly as they were stored, but their balances (raw read, ADR 0059 and 0077)', async () => {
    const full = await store(fullPlayer(902, 'Raw_Full'));
    const bare = newPlayer(testUuid(903), 'Raw_Bare', T0);
    const bareId = await store(bare, []);
    const loaded = await fx.dataSource.transaction((manager) =>
      loadPlayersForUpdate(manager, fx.dialect, [testUuid(903), testUuid(902), testUuid(902), testUuid(904)]),
    );
    expect([...loaded.keys()]).toEqual([testUuid(902), testUuid(903)]);
    // The balances are not read: each is 0 as of 0, as a new player has it.
    const unread = newPlayer(testUuid(902), 'Raw_Full', T0).balances;
    expect(Object.values(fullPlayer(902, 'Raw_Full').balances).some((b) => b.asOf !== 0)).toBe(true);
    expect(loaded.get(testUuid(902))).toEqual({
      id: full,
      createdAt: T0,
      projection: { ...fullPlayer(902, 'Raw_Full'), balances: unread },
    });
    expect(loaded.get(testUuid(903))).toEqual({
      id: bareId,
      createdAt: T0,
      projection: { ...bare, lastEvent: { date: 0, id: '', source: '' } },
    });
  });

  it('reads a missing balance or vote counter as zero and a player without a session as null', async () => {
    const player = {
      ...newPlayer(testUuid(2), 'Nova_Hracka', 0),
      lastEvent: { date: 0, id: '', source: '' },
    };
    await store(player, ['KARMA']);
    const record = await repository.findByUuid(testUuid(2), PERIODS);
    expect(record).toMatchObject({ votesMonth: 0, votesWeek: 0, player });
    expect(record?.player.balances.CRAFTCOINS).toEqual({ amount: 0, asOf: 0 });
    expect(record?.player.openSession).toBeNull();
  });

  it('finds the newest holder of a nick; one who never claimed it comes after, ties by uuid (ADR 0015)', async () => {
    await store(fullPlayer(10, 'Drzitel'));
    await store({ ...fullPlayer(11, 'DRZITEL'), nickSince: T0 + 5 });
    await store({ ...fullPlayer(12, 'drzitel'), nickSince: 0 });
    expect((await repository.findByNick('drzitel', PERIODS))?.player.uuid).toBe(testUuid(11));
    await store({ ...fullPlayer(13, 'Drzitel'), nickSince: T0 + 5 });
    expect((await repository.findByNick('Drzitel', PERIODS))?.player.uuid).toBe(testUuid(13));
  });

  it('answers null for an unknown nick or uuid', async () => {
    expect(await repository.findByNick('Nikdo', PERIODS)).toBeNull();
    expect(await repository.findByUuid(testUuid(999), PERIODS)).toBeNull();
  });
});
