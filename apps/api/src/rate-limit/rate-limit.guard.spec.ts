import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import { testConfig } from '@craftstats/platform/testing';
import { ApiException } from '@craftstats/platform';
import { AUTH_THROTTLER, PUBLIC_THROTTLER, RATE_LIMIT_WINDOW_MS } from './rate-limit.constants';
import { RateLimitGuard } from './rate-limit.guard';

/** The counter a key belongs to: `ip` or `user` (keys are `<prefix>:<throttler>:<ip|user>:<sha256>`). */
const kindOf = (key: string) => key.split(':').at(-2);

/** What the mocked storage answers for a key: hits so far in the window (this one included). */
type Hits = (key: string) => number;

function guardWith(
  publicLimit: number,
  authLimit: number,
  options: { scope?: string; body?: unknown; hits?: Hits } = {},
) {
  const reflector = { getAllAndOverride: jest.fn(() => options.scope ?? PUBLIC_THROTTLER) };
  const hits: Hits = options.hits ?? (() => 1);
  const storage = {
    increment: jest.fn(async (key: string, _ttl: number, limit: number) => ({
      totalHits: hits(key),
      timeToExpire: 60,
      isBlocked: hits(key) > limit,
      timeToBlockExpire: hits(key) > limit ? 60 : 0,
    })),
  };
  const guard = new RateLimitGuard(
    {
      throttlers: [
        { name: PUBLIC_THROTTLER, limit: publicLimit, ttl: RATE_LIMIT_WINDOW_MS },
        { name: AUTH_THROTTLER, limit: authLimit, ttl: RATE_LIMIT_WINDOW_MS },
      ],
    },
    storage as unknown as ThrottlerStorage,
    reflector as unknown as Reflector,
    testConfig(),
  );
  const reply = { headers: jest.fn() };
  class SomeController {
    route(): string {
      return 'handled';
    }
  }
  const context = {
    getHandler: () => SomeController.prototype.route,
    getClass: () => SomeController,
    switchToHttp: () => ({
      getRequest: () => ({ ip: '203.0.113.7', body: options.body }),
      getResponse: () => reply,
    }),
  } as unknown as ExecutionContext;
  return { guard, reflector, storage, reply, context };
}

describe('RateLimitGuard', () => {
  it('does no work per request when both throttlers are off: no metadata lookup, no counter, no headers', async () => {
    const { guard, reflector, storage, reply, context } = guardWith(0, 0);
    expect(guard.canActivate(context)).toBe(true);
    expect(
      [reflector.getAllAndOverride, storage.increment, reply.headers].map((f) => f.mock.calls.length),
    ).toEqual([0, 0, 0]);
  });

  it('counts the request and sets the RateLimit headers when the route’s throttler is on', async () => {
    const { guard, storage, reply, context } = guardWith(100, 0);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(storage.increment).toHaveBeenCalledTimes(1);
    expect(reply.headers).toHaveBeenCalledWith({
      'RateLimit-Limit': '100',
      'RateLimit-Remaining': '99',
      'RateLimit-Reset': '60',
    });
  });

  it('lets a route through uncounted when only the other throttler is on, synchronously, reading its metadata once', () => {
    const { guard, reflector, storage, reply, context } = guardWith(0, 5);
    expect(guard.canActivate(context)).toBe(true);
    expect(guard.canActivate(context)).toBe(true);
    expect(reflector.getAllAndOverride).toHaveBeenCalledTimes(1);
    expect([storage.increment.mock.calls.length, reply.headers.mock.calls.length]).toEqual([0, 0]);
  });

  it('counts every request of a route whose throttler is on, not only the first', async () => {
    const { guard, reflector, storage, context } = guardWith(100, 0);
    await guard.canActivate(context);
    await guard.canActivate(context);
    expect(storage.increment).toHaveBeenCalledTimes(2);
    expect(reflector.getAllAndOverride).toHaveBeenCalledTimes(1);
  });

  it('counts an account attempt per address, then per username with 10× the limit', async () => {
    const { guard, storage, reply, context } = guardWith(0, 5, {
      scope: AUTH_THROTTLER,
      body: { username: 'Admin_Pepa', password: 'x' },
      hits: (key) => (kindOf(key) === 'ip' ? 2 : 40),
    });
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(storage.increment.mock.calls.map(([key, , limit]) => [kindOf(key), limit])).toEqual([
      ['ip', 5],
      ['user', 50],
    ]);
    // The headers are the tighter counter's: 3 of 5 left at the address, 10 of 50 for the username.
    expect(reply.headers).toHaveBeenCalledWith({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '3',
      'RateLimit-Reset': '60',
    });
  });

  it('does not count an attempt refused at its address against the username', async () => {
    const { guard, storage, context } = guardWith(0, 5, {
      scope: AUTH_THROTTLER,
      body: { username: 'Admin_Pepa', password: 'x' },
      hits: (key) => (kindOf(key) === 'ip' ? 6 : 1),
    });
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(ApiException);
    expect(storage.increment.mock.calls.map(([key]) => kindOf(key))).toEqual(['ip']);
  });

  it('refuses an attempt over the per-username limit although its address is within its own', async () => {
    const { guard, storage, context } = guardWith(0, 5, {
      scope: AUTH_THROTTLER,
      body: { username: 'Admin_Pepa', password: 'x' },
      hits: (key) => (kindOf(key) === 'ip' ? 1 : 51),
    });
    const refused = await Promise.resolve(guard.canActivate(context)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiException);
    expect((refused as ApiException).getStatus()).toBe(429);
    expect(storage.increment).toHaveBeenCalledTimes(2);
  });
});
