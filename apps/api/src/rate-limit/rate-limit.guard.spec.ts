import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import { testConfig } from '@craftstats/platform/testing';
import { AUTH_THROTTLER, PUBLIC_THROTTLER, RATE_LIMIT_WINDOW_MS } from './rate-limit.constants';
import { RateLimitGuard } from './rate-limit.guard';

function guardWith(publicLimit: number, authLimit: number) {
  const reflector = { getAllAndOverride: jest.fn(() => PUBLIC_THROTTLER) };
  const storage = {
    increment: jest.fn(async () => ({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
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
      getRequest: () => ({ ip: '203.0.113.7', body: undefined }),
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
});
