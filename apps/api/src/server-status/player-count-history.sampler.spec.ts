import { Logger } from '@nestjs/common';
import { PlayerCount } from '@craftstats/contracts';
import { PlayerCountHistoryRepository } from '@craftstats/domain';
import { Clock } from '@craftstats/platform';
import { testConfig } from '@craftstats/platform/testing';
import { PlayerCountHistorySampler } from './player-count-history.sampler';
import { ServerStatusService } from './server-status.service';

const COUNT: PlayerCount = {
  players: { online: 7, max: 50 },
  isOnline: true,
  version: 765,
  latency: 1,
  favicon: '',
};

function setup(env: Record<string, string>) {
  const status = { currentPlayerCount: jest.fn(async () => COUNT) };
  const history = {
    record: jest.fn(async () => undefined),
    since: jest.fn(),
    prune: jest.fn(async () => undefined),
  };
  const clock = { now: () => Date.now() } as Clock;
  const sampler = new PlayerCountHistorySampler(
    status as unknown as ServerStatusService,
    history as unknown as PlayerCountHistoryRepository,
    clock,
    testConfig(env),
  );
  return { status, history, sampler };
}

describe('PlayerCountHistorySampler', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 18, 12, 0, 30) });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('samples 5 s into every minute under the minute key, and prunes beyond PLAYERCOUNT_HISTORY_DAYS', async () => {
    const { history, sampler } = setup({
      MC_SERVER_ADDRESS: '127.0.0.1:25565',
      PLAYERCOUNT_HISTORY_DAYS: '2',
    });
    sampler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(34_000);
    expect(history.record).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(history.record).toHaveBeenCalledWith({
      minute: Date.UTC(2026, 10, 18, 12, 1, 0),
      online: 7,
      max: 50,
      isOnline: true,
    });
    expect(history.prune).toHaveBeenCalledWith(Date.UTC(2026, 10, 18, 12, 1, 5) - 2 * 86_400_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(history.record).toHaveBeenCalledTimes(2);
    await sampler.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(180_000);
    expect(history.record).toHaveBeenCalledTimes(2);
  });

  it('keeps sampling after a failed minute (database down), with a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { history, sampler } = setup({ MC_SERVER_ADDRESS: '127.0.0.1:25565' });
    history.record.mockRejectedValueOnce(new Error('database down'));
    sampler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(35_000);
    expect(warn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(history.record).toHaveBeenCalledTimes(2);
    await sampler.beforeApplicationShutdown();
    warn.mockRestore();
  });

  it('records nothing without MC_SERVER_ADDRESS', async () => {
    const { history, sampler } = setup({});
    sampler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(300_000);
    expect(history.record).not.toHaveBeenCalled();
  });
});
