import { ApiException } from '@craftstats/platform';
import { decodeCursor, encodeCursor, parsePanelQuery } from './panel.query';

const errorOf = (query: Record<string, unknown>) => {
  try {
    parsePanelQuery(query);
  } catch (error) {
    if (error instanceof ApiException)
      return { status: error.getStatus(), code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a 400');
};

describe('parsePanelQuery', () => {
  it('defaults to 100 entries, no filter and no cursor', () => {
    expect(parsePanelQuery({})).toEqual({ filter: {}, limit: 100, cursor: null });
    expect(parsePanelQuery(undefined)).toEqual({ filter: {}, limit: 100, cursor: null });
  });

  it('reads every filter, normalizing the uuid to its dashed lower-case form', () => {
    const cursor = encodeCursor({ date: 1_700_000_000_000, id: 42 });
    expect(
      parsePanelQuery({
        uuid: '069A79F444E94726A5BEFCA90E38AAF5',
        nick: 'Notch',
        action: 'ECONOMY_CRAFTCOINS_ADD',
        server: 'survival',
        from: '1',
        to: '1700000000000',
        limit: '500',
        cursor,
      }),
    ).toEqual({
      filter: {
        uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        nick: 'Notch',
        action: 'ECONOMY_CRAFTCOINS_ADD',
        server: 'survival',
        from: 1,
        to: 1_700_000_000_000,
      },
      limit: 500,
      cursor: { date: 1_700_000_000_000, id: 42 },
    });
  });

  it('refuses unknown and repeated parameters and out-of-range values with a 400 naming the parameter', () => {
    expect(errorOf({ sort: 'asc' })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('„sort“'),
    });
    expect(errorOf({ limit: ['1', '2'] })).toMatchObject({
      status: 400,
      message: 'Parametr „limit“ je v dotazu vícekrát.',
    });
    for (const limit of ['0', '501', '1e2', ' 5', ''])
      expect(errorOf({ limit })).toMatchObject({ status: 400, message: expect.stringContaining('limit') });
    expect(errorOf({ uuid: 'abc' })).toMatchObject({ status: 400, code: 'INVALID_UUID' });
    expect(errorOf({ nick: 'a b' })).toMatchObject({ status: 400, code: 'INVALID_NICK' });
    expect(errorOf({ from: '9000000000000000' })).toMatchObject({
      status: 400,
      message: expect.stringContaining('from'),
    });
    expect(errorOf({ from: '5', to: '4' })).toMatchObject({
      status: 400,
      message: 'Parametr from nesmí být větší než to.',
    });
  });
});

describe('panel cursor', () => {
  it('round-trips {date, id} through opaque base64url text', () => {
    const text = encodeCursor({ date: 1_700_000_000_123, id: 9 });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))).toEqual({
      date: 1_700_000_000_123,
      id: 9,
    });
    expect(decodeCursor(text)).toEqual({ date: 1_700_000_000_123, id: 9 });
  });

  it('rejects anything that is not exactly two non-negative safe integers', () => {
    const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      '',
      '!!!',
      enc(null),
      enc({ date: 1 }),
      enc({ date: 1, id: 1.5 }),
      enc({ date: -1, id: 1 }),
      enc({ date: 1, id: 2 ** 53 }),
      enc({ date: '1', id: 1 }),
    ]) {
      expect(decodeCursor(text)).toBeNull();
    }
  });
});
