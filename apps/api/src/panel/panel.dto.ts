import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  PanelAchievementLogEntry,
  PanelAchievementLogResponse,
  PanelEconomyLogEntry,
  PanelEconomyLogResponse,
  PanelEventDetails,
  EVENT_ACTIONS,
  EventAction,
} from '@craftstats/contracts';

@ApiSchema({
  name: 'PanelEconomyLogEntry',
  description: 'Záznam ekonomického logu (jako veřejný log) s ID události.',
})
export class PanelEconomyLogEntryDto implements PanelEconomyLogEntry {
  @ApiProperty({ example: 'Notch' }) nick!: string;
  @ApiProperty({ example: '069a79f4-44e9-4726-a5be-fca90e38aaf5' }) uuid!: string;
  @ApiProperty({
    description: 'Typ události (panel ukazuje celou historii, tedy všechny typy).',
    example: 'ECONOMY_CRAFTCOINS_ADD',
    enum: EVENT_ACTIONS,
    enumName: 'EventAction',
  })
  action!: EventAction;
  @ApiProperty({ description: 'Původce změny.', example: 'survival' }) sender!: string;
  @ApiProperty({ description: 'Server, kde se změna stala.', example: 'survival' }) server!: string;
  @ApiProperty({ description: 'Hodnota před změnou (číselný text).', example: '100' }) old_value!: string;
  @ApiProperty({ description: 'Hodnota po změně (číselný text).', example: '150' }) new_value!: string;
  @ApiProperty({ description: 'Čas v ms od epochy jako text.', example: '1700000000000' }) date!: string;
  @ApiProperty({
    description: 'ID události od herního serveru (idempotenční klíč).',
    example: 'survival:000123',
  })
  event_id!: string;
  @ApiProperty({
    description:
      'Vlastní pole události: site (PLAYER_VOTE), mc_version (PLAYER_JOIN), mode/level/experience ' +
      '(PLAYER_UPDATE_LEVEL), odeslaná sociální pole (PLAYER_UPDATE_SOCIAL); jinak null.',
    type: 'object',
    additionalProperties: { anyOf: [{ type: 'string', nullable: true }, { type: 'integer' }] },
    nullable: true,
    example: { site: 'craftlist.org' },
  })
  details!: PanelEventDetails | null;
}

@ApiSchema({
  name: 'PanelAchievementLogEntry',
  description: 'Záznam logu achievementů (jako veřejný log) s ID události.',
})
export class PanelAchievementLogEntryDto implements PanelAchievementLogEntry {
  @ApiProperty({ example: 'Notch' }) nick!: string;
  @ApiProperty({ example: '069a79f4-44e9-4726-a5be-fca90e38aaf5' }) uuid!: string;
  @ApiProperty({ description: 'Interní ID achievementu.', example: 'game_first_join' }) ach_id!: string;
  @ApiProperty({ description: 'Zobrazovaný název.', example: 'První připojení' }) ach_name!: string;
  @ApiProperty({ description: 'Počet Achievement Points.', example: 10, type: 'integer' }) ach_value!: number;
  @ApiProperty({ example: 'survival' }) server!: string;
  @ApiProperty({ description: 'Čas v ms od epochy jako text.', example: '1700000000000' }) date!: string;
  @ApiProperty({
    description: 'ID události od herního serveru (idempotenční klíč).',
    example: 'survival:000124',
  })
  event_id!: string;
}

const NEXT_CURSOR = {
  description: 'Kurzor další stránky (předej jako `cursor`), nebo null na poslední stránce.',
  type: 'string',
  nullable: true,
  example: 'eyJkYXRlIjoxNzAwMDAwMDAwMDAwLCJpZCI6NDJ9',
} as const;

@ApiSchema({ name: 'PanelEconomyLogResponse' })
export class PanelEconomyLogResponseDto implements PanelEconomyLogResponse {
  @ApiProperty({ enum: [200], example: 200 }) status!: 200;
  @ApiProperty({ type: [PanelEconomyLogEntryDto], description: 'Záznamy od nejnovějšího.' })
  data!: PanelEconomyLogEntryDto[];
  @ApiProperty(NEXT_CURSOR) nextCursor!: string | null;
}

@ApiSchema({ name: 'PanelAchievementLogResponse' })
export class PanelAchievementLogResponseDto implements PanelAchievementLogResponse {
  @ApiProperty({ enum: [200], example: 200 }) status!: 200;
  @ApiProperty({ type: [PanelAchievementLogEntryDto], description: 'Záznamy od nejnovějšího.' })
  data!: PanelAchievementLogEntryDto[];
  @ApiProperty(NEXT_CURSOR) nextCursor!: string | null;
}
