import { IsString, Length } from 'class-validator';
import { ApiException } from '../errors/error-envelope';
import { CzechValidationPipe, DtoMessages } from './validation.pipe';

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

async function failure(value: unknown, metatype: new () => object = PlainDto): Promise<unknown> {
  try {
    await pipe.transform(value, body(metatype));
  } catch (error) {
    return error instanceof ApiException ? error.getResponse() : error;
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
});
