import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import {
  PLAYERCOUNT_HISTORY_HOURS,
  PlayerCount,
  PlayerCountHistoryPoint,
  PlayerCountHistoryResponse,
  PlayerCountResponse,
  StaffListResponse,
  StaffMember,
  UniquePlayers,
  UniquePlayersResponse,
} from '@craftstats/contracts';
import { DtoMessages, ValidateShallow, answerWith } from '@craftstats/platform';

export const HISTORY_HOURS_MESSAGE =
  `Neplatný parametr hours: očekává se celé číslo od ${PLAYERCOUNT_HISTORY_HOURS.min} do ` +
  `${PLAYERCOUNT_HISTORY_HOURS.max} (počet hodin historie).`;

const HOURS = /^[1-9]\d{0,2}$/;

/** `?hours=` of the history (1..720, default 24); other query parameters are ignored, as they were. */
@ValidateShallow({ ignoreUnknownFields: true })
@DtoMessages({ repeatedField: () => HISTORY_HOURS_MESSAGE })
export class PlayerCountHistoryQueryDto {
  @IsOptional()
  @ValidateBy(
    {
      name: 'historyHours',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && HOURS.test(value) && Number(value) <= PLAYERCOUNT_HISTORY_HOURS.max,
      },
    },
    answerWith({ message: HISTORY_HOURS_MESSAGE }),
  )
  hours?: string;
}

export class PlayerSlotsDto {
  @ApiProperty({ description: 'Počet hráčů online.', example: 87, type: 'integer' })
  online!: number;

  @ApiProperty({ description: 'Maximální počet slotů.', example: 500, type: 'integer' })
  max!: number;
}

export class PlayerCountDto implements PlayerCount {
  @ApiProperty({ type: () => PlayerSlotsDto })
  players!: PlayerSlotsDto;

  @ApiProperty({ description: 'Odpověděl herní server na Server List Ping.', example: true })
  isOnline!: boolean;

  @ApiProperty({
    description: 'Číslo protokolu herního serveru (ne verze API), 0 = offline.',
    example: 765,
    type: 'integer',
  })
  version!: number;

  @ApiProperty({
    description: 'Naměřená doba odezvy (ping/pong) v ms, 0 = offline.',
    example: 12,
    type: 'integer',
  })
  latency!: number;

  @ApiProperty({
    description: 'Ikona serveru jako data URI (data:image/png;base64,…), "" = žádná.',
    example: '',
  })
  favicon!: string;
}

export class PlayerCountResponseDto implements PlayerCountResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({ type: () => PlayerCountDto })
  data!: PlayerCountDto;
}

export class UniquePlayersDto implements UniquePlayers {
  @ApiProperty({
    description:
      'Počet registrovaných hráčů od prosince 2013 (včetně UNIQUE_PLAYERS_OFFSET ze starších systémů).',
    example: 254301,
    type: 'integer',
  })
  amount!: number;
}

export class UniquePlayersResponseDto implements UniquePlayersResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({ type: () => UniquePlayersDto })
  data!: UniquePlayersDto;
}

export class StaffMemberDto implements StaffMember {
  @ApiProperty({ description: 'Nick člena AT.', example: 'Admin_Karel' })
  nick!: string;

  @ApiProperty({ description: 'UUID.', example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b' })
  uuid!: string;

  @ApiProperty({ description: 'ID ranku, číselný text.', example: '12' })
  rank!: string;
}

export class StaffListResponseDto implements StaffListResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({ type: () => [StaffMemberDto], description: 'Seřazeno podle ID ranku, pak nicku.' })
  data!: StaffMemberDto[];
}

export class PlayerCountHistoryPointDto implements PlayerCountHistoryPoint {
  @ApiProperty({
    description: 'Začátek intervalu (ms od epochy); interval je 1 minuta až 87 minut podle parametru hours.',
    example: 1795003200000,
    type: 'integer',
  })
  time!: number;

  @ApiProperty({
    description: 'Průměrný počet hráčů online ve vzorcích intervalu (na jedno desetinné místo).',
    example: 41.5,
  })
  online!: number;

  @ApiProperty({ description: 'Nejvyšší počet slotů ve vzorcích intervalu.', example: 500, type: 'integer' })
  max!: number;

  @ApiProperty({ description: 'Server odpověděl na ping alespoň v jednom vzorku intervalu.', example: true })
  isOnline!: boolean;
}

export class PlayerCountHistoryResponseDto implements PlayerCountHistoryResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [PlayerCountHistoryPointDto],
    description: 'Nejvýše 500 bodů od nejstaršího; minuty bez vzorku (API neběželo) v řadě chybí.',
  })
  data!: PlayerCountHistoryPointDto[];
}
