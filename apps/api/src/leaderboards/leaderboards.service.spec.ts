import { LeaderboardName } from '@craftstats/contracts';
import { LeaderboardRepository, RankedRow } from '@craftstats/domain';
import { testConfig } from '@craftstats/platform/testing';
import { Clock } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { VoteCalendar } from '../vote-calendar/vote-calendar';
import { LeaderboardsService } from './leaderboards.service';

class FakeClock extends Clock {
  constructor(public current: number) {
    super();
  }
  now(): number {
    return this.current;
  }
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (nick: string, value: number, n: number): RankedRow => ({ nick, uuid: uuid(n), value });

// Wednesday 2026-11-18 13:00 in Prague.
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

function setup(rows: RankedRow[] = []) {
  const repo = { topBalances: jest.fn(async () => rows), topVotes: jest.fn(async () => rows) };
  const clock = new FakeClock(T0);
  const config = testConfig({ TZ_COMMUNITY: 'Europe/Prague' });
  const service = new LeaderboardsService(
    repo as unknown as LeaderboardRepository,
    new MicroCache(clock, 64),
    new VoteCalendar(clock, config),
    clock,
    config,
  );
  return { repo, clock, service };
}

const dataOf = async (service: LeaderboardsService, name: LeaderboardName) =>
  JSON.parse((await service.board(name)).body.toString()) as { status: number; data: unknown };

describe('LeaderboardsService', () => {
  it.each([
    ['craftcoins', 'CRAFTCOINS'],
    ['crafttokens', 'CRAFTTOKENS'],
    ['votetokens', 'VOTETOKENS'],
    ['achievement-points', 'ACHIEVEMENTPOINTS'],
    ['event-points', 'EVENTPOINTS'],
  ] as const)('ranks %s by the %s balances, top 50', async (name, type) => {
    const { repo, service } = setup();
    await service.board(name);
    expect(repo.topBalances).toHaveBeenCalledWith(type, 50);
    expect(repo.topVotes).not.toHaveBeenCalled();
  });

  it.each([
    ['total-votes', 'total', 'all'],
    ['month-votes', 'month', '2026-11'],
    ['week-votes', 'week', '2026-11-16'],
  ] as const)(
    "ranks %s by the %s votes under the key %s of the Prague calendar at the clock's now",
    async (name, period, key) => {
      const { repo, service } = setup();
      await service.board(name);
      expect(repo.topVotes).toHaveBeenCalledWith(period, key, 50);
    },
  );

  it('switches month and week keys at local midnight of the community zone, not UTC', async () => {
    const { repo, clock, service } = setup();
    clock.current = Date.UTC(2026, 10, 30, 22, 59, 59); // Mon 2026-11-30 23:59:59 Prague
    await service.board('month-votes');
    expect(repo.topVotes).toHaveBeenLastCalledWith('month', '2026-11', 50);
    clock.current = Date.UTC(2026, 10, 30, 23, 0, 0); // Tue 2026-12-01 00:00 Prague, still November in UTC
    await service.board('month-votes');
    expect(repo.topVotes).toHaveBeenLastCalledWith('month', '2026-12', 50);
    await service.board('week-votes');
    expect(repo.topVotes).toHaveBeenLastCalledWith('week', '2026-11-30', 50);
  });

  it('answers { index, nick, uuid, value } in leaderboard order, ties by nick case-insensitively then uuid', async () => {
    const { service } = setup([row('zed', 5, 1), row('Bob', 9, 3), row('bob', 9, 2), row('alice', 9, 4)]);
    expect(await dataOf(service, 'craftcoins')).toEqual({
      status: 200,
      data: [
        { index: 1, nick: 'alice', uuid: uuid(4), value: 9 },
        { index: 2, nick: 'bob', uuid: uuid(2), value: 9 },
        { index: 3, nick: 'Bob', uuid: uuid(3), value: 9 },
        { index: 4, nick: 'zed', uuid: uuid(1), value: 5 },
      ],
    });
    const body = (await service.board('craftcoins')).body.toString();
    expect(body.indexOf('"index"')).toBeLessThan(body.indexOf('"nick"'));
  });

  it('queries each board once per TTL, and each board separately', async () => {
    const { repo, clock, service } = setup();
    await Promise.all([service.board('craftcoins'), service.board('craftcoins')]);
    await service.board('crafttokens');
    expect(repo.topBalances).toHaveBeenCalledTimes(2);
    clock.current += 2_000;
    await service.board('craftcoins');
    expect(repo.topBalances).toHaveBeenCalledTimes(3);
  });
});
