import { ApiProperty } from '@nestjs/swagger';
import {
  AchievementLogEntry,
  AchievementLogResponse,
  ECONOMY_LOG_ACTIONS,
  EconomyLogAction,
  EconomyLogEntry,
  EconomyLogResponse,
} from '@craftstats/contracts';

export class EconomyLogEntryDto implements EconomyLogEntry {
  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({ description: 'UUID hráče.', example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b' })
  uuid!: string;

  @ApiProperty({
    description: 'Typ záznamu: ECONOMY_*, PLAYER_UPDATE_RANK, PLAYER_SET_TAG nebo PLAYER_DISCORD_CONNECT.',
    example: 'ECONOMY_CRAFTCOINS_ADD',
    enum: ECONOMY_LOG_ACTIONS,
    enumName: 'EconomyLogAction',
  })
  action!: EconomyLogAction;

  @ApiProperty({ description: 'Původce změny (jméno aktéra na serveru).', example: 'survival' })
  sender!: string;

  @ApiProperty({ description: 'Server, na kterém ke změně došlo.', example: 'survival' })
  server!: string;

  @ApiProperty({ description: 'Hodnota před změnou, číselný text.', example: '100' })
  old_value!: string;

  @ApiProperty({ description: 'Hodnota po změně, číselný text (přesně i nad 2^53).', example: '150' })
  new_value!: string;

  @ApiProperty({ description: 'Čas v milisekundách od epochy, jako text.', example: '1763467200000' })
  date!: string;
}

export class AchievementLogEntryDto implements AchievementLogEntry {
  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({ description: 'UUID hráče.', example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b' })
  uuid!: string;

  @ApiProperty({
    description: 'Interní identifikátor achievementu (hra_událost).',
    example: 'game_first_join',
  })
  ach_id!: string;

  @ApiProperty({ description: 'Název zobrazený hráči.', example: 'Vítej na serveru!' })
  ach_name!: string;

  @ApiProperty({
    description: 'Počet Achievement Points za splnění (celé číslo).',
    example: 5,
    type: 'integer',
  })
  ach_value!: number;

  @ApiProperty({ description: 'Server, na kterém byl achievement splněn.', example: 'survival' })
  server!: string;

  @ApiProperty({ description: 'Čas v milisekundách od epochy, jako text.', example: '1763467200000' })
  date!: string;
}

export class EconomyLogResponseDto implements EconomyLogResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [EconomyLogEntryDto],
    description: 'Nejvýše 50 posledních záznamů, nejnovější první.',
  })
  data!: EconomyLogEntryDto[];
}

export class AchievementLogResponseDto implements AchievementLogResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [AchievementLogEntryDto],
    description: 'Nejvýše 50 posledních záznamů, nejnovější první.',
  })
  data!: AchievementLogEntryDto[];
}
