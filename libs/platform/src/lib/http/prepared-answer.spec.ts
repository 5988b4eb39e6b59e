import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreparedAnswer, ServedAnswers, matchesIfNoneMatch, writePreparedAnswer } from './prepared-answer';

describe('PreparedAnswer', () => {
  it('serializes { status: 200, data } to UTF-8 bytes with a quoted sha256 ETag of those bytes', () => {
    const answer = PreparedAnswer.of([{ nick: 'Žluťoučký', value: 1 }], 5_000, 2_000);
    const text = '{"status":200,"data":[{"nick":"Žluťoučký","value":1}]}';
    expect(answer.body.toString('utf8')).toBe(text);
    const hash = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64url').slice(0, 32);
    expect(answer.etag).toBe(`"${hash}"`);
    expect(answer).toMatchObject({ createdAt: 5_000, expiresAt: 7_000 });
  });

  it('holds its bytes in a memory block of their own, so a cached answer keeps no shared pool slab alive', () => {
    const answer = PreparedAnswer.of({ nick: 'Žluťoučký', levels: [1, 2, 3] }, 0, 1);
    expect(answer.body.byteOffset).toBe(0);
    expect(answer.body.buffer.byteLength).toBe(answer.body.length);
  });

  it('gives equal data the same ETag and different data a different one', () => {
    expect(PreparedAnswer.of({ a: 1 }, 0, 1).etag).toBe(PreparedAnswer.of({ a: 1 }, 99, 5).etag);
    expect(PreparedAnswer.of({ a: 1 }, 0, 1).etag).not.toBe(PreparedAnswer.of({ a: 2 }, 0, 1).etag);
  });

  it.each([
    [10_000, 'public, max-age=2'],
    [10_999, 'public, max-age=1'],
    [11_000, 'public, max-age=1'],
    [11_001, 'public, max-age=0'],
    [15_000, 'public, max-age=0'],
  ])('at %i ms its Cache-Control is %j: what is left of the TTL, never more', (now, expected) => {
    expect(PreparedAnswer.of([], 10_000, 2_000).cacheControl(now)).toBe(expected);
  });

  it('is immutable for a year for data that no longer changes, whatever the time', () => {
    const closed = PreparedAnswer.of([], 10_000, 2_000, 31_536_000);
    expect([closed.cacheControl(10_000), closed.cacheControl(99_000)]).toEqual([
      'public, max-age=31536000, immutable',
      'public, max-age=31536000, immutable',
    ]);
  });
});

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

describe('writePreparedAnswer', () => {
  const answer = PreparedAnswer.of({ amount: 3 }, 10_000, 5_000);

  function fakeReply() {
    const calls = { headers: {} as Record<string, string>, code: 0, body: undefined as unknown };
    const reply = {
      headers(fields: Record<string, string>) {
        Object.assign(calls.headers, fields);
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

  it('sends the bytes with ETag and Cache-Control: public, max-age=<remaining seconds>', () => {
    const { reply, calls } = fakeReply();
    writePreparedAnswer(request({}), reply, answer, 10_500);
    expect(calls).toEqual({
      code: 200,
      body: answer.body,
      headers: {
        etag: answer.etag,
        'cache-control': 'public, max-age=4',
        'content-type': 'application/json; charset=utf-8',
      },
    });
  });

  it('answers 304 without a body when If-None-Match names the ETag', () => {
    const { reply, calls } = fakeReply();
    writePreparedAnswer(request({ 'if-none-match': answer.etag }), reply, answer, 10_500);
    expect(calls).toEqual({
      code: 304,
      body: undefined,
      headers: { etag: answer.etag, 'cache-control': 'public, max-age=4' },
    });
  });
});

describe('ServedAnswers', () => {
  it('gives back the answer remembered for a request target until its TTL runs out, then forgets it', () => {
    const served = new ServedAnswers();
    const answer = PreparedAnswer.of([1], 10_000, 2_000);
    served.remember('/economy/log', answer, '/economy/log');
    expect([served.fresh('/economy/log', 10_000), served.fresh('/economy/log', 11_999)]).toEqual([
      { answer, route: '/economy/log' },
      { answer, route: '/economy/log' },
    ]);
    expect(served.fresh('/economy/log?x=1', 10_000)).toBeUndefined();
    expect(served.fresh('/economy/log', 12_000)).toBeUndefined();
    expect(served.size).toBe(0);
  });

  it('serves an answer made for the current period only while it is current', () => {
    let month = '2026-11';
    const answer = PreparedAnswer.of([1], 0, 2_000);
    const current = answer.whileCurrent(() => month === '2026-11');
    expect([current.body, current.etag, current.expiresAt]).toEqual([
      answer.body,
      answer.etag,
      answer.expiresAt,
    ]);
    const served = new ServedAnswers();
    served.remember('/economy/leaderboard/month-votes', current, '/economy/leaderboard/month-votes');
    expect(served.fresh('/economy/leaderboard/month-votes', 1_000)?.answer).toBe(current);
    month = '2026-12';
    expect(served.fresh('/economy/leaderboard/month-votes', 1_000)).toBeUndefined();
    // The micro-cache's own answer stays fresh for its key (the period) until it expires.
    expect(answer.isFresh(1_000)).toBe(true);
  });

  it('makes the same answer for one request only, and keeps that through whileCurrent', () => {
    const answer = PreparedAnswer.of({ nick: 'Pepa' }, 0, 1_000);
    const once = answer.forThisRequestOnly();
    expect([once.body, once.etag, once.createdAt, once.expiresAt]).toEqual([
      answer.body,
      answer.etag,
      answer.createdAt,
      answer.expiresAt,
    ]);
    expect([answer.repeatable, once.repeatable]).toEqual([true, false]);
    expect(once.whileCurrent(() => true).repeatable).toBe(false);
    expect(answer.whileCurrent(() => true).repeatable).toBe(true);
  });

  it('holds at most its bound of targets, dropping the oldest first', () => {
    const served = new ServedAnswers(3);
    const answer = PreparedAnswer.of([], 0, 60_000);
    for (const target of ['/a', '/b', '/c', '/d']) served.remember(target, answer, '/t');
    expect(served.size).toBe(3);
    expect(['/a', '/b', '/d'].map((t) => served.fresh(t, 0)?.answer === answer)).toEqual([false, true, true]);
  });

  it('drops the oldest eighth of its bound at once when full, not one target per insert', () => {
    const served = new ServedAnswers(16);
    const answer = PreparedAnswer.of([], 0, 60_000);
    const targets = Array.from({ length: 17 }, (_, i) => `/t${i}`);
    for (const target of targets) served.remember(target, answer, '/t');
    expect(served.size).toBe(14);
    expect(targets.filter((t) => served.fresh(t, 0) === undefined)).toEqual(['/t0', '/t1', '/t2']);
  });
});
