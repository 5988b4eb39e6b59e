import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, ValidationArguments } from 'class-validator';
import {
  PANEL_DEFAULT_LIMIT,
  PANEL_MAX_LIMIT,
  PanelAchievementLogEntry,
  PanelAchievementLogResponse,
  PanelEconomyLogEntry,
  PanelEconomyLogResponse,
  PanelEventDetails,
  EVENT_ACTIONS,
  EventAction,
  PanelLogQuery,
} from '@craftstats/contracts';
import { isValidNick, normalizeUuid } from '@craftstats/domain';
import { DtoMessages, answerWith } from '@craftstats/platform';
import { decodeCursor } from './panel.query';

/** Every parameter the panel log endpoints know, in the order they are checked. */
export const PANEL_QUERY_KEYS: ReadonlyArray<keyof PanelLogQuery> = [
  'uuid',
  'nick',
  'action',
  'server',
  'from',
  'to',
  'limit',
  'cursor',
];

export const PANEL_QUERY_MESSAGES = {
  unknown: (name: string) =>
    `Neznámý parametr dotazu „${name}“. Povolené jsou: ${PANEL_QUERY_KEYS.join(', ')}.`,
  repeated: (name: string) => `Parametr „${name}“ je v dotazu vícekrát.`,
  action: 'Neplatný parametr action: očekává se název akce, např. ECONOMY_CRAFTCOINS_ADD.',
  server: 'Neplatný parametr server: očekává se název serveru (1 až 64 znaků).',
  time: (name: string) =>
    `Neplatný parametr ${name}: očekává se čas v milisekundách od epochy (celé nezáporné číslo).`,
  range: 'Parametr from nesmí být větší než to.',
  limit: `Neplatný parametr limit: očekává se celé číslo od 1 do ${PANEL_MAX_LIMIT}.`,
  cursor: 'Neplatný parametr cursor: použij hodnotu nextCursor z předchozí stránky.',
} as const;

/** Largest valid JS time value (ms) + 1. */
const MAX_TIME_EXCLUSIVE = 8.64e15;
const ACTION = /^[A-Z][A-Z0-9_]{0,63}$/;
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** Query text matching `digits` becomes a number; anything else stays text (and fails its check). */
const digitsToNumber =
  (digits: RegExp) =>
  ({ value }: { value: unknown }): unknown =>
    typeof value === 'string' && digits.test(value) ? Number(value) : value;

const isTime = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < MAX_TIME_EXCLUSIVE;

/** A check of its own with its own answer (one answering constraint per way a parameter can fail). */
function Check(
  name: string,
  test: (value: unknown, args: ValidationArguments) => boolean,
  answer: Parameters<typeof answerWith>[0],
): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: test } }, answerWith(answer));
}

/**
 * The query of both panel log endpoints (all filters optional, combined with AND): the checks and the
 * OpenAPI parameters. Built per endpoint only because `action` is described differently on each.
 * Unknown or repeated parameters and invalid values are a 400 envelope with a Czech message naming the
 * parameter (`INVALID_UUID`/`INVALID_NICK` for a bad uuid/nick, as on the public endpoints).
 */
function PanelLogQueryDto(actionDescription: string) {
  @DtoMessages({
    unknownField: (name) => PANEL_QUERY_MESSAGES.unknown(name.slice(0, 40)),
    repeatedField: PANEL_QUERY_MESSAGES.repeated,
  })
  class PanelLogQueryBase implements Omit<PanelLogQuery, 'action'> {
    @ApiPropertyOptional({
      type: 'string',
      description: 'UUID hráče, s pomlčkami i bez, libovolná velikost písmen.',
    })
    @IsOptional()
    @Check('uuid', (v) => typeof v === 'string' && normalizeUuid(v) !== null, { code: 'INVALID_UUID' })
    uuid?: string;

    @ApiPropertyOptional({
      type: 'string',
      description: 'Nick hráče (bez ohledu na velikost písmen); hledá se hráč, který ho nosí teď.',
    })
    @IsOptional()
    @Check('nick', (v) => typeof v === 'string' && isValidNick(v), { code: 'INVALID_NICK' })
    nick?: string;

    /** Any action-shaped text (an action that never occurs gives an empty page). */
    @ApiPropertyOptional({ type: 'string', description: actionDescription })
    @IsOptional()
    @Check('action', (v) => typeof v === 'string' && ACTION.test(v), { message: PANEL_QUERY_MESSAGES.action })
    action?: string;

    @ApiPropertyOptional({ type: 'string', description: 'Název serveru, na kterém se událost stala.' })
    @IsOptional()
    @Check(
      'server',
      (v) => typeof v === 'string' && v.trim() !== '' && [...v].length <= 64 && !UNPRINTABLE.test(v),
      { message: PANEL_QUERY_MESSAGES.server },
    )
    server?: string;

    @ApiPropertyOptional({ type: 'integer', description: 'Od času (včetně), ms od epochy.' })
    @IsOptional()
    @Transform(digitsToNumber(/^\d{1,16}$/))
    @Check('from', isTime, { message: PANEL_QUERY_MESSAGES.time('from') })
    from?: number;

    @ApiPropertyOptional({ type: 'integer', description: 'Do času (včetně), ms od epochy.' })
    @IsOptional()
    @Transform(digitsToNumber(/^\d{1,16}$/))
    @Check('to', isTime, { message: PANEL_QUERY_MESSAGES.time('to') })
    @Check(
      'fromNotAfterTo',
      (to, { object }) => {
        const { from } = object as { from?: unknown };
        return !isTime(to) || !isTime(from) || from <= to;
      },
      { message: PANEL_QUERY_MESSAGES.range },
    )
    to?: number;

    @ApiPropertyOptional({
      type: 'integer',
      description: `Počet záznamů na stránku, 1 až ${PANEL_MAX_LIMIT}, výchozí ${PANEL_DEFAULT_LIMIT}.`,
    })
    @IsOptional()
    @Transform(digitsToNumber(/^\d{1,4}$/))
    @Check(
      'limit',
      (v) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= PANEL_MAX_LIMIT,
      {
        message: PANEL_QUERY_MESSAGES.limit,
      },
    )
    limit?: number;

    @ApiPropertyOptional({ type: 'string', description: 'Hodnota `nextCursor` z předchozí stránky.' })
    @IsOptional()
    @Check('cursor', (v) => typeof v === 'string' && decodeCursor(v) !== null, {
      message: PANEL_QUERY_MESSAGES.cursor,
    })
    cursor?: string;
  }
  return PanelLogQueryBase;
}

export class PanelEconomyLogQueryDto extends PanelLogQueryDto(
  'Typ akce, např. ECONOMY_CRAFTCOINS_ADD nebo PLAYER_UPDATE_RANK.',
) {}

export class PanelAchievementLogQueryDto extends PanelLogQueryDto(
  'Typ akce; log achievementů obsahuje jen ACHIEVEMENT_COMPLETE (jiná akce vrátí prázdnou stránku).',
) {}

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
