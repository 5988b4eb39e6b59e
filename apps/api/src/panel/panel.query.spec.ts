import { ERROR_MESSAGES } from '@craftstats/contracts';
import { DomainError } from '@craftstats/domain';
import { CzechValidationPipe, toErrorEnvelope } from '@craftstats/platform';
import { PanelAchievementLogQueryDto, PanelEconomyLogQueryDto } from './panel.dto';
import { PanelQuery, decodeCursor, encodeCursor, toPanelQuery } from './panel.query';

const pipe = new CzechValidationPipe();
const DTOS = [PanelEconomyLogQueryDto, PanelAchievementLogQueryDto];

/** The query as the panel endpoints get it: checked by the global pipe, then mapped. */
async function parsePanelQuery(
  query: Record<string, unknown>,
  metatype: new () => object = PanelEconomyLogQueryDto,
): Promise<PanelQuery> {
  return toPanelQuery((await pipe.transform(query, { type: 'query', metatype })) as PanelEconomyLogQueryDto);
}

async function errorOf(query: Record<string, unknown>, metatype?: new () => object) {
  try {
    await parsePanelQuery(query, metatype);
  } catch (error) {
    if (error instanceof DomainError) {
      const { status, error: code, message } = toErrorEnvelope(error).envelope;
      return { status, code, message };
    }
    throw error;
  }
  throw new Error('expected a 400');
}

describe('panel query DTOs through the global validation pipe', () => {
  it('defaults to 100 entries, no filter and no cursor', async () => {
    for (const dto of DTOS)
      expect(await parsePanelQuery({}, dto)).toEqual({ filter: {}, limit: 100, cursor: null });
  });

  it('reads every filter, normalizing the uuid to its dashed lower-case form', async () => {
    const cursor = encodeCursor({ date: 1_700_000_000_000, id: 42 });
    for (const dto of DTOS)
      expect(
        await parsePanelQuery(
          {
            uuid: '069A79F444E94726A5BEFCA90E38AAF5',
            nick: 'Notch',
            action: 'ECONOMY_CRAFTCOINS_ADD',
            server: 'survival',
            from: '1',
            to: '1700000000000',
            limit: '500',
            cursor,
          },
          dto,
        ),
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

  it('refuses unknown and repeated parameters and out-of-range values with a 400 naming the parameter', async () => {
    expect(await errorOf({ sort: 'asc' })).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message:
        'Neznámý parametr dotazu „sort“. Povolené jsou: uuid, nick, action, server, from, to, limit, cursor.',
    });
    expect(await errorOf({ limit: ['1', '2'] })).toMatchObject({
      status: 400,
      message: 'Parametr „limit“ je v dotazu vícekrát.',
    });
    for (const limit of ['0', '501', '1e2', ' 5', '', '12345', '-1'])
      expect(await errorOf({ limit })).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Neplatný parametr limit: očekává se celé číslo od 1 do 500.',
      });
    expect(await errorOf({ uuid: 'abc' })).toEqual({
      status: 400,
      code: 'INVALID_UUID',
      message: ERROR_MESSAGES.INVALID_UUID,
    });
    expect(await errorOf({ nick: 'a b' })).toMatchObject({ status: 400, code: 'INVALID_NICK' });
    for (const from of ['9000000000000000', '8640000000000000', '12345678901234567', '1.5', 'x'])
      expect(await errorOf({ from })).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Neplatný parametr from: očekává se čas v milisekundách od epochy (celé nezáporné číslo).',
      });
    expect(await errorOf({ from: '5', to: '4' })).toMatchObject({
      status: 400,
      message: 'Parametr from nesmí být větší než to.',
    });
    for (const [name, value] of [
      ['action', 'economy_add'],
      ['server', ' '],
      ['server', 'x'.repeat(65)],
      ['server', 'a\u0000b'],
      ['cursor', 'nope!'],
      ['to', '-1'],
    ] as const)
      expect(await errorOf({ [name]: value })).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(new RegExp(`parametr ${name}`, 'i')),
      });
  });

  it('keeps the order of the checks: unknown and repeated parameters as sent, then uuid, nick, action, server, from, to, range, limit, cursor', async () => {
    expect((await errorOf({ limit: ['1', '2'], sort: 'x' })).message).toBe(
      'Parametr „limit“ je v dotazu vícekrát.',
    );
    expect((await errorOf({ uuid: 'bad', limit: ['1', '2'] })).message).toBe(
      'Parametr „limit“ je v dotazu vícekrát.',
    );
    expect((await errorOf({ sort: 'x', limit: ['1', '2'] })).message).toContain('„sort“');
    expect((await errorOf({ cursor: '!', limit: '0', uuid: 'bad' })).code).toBe('INVALID_UUID');
    expect((await errorOf({ cursor: '!', limit: '0', nick: 'a b' })).code).toBe('INVALID_NICK');
    expect((await errorOf({ limit: '0', from: '5', to: '4' })).message).toBe(
      'Parametr from nesmí být větší než to.',
    );
    expect((await errorOf({ to: 'x', from: 'y' })).message).toContain('parametr from');
    expect((await errorOf({ from: '5', to: 'x' })).message).toContain('parametr to');
    expect((await errorOf({ cursor: '!', limit: '0' })).message).toContain('parametr limit');
  });

  it('cuts a long unknown parameter name to 40 characters in the message', async () => {
    expect((await errorOf({ ['a'.repeat(100)]: '1' })).message).toContain(`„${'a'.repeat(40)}“`);
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
