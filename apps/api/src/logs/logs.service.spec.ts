import { LogRepository } from '@craftstats/domain';
import { Clock } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { LogsService } from './logs.service';

class FakeClock extends Clock {
  now(): number {
    return 1_000;
  }
}

describe('LogsService', () => {
  const repo = {
    latest: jest.fn(async (kind: string) =>
      kind === 'economy'
        ? [
            {
              id: 9,
              eventId: 'e9',
              nick: 'Pepa',
              uuid: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
              action: 'PLAYER_DISCORD_CONNECT',
              sender: 'bot',
              server: 'lobby',
              oldValue: '',
              newValue: '987654321098765432',
              date: 1_763_467_200_123,
            },
          ]
        : [
            {
              id: 3,
              eventId: 'a3',
              nick: 'Pepa',
              uuid: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
              achId: 'game_first_join',
              achName: 'Vítej!',
              achValue: 5,
              server: 'survival',
              date: 1_763_467_200_456,
            },
          ],
    ),
  };
  const service = new LogsService(repo as unknown as LogRepository, new MicroCache(new FakeClock(), 8));

  it('asks for the latest 50 economy rows and answers log entries, every field text', async () => {
    const body = JSON.parse((await service.latest('economy')).body.toString());
    expect(repo.latest).toHaveBeenLastCalledWith('economy', 50);
    expect(body).toStrictEqual({
      status: 200,
      data: [
        {
          nick: 'Pepa',
          uuid: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
          action: 'PLAYER_DISCORD_CONNECT',
          sender: 'bot',
          server: 'lobby',
          old_value: '',
          new_value: '987654321098765432',
          date: '1763467200123',
        },
      ],
    });
  });

  it('asks for the latest 50 achievements and answers ach_value as an integer, date as text', async () => {
    const body = JSON.parse((await service.latest('achievements')).body.toString());
    expect(repo.latest).toHaveBeenLastCalledWith('achievements', 50);
    expect(body).toStrictEqual({
      status: 200,
      data: [
        {
          nick: 'Pepa',
          uuid: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
          ach_id: 'game_first_join',
          ach_name: 'Vítej!',
          ach_value: 5,
          server: 'survival',
          date: '1763467200456',
        },
      ],
    });
  });
});
