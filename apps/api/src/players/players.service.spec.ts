import { DomainError, PlayerRecord, PlayerRepository, newPlayer } from '@craftstats/domain';
import { testConfig } from '@craftstats/platform/testing';
import { Clock } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { VoteCalendar } from '../vote-calendar/vote-calendar';
import { PlayersService } from './players.service';

class FakeClock extends Clock {
  current = Date.UTC(2026, 10, 18, 12, 0, 0);
  now(): number {
    return this.current;
  }
}

const UUID = '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b';

function setup(found: PlayerRecord | null) {
  const repo = {
    findByNick: jest.fn(async () => found),
    findByUuid: jest.fn(async () => found),
  };
  const clock = new FakeClock();
  const service = new PlayersService(
    repo as unknown as PlayerRepository,
    new MicroCache(clock, 100),
    new VoteCalendar(clock, testConfig()),
  );
  return { repo, clock, service };
}

const record = (): PlayerRecord => ({
  id: 5,
  player: newPlayer(UUID, 'Pepa', 1),
  votesMonth: 1,
  votesWeek: 0,
});
const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? error.code : error;
};

describe('PlayersService', () => {
  it('looks a nick up with the vote periods of the clock in the community zone', async () => {
    const { repo, service } = setup(record());
    const cached = await service.byNick('PePa');
    expect(repo.findByNick).toHaveBeenCalledWith('PePa', { month: '2026-11', week: '2026-11-16' });
    expect(JSON.parse(cached.body.toString())).toMatchObject({
      status: 200,
      data: { id: 5, nick: 'Pepa', uuid: UUID },
    });
  });

  it('moves to the new week at the exact millisecond of the local midnight that starts it', async () => {
    const { repo, clock, service } = setup(record());
    const monday = Date.UTC(2026, 10, 22, 23, 0, 0); // 2026-11-23 00:00 in Prague (UTC+1)
    clock.current = monday - 1_001;
    await service.byNick('Pred_Pulnoci');
    clock.current = monday - 1;
    await service.byNick('Tesne_Pred');
    clock.current = monday;
    await service.byNick('O_Pulnoci');
    expect(repo.findByNick.mock.calls.map((call) => call as unknown[])).toEqual([
      ['Pred_Pulnoci', { month: '2026-11', week: '2026-11-16' }],
      ['Tesne_Pred', { month: '2026-11', week: '2026-11-16' }],
      ['O_Pulnoci', { month: '2026-11', week: '2026-11-23' }],
    ]);
  });

  it('caches by the case-insensitive nick', async () => {
    const { repo, service } = setup(record());
    await service.byNick('Pepa');
    await service.byNick('PEPA');
    expect(repo.findByNick).toHaveBeenCalledTimes(1);
  });

  it('looks a uuid up as the route hands it over (dashed, lower-case)', async () => {
    const { repo, service } = setup(record());
    await service.byUuid(UUID);
    expect(repo.findByUuid).toHaveBeenCalledWith(UUID, { month: '2026-11', week: '2026-11-16' });
  });

  it('answers PLAYER_NOT_FOUND for an unknown player and does not cache the miss', async () => {
    const { repo, service } = setup(null);
    expect(await codeOf(service.byNick('Nobody'))).toBe('PLAYER_NOT_FOUND');
    expect(await codeOf(service.byNick('Nobody'))).toBe('PLAYER_NOT_FOUND');
    expect(repo.findByNick).toHaveBeenCalledTimes(2);
  });
});
