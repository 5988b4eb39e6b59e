import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import {
  PLAYER_SEARCH_LIMIT,
  PLAYER_SEARCH_QUERY_PATTERN,
  PlayerSearchResponse,
  PlayerSearchResult,
} from '@craftstats/contracts';
import { DtoMessages, answerWith } from '@craftstats/platform';

export const SEARCH_QUERY_MESSAGES = {
  unknown: (name: string) => `Neznámý parametr dotazu „${name}“. Povolený je jen q.`,
  repeated: (name: string) => `Parametr „${name}“ je v dotazu vícekrát.`,
  q: 'Neplatný parametr q: očekává se začátek nicku, 1 až 32 znaků z A–Z, a–z, 0–9 a _ . * -.',
} as const;

/** The query of `GET /search/players`: `q`, the start of a nick (required). */
@DtoMessages({
  unknownField: (name) => SEARCH_QUERY_MESSAGES.unknown(name.slice(0, 40)),
  repeatedField: SEARCH_QUERY_MESSAGES.repeated,
})
export class PlayerSearchQueryDto {
  @ApiProperty({
    type: 'string',
    description:
      'Začátek nicku (1–32 znaků A–Z, a–z, 0–9, _ . * -); velikost písmen nehraje roli. Jiné znaky či délka jsou chyba 400.',
    example: 'Pep',
    pattern: PLAYER_SEARCH_QUERY_PATTERN.source,
  })
  @ValidateBy(
    {
      name: 'q',
      validator: { validate: (v: unknown) => typeof v === 'string' && PLAYER_SEARCH_QUERY_PATTERN.test(v) },
    },
    answerWith({ message: SEARCH_QUERY_MESSAGES.q }),
  )
  q!: string;
}

export class PlayerSearchResultDto implements PlayerSearchResult {
  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({
    description: 'UUID hráče (8-4-4-4-12, malá písmena).',
    example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  })
  uuid!: string;
}

export class PlayerSearchResponseDto implements PlayerSearchResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [PlayerSearchResultDto],
    description: `Nejvýše ${PLAYER_SEARCH_LIMIT} hráčů, seřazeno podle nicku (bez ohledu na velikost písmen), pak UUID; prázdný seznam, když žádný nick nezačíná zadaným textem.`,
  })
  data!: PlayerSearchResultDto[];
}
