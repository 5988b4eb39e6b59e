import type { IncomingMessage } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@craftstats/domain';
import { Clock, toErrorEnvelope } from '@craftstats/platform';
import {
  AUTH_THROTTLER,
  PUBLIC_THROTTLER,
  RATE_LIMIT_WINDOW_MS,
  RateLimitScope,
} from './rate-limit.constants';
import { LocalCounters } from './rate-limit.counters';
import { RateLimitHook, clientKey } from './rate-limit.hook';

/** 10 s into a window: 50 s left of it. */
const NOW = 29_000_000 * RATE_LIMIT_WINDOW_MS + 10_000;

function hookFor(scope: RateLimitScope, limits = { public: 3, auth: 2 }) {
  const clock = { now: () => NOW } as Clock;
  const counters = new LocalCounters(clock);
  const hook = new RateLimitHook(counters, {} as HttpAdapterHost, {
    rateLimitPublic: limits.public,
    rateLimitAuth: limits.auth,
  });
  /** One request from `ip` (with `body`): the headers set and the outcome (passed, or the 429's headers). */
  const request = (ip: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    const reply = {
      headers(fields: Record<string, string>) {
        Object.assign(headers, fields);
        return reply;
      },
    };
    const refused = hook.count(
      scope,
      { ip, body, raw: {} } as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
    );
    if (refused === undefined) return { passed: true, headers };
    const { envelope, headers: answered } = toErrorEnvelope(refused);
    return { refused: envelope.status, code: envelope.error, retryAfter: answered['retry-after'], headers };
  };
  return { hook, request, counters };
}

const limited = (limit: number, remaining: number) => ({
  'ratelimit-limit': String(limit),
  'ratelimit-remaining': String(remaining),
  'ratelimit-reset': '50',
});

describe('RateLimitHook, public reads', () => {
  it('counts per client address and answers the request over the limit 429 RATE_LIMITED with Retry-After', () => {
    const { request } = hookFor(PUBLIC_THROTTLER);
    const answers = [1, 2, 3, 4].map(() => request('198.51.100.1'));
    expect(answers).toEqual([
      { passed: true, headers: limited(3, 2) },
      { passed: true, headers: limited(3, 1) },
      { passed: true, headers: limited(3, 0) },
      { refused: 429, code: 'RATE_LIMITED', retryAfter: '50', headers: limited(3, 0) },
    ]);
    // Another client has its own budget.
    expect(request('198.51.100.2')).toEqual({ passed: true, headers: limited(3, 2) });
  });

  it('counts an IPv6 client per /64, and an IPv4-mapped address as its IPv4 address', () => {
    const { request } = hookFor(PUBLIC_THROTTLER);
    request('2001:db8:1:2::1');
    expect(request('2001:db8:1:2:ffff::9').headers['ratelimit-remaining']).toBe('1');
    expect(request('2001:db8:1:3::1').headers['ratelimit-remaining']).toBe('2');
    request('::ffff:203.0.113.5');
    expect(request('203.0.113.5').headers['ratelimit-remaining']).toBe('1');
  });

  it('counts a read answered before Fastify (admit) in the same budget, and a refused one only once', () => {
    const { hook, request, counters } = hookFor(PUBLIC_THROTTLER);
    const req = {} as IncomingMessage;
    const early = () => {
      const fields: Record<string, string> = {};
      return { admitted: hook.admit(req, () => '198.51.100.3', fields), fields };
    };
    expect(early()).toEqual({ admitted: true, fields: limited(3, 2) });
    expect(request('198.51.100.3')).toEqual({ passed: true, headers: limited(3, 1) });
    expect(early()).toEqual({ admitted: true, fields: limited(3, 0) });
    // The 4th is refused early, without headers of its own: the hook answers the 429 with its count.
    expect(early()).toEqual({ admitted: false, fields: {} });
    const headers: Record<string, string> = {};
    const reply = { headers: (f: Record<string, string>) => Object.assign(headers, f) };
    const refused = hook.count(
      PUBLIC_THROTTLER,
      { ip: '198.51.100.3', raw: req } as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
    );
    expect([toErrorEnvelope(refused as DomainError).envelope.status, headers]).toEqual([429, limited(3, 0)]);
    expect(counters.peek('public', '198.51.100.3').hits).toBe(4);
  });

  it('does not count, and sets no header, while the limit is 0', () => {
    const off = hookFor(PUBLIC_THROTTLER, { public: 0, auth: 2 });
    for (let i = 0; i < 5; i++) expect(off.request('198.51.100.1')).toEqual({ passed: true, headers: {} });
  });
});

describe('RateLimitHook, account endpoints', () => {
  const attempt = (username: string) => ({ username, password: 'x' });

  it("refuses an address over RATE_LIMIT_AUTH, and its refused attempts do not use the name's budget", () => {
    const { request } = hookFor(AUTH_THROTTLER);
    const attacker = [1, 2, 3, 4, 5].map(() => request('198.51.100.66', attempt('Admin_Pepa')));
    expect(attacker.map((a) => ('passed' in a ? 'passed' : a.refused))).toEqual([
      'passed',
      'passed',
      429,
      429,
      429,
    ]);
    // The member from another address: the name has 2 of its 20 used, whatever case it is written in.
    expect(request('198.51.100.7', attempt('ADMIN_pepa'))).toEqual({ passed: true, headers: limited(2, 1) });
  });

  it('bounds a name at 10× RATE_LIMIT_AUTH from all addresses together', () => {
    const { request } = hookFor(AUTH_THROTTLER);
    for (let address = 0; address < 10; address++) {
      for (let i = 0; i < 2; i++)
        expect(request(`10.0.0.${address}`, attempt('Admin_Pepa'))).toMatchObject({ passed: true });
    }
    expect(request('10.0.0.99', attempt('Admin_Pepa'))).toEqual({
      refused: 429,
      code: 'RATE_LIMITED',
      retryAfter: '50',
      headers: limited(20, 0),
    });
    // Other names are not affected.
    expect(request('10.0.0.98', attempt('Jiny_Clen'))).toMatchObject({ passed: true });
  });

  it("reads an address's counter without counting (peekHeaders), for answers given before the hook", () => {
    const { hook, request } = hookFor(AUTH_THROTTLER);
    const asRequest = { ip: '198.51.100.9' } as FastifyRequest;
    expect(hook.peekHeaders(asRequest)).toEqual(limited(2, 2));
    request('198.51.100.9', attempt('Nikdo'));
    expect([hook.peekHeaders(asRequest), hook.peekHeaders(asRequest)]).toEqual([
      limited(2, 1),
      limited(2, 1),
    ]);
  });
});

describe('clientKey', () => {
  it.each([
    ['198.51.100.1', '198.51.100.1'],
    ['::ffff:198.51.100.1', '198.51.100.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0:1::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, client) => {
    expect(clientKey(ip)).toBe(client);
  });
});
