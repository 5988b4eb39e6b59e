import { Logger } from '@nestjs/common';
import { PlayerCount } from '@craftstats/contracts';
import { PlayerCountHistoryRepository, PlayerRepository } from '@craftstats/domain';
import { testConfig } from '@craftstats/platform/testing';
import { Clock } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';
import { MinecraftPinger, PingTarget } from './minecraft-pinger';
import { OFFLINE_PLAYER_COUNT, PING_TIMEOUT_MS, ServerStatusService } from './server-status.service';

class FakeClock extends Clock {
  current = 1_000_000;
  now(): number {
    return this.current;
  }
}

const ONLINE: PlayerCount = {
  players: { online: 12, max: 100 },
  isOnline: true,
  version: 765,
  latency: 3,
  favicon: 'data:image/png;base64,AAAA',
};

function setup(
  env: Record<string, string>,
  ping: (target: PingTarget, timeoutMs: number) => Promise<PlayerCount>,
) {
  const clock = new FakeClock();
  const pinger = { ping: jest.fn(ping) };
  const players = {
    countRegisteredPlayers: jest.fn(async () => 41),
    findStaff: jest.fn(async () => [
      { nick: 'Admin', uuid: '00000000-0000-4000-8000-000000000001', rank: '12' },
    ]),
  };
  const history = { record: jest.fn(), since: jest.fn(async () => []), prune: jest.fn() };
  const service = new ServerStatusService(
    players as unknown as PlayerRepository,
    pinger as unknown as MinecraftPinger,
    new MicroCache(clock, 16),
    history as unknown as PlayerCountHistoryRepository,
    clock,
    testConfig(env),
  );
  return { clock, pinger, players, history, service };
}

const data = async (pending: Promise<{ body: Buffer }>) =>
  (JSON.parse((await pending).body.toString()) as { data: unknown }).data;

describe('ServerStatusService', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers offline without pinging when MC_SERVER_ADDRESS is not set', async () => {
    const { pinger, service } = setup({}, async () => ONLINE);
    expect(await data(service.playerCount())).toEqual(OFFLINE_PLAYER_COUNT);
    expect(pinger.ping).not.toHaveBeenCalled();
  });

  it('pings the configured host and port with the ping timeout and answers what the server said', async () => {
    const { pinger, service } = setup({ MC_SERVER_ADDRESS: 'mc.example.cz:25577' }, async () => ONLINE);
    expect(await data(service.playerCount())).toEqual(ONLINE);
    expect(pinger.ping).toHaveBeenCalledWith({ host: 'mc.example.cz', port: 25577 }, PING_TIMEOUT_MS);
  });

  it('passes a null port when the address has none, so the SRV record decides', async () => {
    const { pinger, service } = setup({ MC_SERVER_ADDRESS: 'mc.example.cz' }, async () => ONLINE);
    await service.playerCount();
    expect(pinger.ping).toHaveBeenCalledWith({ host: 'mc.example.cz', port: null }, PING_TIMEOUT_MS);
  });

  it('turns a failed ping into the offline answer with zeros and "" (never an error)', async () => {
    const { service } = setup({ MC_SERVER_ADDRESS: '127.0.0.1:1' }, () =>
      Promise.reject(new Error('ECONNREFUSED')),
    );
    expect(await data(service.playerCount())).toEqual({
      players: { online: 0, max: 0 },
      isOnline: false,
      version: 0,
      latency: 0,
      favicon: '',
    });
  });

  it('shares one ping among concurrent requests and keeps its answer for 5 s, the offline one too', async () => {
    const { clock, pinger, service } = setup({ MC_SERVER_ADDRESS: '127.0.0.1:1' }, () =>
      Promise.reject(new Error('down')),
    );
    await Promise.all(Array.from({ length: 10 }, () => service.playerCount()));
    expect(pinger.ping).toHaveBeenCalledTimes(1);
    clock.current += 4_999;
    await service.playerCount();
    expect(pinger.ping).toHaveBeenCalledTimes(1);
    clock.current += 1;
    await service.playerCount();
    expect(pinger.ping).toHaveBeenCalledTimes(2);
  });

  it('adds UNIQUE_PLAYERS_OFFSET to the number of players', async () => {
    const { service } = setup({ UNIQUE_PLAYERS_OFFSET: '250000' }, async () => ONLINE);
    expect(await data(service.uniquePlayers())).toEqual({ amount: 250041 });
  });

  it('lists the players whose rank is one of STAFF_RANK_IDS', async () => {
    const { players, service } = setup({ STAFF_RANK_IDS: '12,20' }, async () => ONLINE);
    expect(await data(service.staffList())).toEqual([
      { nick: 'Admin', uuid: '00000000-0000-4000-8000-000000000001', rank: '12' },
    ]);
    expect(players.findStaff).toHaveBeenCalledWith(['12', '20']);
  });

  it('logs a warning when the game server stops answering, once per outage rather than per ping', async () => {
    let up = true;
    const { clock, service } = setup({ MC_SERVER_ADDRESS: '127.0.0.1:1' }, () =>
      up ? Promise.resolve(ONLINE) : Promise.reject(new Error('ECONNREFUSED')),
    );
    await service.playerCount();
    up = false;
    for (let i = 0; i < 3; i++) {
      clock.current += 5_000;
      await service.playerCount();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ host: '127.0.0.1', port: 1, reason: 'ECONNREFUSED' });
  });
});
