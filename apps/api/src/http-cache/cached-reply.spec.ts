import type { FastifyReply, FastifyRequest } from 'fastify';
import { CachedReplies, matchesIfNoneMatch, remainingMaxAge } from './cached-reply';
import { Clock } from '@craftstats/platform';
import { serializeEnvelope } from './micro-cache';

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x" ,W/"abc" ', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });

  it('is false without the header and reads repeated headers', () => {
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch(['"x"', '"abc"'], etag)).toBe(true);
  });
});

describe('remainingMaxAge', () => {
  const cached = serializeEnvelope([], 10_000, 2_000);
  it.each([
    [10_000, 2],
    [10_999, 1],
    [11_000, 1],
    [11_001, 0],
    [12_000, 0],
    [15_000, 0],
  ])('at %i ms → max-age=%i', (now, expected) => {
    expect(remainingMaxAge(cached, now)).toBe(expected);
  });
});

describe('CachedReplies', () => {
  class FixedClock extends Clock {
    now(): number {
      return 10_500;
    }
  }
  const cached = serializeEnvelope({ amount: 3 }, 10_000, 5_000);

  function fakeReply() {
    const calls = { headers: {} as Record<string, string>, code: 0, body: undefined as unknown };
    const reply = {
      header(name: string, value: string) {
        calls.headers[name] = value;
        return reply;
      },
      code(status: number) {
        calls.code = status;
        return reply;
      },
      send(body?: unknown) {
        calls.body = body;
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, calls };
  }
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

  it('sends the cached bytes with ETag and Cache-Control: public, max-age=<remaining seconds>', () => {
    const { reply, calls } = fakeReply();
    new CachedReplies(new FixedClock()).send(request({}), reply, cached);
    expect(calls.code).toBe(200);
    expect(calls.body).toBe(cached.body);
    expect(calls.headers).toEqual({
      etag: cached.etag,
      'cache-control': 'public, max-age=4',
      'content-type': 'application/json; charset=utf-8',
    });
  });

  it('answers 304 without a body when If-None-Match names the ETag', () => {
    const { reply, calls } = fakeReply();
    new CachedReplies(new FixedClock()).send(request({ 'if-none-match': cached.etag }), reply, cached);
    expect(calls.code).toBe(304);
    expect(calls.body).toBeUndefined();
    expect(calls.headers).toEqual({ etag: cached.etag, 'cache-control': 'public, max-age=4' });
  });
});

describe('CachedReplies for data that no longer changes', () => {
  class FixedClock extends Clock {
    now(): number {
      return 10_500;
    }
  }
  it('sends Cache-Control: public, max-age=<immutableMaxAge>, immutable with the ETag', () => {
    const headers: Record<string, string> = {};
    const reply = {
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
      code: () => reply,
      send: () => reply,
    };
    const cached = serializeEnvelope([], 10_000, 5_000);
    new CachedReplies(new FixedClock()).send(
      { headers: {} } as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
      cached,
      { immutableMaxAge: 31_536_000 },
    );
    expect(headers).toMatchObject({
      etag: cached.etag,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
});
