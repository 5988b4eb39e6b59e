import { testConfig } from '@craftstats/platform/testing';
import { Clock } from '@craftstats/platform';
import { MemoryRateLimitBackend, RateLimitStorage } from './rate-limit.storage';

class FakeClock extends Clock {
  time = 1_000_000;
  now(): number {
    return this.time;
  }
}

describe('MemoryRateLimitBackend', () => {
  it('counts hits in a fixed window that starts with the first hit and reports the time left', async () => {
    const clock = new FakeClock();
    const backend = new MemoryRateLimitBackend(clock);
    expect(await backend.hit('k', 60_000)).toEqual({ hits: 1, resetMs: 60_000 });
    clock.time += 15_000;
    expect(await backend.hit('k', 60_000)).toEqual({ hits: 2, resetMs: 45_000 });
    expect(await backend.hit('other', 60_000)).toEqual({ hits: 1, resetMs: 60_000 });
    clock.time += 45_000;
    expect(await backend.hit('k', 60_000)).toEqual({ hits: 1, resetMs: 60_000 });
    await backend.close();
  });

  it('peeks at a window without counting a hit, and sees none once it has ended', async () => {
    const clock = new FakeClock();
    const backend = new MemoryRateLimitBackend(clock);
    expect(await backend.peek('k')).toBeNull();
    await backend.hit('k', 60_000);
    clock.time += 20_000;
    expect(await backend.peek('k')).toEqual({ hits: 1, resetMs: 40_000 });
    expect(await backend.peek('k')).toEqual({ hits: 1, resetMs: 40_000 });
    expect(await backend.hit('k', 60_000)).toEqual({ hits: 2, resetMs: 40_000 });
    clock.time += 40_000;
    expect(await backend.peek('k')).toBeNull();
    await backend.close();
  });

  it('sweeps expired windows', async () => {
    const clock = new FakeClock();
    const backend = new MemoryRateLimitBackend(clock);
    await backend.hit('a', 1000);
    await backend.hit('b', 5000);
    clock.time += 2000;
    backend.sweep();
    expect(backend.size).toBe(1);
    await backend.close();
  });
});

describe('RateLimitStorage (memory)', () => {
  it('blocks the hit after the limit until the window ends, with the seconds left as Retry-After', async () => {
    const clock = new FakeClock();
    const storage = new RateLimitStorage(testConfig(), clock);
    expect(storage.kind).toBe('memory');
    const records = [];
    for (let i = 0; i < 3; i++) records.push(await storage.increment('k', 60_000, 2, 60_000, 'auth'));
    expect(records).toEqual([
      { totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 },
      { totalHits: 2, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 },
      { totalHits: 3, timeToExpire: 60, isBlocked: true, timeToBlockExpire: 60 },
    ]);
    clock.time += 59_500;
    expect(await storage.increment('k', 60_000, 2, 60_000, 'auth')).toEqual({
      totalHits: 4,
      timeToExpire: 1,
      isBlocked: true,
      timeToBlockExpire: 1,
    });
    clock.time += 500;
    expect(await storage.increment('k', 60_000, 2, 60_000, 'auth')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
    await storage.onApplicationShutdown();
  });

  it('peeks like increment reports, without counting: an empty full window before the first hit', async () => {
    const clock = new FakeClock();
    const storage = new RateLimitStorage(testConfig(), clock);
    expect(await storage.peek('k', 60_000, 2)).toEqual({
      totalHits: 0,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    for (let i = 0; i < 3; i++) await storage.increment('k', 60_000, 2, 60_000, 'auth');
    clock.time += 30_500;
    expect(await storage.peek('k', 60_000, 2)).toEqual({
      totalHits: 3,
      timeToExpire: 30,
      isBlocked: true,
      timeToBlockExpire: 30,
    });
    expect(await storage.increment('k', 60_000, 2, 60_000, 'auth')).toMatchObject({ totalHits: 4 });
    await storage.onApplicationShutdown();
  });
});
