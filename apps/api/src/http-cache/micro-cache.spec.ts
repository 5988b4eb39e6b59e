import { Clock } from '@craftstats/platform';
import { MicroCache } from './micro-cache';

class FakeClock extends Clock {
  constructor(public current = 1_000_000) {
    super();
  }
  now(): number {
    return this.current;
  }
}

/** A promise the test resolves or rejects when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('MicroCache', () => {
  let clock: FakeClock;
  let cache: MicroCache;
  beforeEach(() => {
    clock = new FakeClock();
    cache = new MicroCache(clock, 3);
  });

  it('loads on a miss and serves the same bytes without loading again until the TTL ends', async () => {
    const load = jest.fn().mockResolvedValueOnce(['first']).mockResolvedValueOnce(['second']);
    const first = await cache.get('k', 2, load);
    clock.current += 1_999;
    expect(await cache.get('k', 2, load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    clock.current += 1;
    const second = await cache.get('k', 2, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(second.body.toString()).toBe('{"status":200,"data":["second"]}');
  });

  it('counts the TTL from the moment the load started, not when it finished', async () => {
    const slow = deferred<string>();
    const pending = cache.get('k', 2, () => slow.promise);
    clock.current += 1_500;
    slow.resolve('value');
    const cached = await pending;
    expect(cached.createdAt).toBe(1_000_000);
    expect(cached.expiresAt).toBe(1_002_000);
  });

  it('shares one load among concurrent misses (single-flight)', async () => {
    const gate = deferred<number[]>();
    const load = jest.fn(() => gate.promise);
    const requests = Array.from({ length: 25 }, () => cache.get('k', 2, load));
    gate.resolve([1, 2, 3]);
    const answers = await Promise.all(requests);
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps keys apart', async () => {
    const a = await cache.get('a', 2, async () => 'A');
    const b = await cache.get('b', 2, async () => 'B');
    expect(a.body.toString()).toBe('{"status":200,"data":"A"}');
    expect(b.body.toString()).toBe('{"status":200,"data":"B"}');
  });

  it('hands a failed load to every waiter, caches nothing and loads again on the next request', async () => {
    const gate = deferred<string>();
    const failing = jest.fn(() => gate.promise);
    const waiters = [cache.get('k', 2, failing), cache.get('k', 2, failing)];
    gate.reject(new Error('database down'));
    await expect(waiters[0]).rejects.toThrow('database down');
    await expect(waiters[1]).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(0);

    const ok = jest.fn(async () => 'back');
    expect((await cache.get('k', 2, ok)).body.toString()).toBe('{"status":200,"data":"back"}');
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('keeps the expired value of a key when its refresh fails, and refreshes on the next request', async () => {
    await cache.get('k', 2, async () => 'old');
    clock.current += 5_000;
    await expect(cache.get('k', 2, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(1);
    expect((await cache.get('k', 2, async () => 'new')).body.toString()).toBe('{"status":200,"data":"new"}');
  });

  it('holds at most maxEntries keys, dropping the oldest first', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, 60, async () => key);
    expect(cache.size).toBe(3);
    const reload = jest.fn(async () => 'a again');
    await cache.get('a', 60, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    const kept = jest.fn(async () => 'unused');
    await cache.get('d', 60, kept);
    expect(kept).not.toHaveBeenCalled();
  });

  it('when full, drops the oldest eighth of its bound at once', async () => {
    const large = new MicroCache(new FakeClock(), 16);
    for (let i = 0; i < 17; i++) await large.get(`k${i}`, 60, async () => i);
    expect(large.size).toBe(14);
    const reload = jest.fn(async () => 'k2 again');
    await large.get('k2', 60, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    const kept = jest.fn(async () => 'unused');
    await large.get('k3', 60, kept);
    expect(kept).not.toHaveBeenCalled();
  });

  it('never drops an entry whose load is still in flight', async () => {
    const gate = deferred<string>();
    const pending = cache.get('slow', 60, () => gate.promise);
    for (const key of ['b', 'c', 'd', 'e']) await cache.get(key, 60, async () => key);
    const again = cache.get('slow', 60, async () => 'second load');
    gate.resolve('first load');
    expect((await pending).body.toString()).toBe('{"status":200,"data":"first load"}');
    expect(await again).toBe(await pending);
  });

  describe("with 'repeated' admission (ADR 0083)", () => {
    let repeated: MicroCache;
    beforeEach(() => {
      repeated = new MicroCache(clock, 3, () => undefined, 'repeated');
    });

    it("answers a key's first load without keeping it, and keeps the answer from its second load on", async () => {
      const load = jest.fn(async () => 'profile');
      const first = await repeated.get('uuid:1', 60, load);
      expect(first.body.toString()).toBe('{"status":200,"data":"profile"}');
      expect(first.repeatable).toBe(false);
      expect(repeated.size).toBe(0);

      const second = await repeated.get('uuid:1', 60, load);
      expect(second.repeatable).toBe(true);
      expect(repeated.size).toBe(1);
      expect(await repeated.get('uuid:1', 60, load)).toBe(second);
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('still shares a first load among concurrent misses, and keeps nothing of it', async () => {
      const gate = deferred<string>();
      const load = jest.fn(() => gate.promise);
      const requests = Array.from({ length: 10 }, () => repeated.get('nick:pepa', 60, load));
      gate.resolve('pepa');
      const answers = await Promise.all(requests);
      expect(load).toHaveBeenCalledTimes(1);
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]?.repeatable).toBe(false);
      expect(repeated.size).toBe(0);
    });

    it('keeps a key that held a value when it is loaded again after its TTL', async () => {
      await repeated.get('k', 2, async () => 'first');
      await repeated.get('k', 2, async () => 'kept');
      clock.current += 2_000;
      const refreshed = await repeated.get('k', 2, async () => 'refreshed');
      expect([refreshed.repeatable, repeated.size]).toEqual([true, 1]);
      expect(refreshed.body.toString()).toBe('{"status":200,"data":"refreshed"}');
    });

    it('keeps no entry for a failed first load', async () => {
      await expect(repeated.get('k', 60, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(repeated.size).toBe(0);
    });

    it('holds no entry at all after a million keys asked for once', async () => {
      const load = async () => 'x';
      for (let i = 0; i < 1_000_000; i++) await repeated.get(`uuid:${i}`, 60, load);
      expect(repeated.size).toBe(0);
    });
  });
});
