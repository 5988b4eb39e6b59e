import type { ArgumentMetadata, Type } from '@nestjs/common';
import { DomainError } from '@craftstats/domain';
import { CzechValidationPipe } from '@craftstats/platform';
import { PlayerNickParamsDto, PlayerUuidParamsDto } from './players.dto';

const UUID = '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b';
const pipe = new CzechValidationPipe();
const param = (metatype: Type): ArgumentMetadata => ({ type: 'param', metatype, data: undefined });

/** The answer of the global pipe for these path parameters: the checked DTO, or the error code. */
async function checked(metatype: Type, params: Record<string, string>): Promise<unknown> {
  try {
    return { ...((await pipe.transform(params, param(metatype))) as object) };
  } catch (error) {
    return error instanceof DomainError ? error.code : error;
  }
}

describe("the profile routes' path parameters", () => {
  it.each(['Pepa', 'PePa_Novak', 'a', 'x'.repeat(32)])('takes the nick %j as it is', async (nick) => {
    expect(await checked(PlayerNickParamsDto, { nick })).toEqual({ nick });
  });

  it.each(['', 'a'.repeat(33), 'bad nick', 'nick\u0000', "' OR 1=1--", 'Žluťák'])(
    'answers INVALID_NICK for the nick %j',
    async (nick) => {
      expect(await checked(PlayerNickParamsDto, { nick })).toBe('INVALID_NICK');
    },
  );

  it.each([UUID, UUID.toUpperCase(), UUID.replace(/-/g, ''), UUID.replace(/-/g, '').toUpperCase()])(
    'hands the uuid %j over dashed and lower-case',
    async (uuid) => {
      expect(await checked(PlayerUuidParamsDto, { uuid })).toEqual({ uuid: UUID });
    },
  );

  it.each([
    '',
    'not-a-uuid',
    '3f2b8c1e9a4d4e7b8c215d6e7f809a1',
    '3f2b8c1e-9a4d4-e7b-8c21-5d6e7f809a1b',
    `{${UUID}}`,
  ])('answers INVALID_UUID for the uuid %j', async (uuid) => {
    expect(await checked(PlayerUuidParamsDto, { uuid })).toBe('INVALID_UUID');
  });

  it('answers a repeated lookup with the same checked parameters (remembered, not validated again)', async () => {
    const first = await pipe.transform({ nick: 'Opakovany' }, param(PlayerNickParamsDto));
    expect(await pipe.transform({ nick: 'Opakovany' }, param(PlayerNickParamsDto))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});
