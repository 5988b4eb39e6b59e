import { ERROR_MESSAGES } from '@craftstats/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length, Matches, ValidateBy } from 'class-validator';
import { DomainError } from '@craftstats/domain';
import { toErrorEnvelope } from '../errors/error-envelope';
import { CzechValidationPipe, DtoMessages, ValidateShallow, answerWith } from './validation.pipe';

class PlainDto {
  @IsString()
  @Length(1, 8)
  name!: string;

  @IsString()
  server!: string;
}

@DtoMessages({ missingField: (name) => `Chybí ${name}.` })
class WordedDto {
  @IsString()
  name!: string;
}

const pipe = new CzechValidationPipe();
const body = (metatype: new () => object) => ({ type: 'body' as const, metatype });

/** The envelope of the failure of `value` as a body (default), path or query of `metatype`. */
async function failure(
  value: unknown,
  metatype: new () => object = PlainDto,
  type: 'body' | 'param' | 'query' = 'body',
): Promise<unknown> {
  try {
    await pipe.transform(value, { type, metatype });
  } catch (error) {
    return error instanceof DomainError ? toErrorEnvelope(error).envelope : error;
  }
  throw new Error('expected a validation failure');
}

describe('CzechValidationPipe', () => {
  it('returns the DTO instance for a valid body', async () => {
    const dto = await pipe.transform({ name: 'Pepa', server: 'survival' }, body(PlainDto));
    expect(dto).toBeInstanceOf(PlainDto);
    expect(dto).toEqual({ name: 'Pepa', server: 'survival' });
  });

  it('answers 400 VALIDATION_FAILED naming an unknown field before anything else', async () => {
    expect(await failure({ name: 42, extra: 1 })).toEqual({
      status: 400,
      error: 'VALIDATION_FAILED',
      message: 'Neplatný požadavek: pole "extra" není povolené.',
    });
  });

  it('names the first missing or invalid field in declaration order', async () => {
    expect(await failure({ server: 'x' })).toMatchObject({
      message: 'Neplatný požadavek: chybí pole "name".',
    });
    expect(await failure({ name: 'x'.repeat(9) })).toMatchObject({
      message: 'Neplatný požadavek: pole "name" má neplatnou hodnotu.',
    });
  });

  it('refuses bodies that are not JSON objects and prototype keys', async () => {
    for (const value of ['text', [1], null, 7]) {
      expect(await failure(value)).toMatchObject({
        message: 'Neplatný požadavek: tělo musí být JSON objekt.',
      });
    }
    expect(await failure(JSON.parse('{"constructor":"x","name":"a","server":"b"}'))).toMatchObject({
      message: 'Neplatný požadavek: pole "constructor" není povolené.',
    });
  });

  it('uses the wording a DTO declares with @DtoMessages', async () => {
    expect(await failure({}, WordedDto)).toMatchObject({ message: 'Chybí name.' });
  });

  it('leaves parameters without a DTO type alone', async () => {
    expect(await pipe.transform('anything', { type: 'body', metatype: Object })).toBe('anything');
  });

  describe('answers declared on constraints (answerWith)', () => {
    class AnsweredDto {
      @IsOptional()
      @Matches(/^[a-f0-9]{32}$/, answerWith({ code: 'INVALID_UUID' }))
      uuid?: string;

      @IsOptional()
      @ValidateBy(
        { name: 'short', validator: { validate: (v: unknown) => typeof v === 'string' && v.length <= 3 } },
        answerWith({ message: (v) => `Moc dlouhé: ${String((v as string).length)} znaků.` }),
      )
      word?: string;

      @IsOptional()
      @IsString()
      plain?: string;
    }

    it("answers with the constraint's code and that code's own message", async () => {
      expect(await failure({ uuid: 'x' }, AnsweredDto)).toEqual({
        status: 400,
        error: 'INVALID_UUID',
        message: ERROR_MESSAGES.INVALID_UUID,
      });
    });

    it('words the message from the offending value when the answer is a function', async () => {
      expect(await failure({ word: 'abcdef' }, AnsweredDto)).toEqual({
        status: 400,
        error: 'VALIDATION_FAILED',
        message: 'Moc dlouhé: 6 znaků.',
      });
    });

    it('keeps the DTO wording for constraints without an answer', async () => {
      expect(await failure({ plain: 7 }, AnsweredDto)).toMatchObject({
        message: 'Neplatný požadavek: pole "plain" má neplatnou hodnotu.',
      });
    });
  });

  describe('path parameters', () => {
    class CodeParamsDto {
      @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
      @Matches(/^[a-f0-9]{4}$/, answerWith({ code: 'INVALID_UUID' }))
      code!: string;
    }
    const param = (value: unknown) => pipe.transform(value, { type: 'param', metatype: CodeParamsDto });
    const paramFailure = (value: unknown) => failure(value, CodeParamsDto, 'param');

    it("returns the DTO's instance with its transforms applied, the same one for the same value", async () => {
      const first = await param({ code: 'AB12' });
      expect(first).toBeInstanceOf(CodeParamsDto);
      expect(first).toEqual({ code: 'ab12' });
      expect(await param({ code: 'AB12' })).toBe(first);
    });

    it("answers with the constraint's code, or names an unknown parameter", async () => {
      expect(await paramFailure({ code: 'xyz' })).toEqual({
        status: 400,
        error: 'INVALID_UUID',
        message: ERROR_MESSAGES.INVALID_UUID,
      });
      expect(await paramFailure({ code: 'ab12', other: '1' })).toMatchObject({
        error: 'VALIDATION_FAILED',
        message: 'Neplatný požadavek: pole "other" není povolené.',
      });
      expect(await paramFailure(JSON.parse('{"__proto__":"x","code":"ab12"}'))).toMatchObject({
        message: 'Neplatný požadavek: pole "__proto__" není povolené.',
      });
    });
  });

  describe('query parameters', () => {
    class QueryDto {
      @IsOptional() @IsString() a?: string;
      @IsOptional() @IsString() b?: string;
    }
    const query = (value: unknown) => pipe.transform(value, { type: 'query', metatype: QueryDto });
    const queryFailure = (value: unknown) => failure(value, QueryDto, 'query');

    it('refuses unknown and repeated parameters in the order they were sent', async () => {
      expect(await queryFailure({ b: ['1', '2'], c: '1' })).toMatchObject({
        message: 'Neplatný požadavek: parametr "b" je v dotazu vícekrát.',
      });
      expect(await queryFailure({ c: '1', b: ['1', '2'] })).toMatchObject({
        message: 'Neplatný požadavek: pole "c" není povolené.',
      });
    });

    it("accepts the query parser's dictionaries (a prototype without a prototype), not class instances", async () => {
      const parsed = Object.create(Object.create(null) as object) as Record<string, string>;
      parsed['a'] = 'x';
      expect(await query(parsed)).toEqual({ a: 'x' });
      expect(await queryFailure(new (class Other {})())).toMatchObject({
        message: 'Neplatný požadavek: tělo musí být JSON objekt.',
      });
    });
  });

  describe('@ValidateShallow', () => {
    @ValidateShallow()
    class StrictShallowDto {
      @ValidateBy({ name: 'isArray', validator: { validate: (v: unknown) => Array.isArray(v) } })
      items!: unknown[];
    }

    @ValidateShallow({ ignoreUnknownFields: true })
    class LenientShallowDto {
      @ValidateBy({ name: 'isArray', validator: { validate: (v: unknown) => Array.isArray(v) } })
      items!: unknown[];
    }

    it('passes the own top-level values through as they are, without copying them', async () => {
      const items = [{ constructor: 1, nested: { deep: true } }];
      const dto = (await pipe.transform({ items }, body(StrictShallowDto))) as StrictShallowDto;
      expect(dto).toBeInstanceOf(StrictShallowDto);
      expect(dto.items).toBe(items);
    });

    it('refuses unknown fields unless the DTO ignores them', async () => {
      expect(await failure({ items: [], other: 1 }, StrictShallowDto)).toMatchObject({
        message: 'Neplatný požadavek: pole "other" není povolené.',
      });
      const items: unknown[] = [];
      const dto = (await pipe.transform(
        { items, other: 1, constructor: 2 },
        body(LenientShallowDto),
      )) as LenientShallowDto;
      expect(dto.items).toBe(items);
      expect(Object.keys(dto)).toEqual(['items']);
    });

    it('reads only own data properties: an accessor counts as missing', async () => {
      const withGetter = Object.defineProperty({}, 'items', { get: () => [], enumerable: true });
      expect(await failure(withGetter, LenientShallowDto)).toMatchObject({
        message: 'Neplatný požadavek: chybí pole "items".',
      });
    });
  });
});
