import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import {
  LEVEL_MODES,
  LevelMode,
  LeaderboardEntry,
  LeaderboardResponse,
  LevelLeaderboardEntry,
  LevelLeaderboardResponse,
} from '@craftstats/contracts';
import { PERIOD_MESSAGES, isLevelMode, isMonthKey, weekKeyProblem } from '@craftstats/domain';
import { DtoMessages, ValidateShallow, answerWith } from '@craftstats/platform';

/** Who holds a place on a board: what every leaderboard entry starts with. */
abstract class RankedPlayerDto {
  @ApiProperty({ description: 'Pořadí, od 1 vzestupně (nejvýše 50).', example: 1, type: 'integer' })
  index!: number;

  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({
    description: 'UUID hráče (8-4-4-4-12, malá písmena).',
    example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  })
  uuid!: string;
}

export class LeaderboardEntryDto extends RankedPlayerDto implements LeaderboardEntry {
  @ApiProperty({ description: 'Hodnota statistiky (celé číslo).', example: 15000, type: 'integer' })
  value!: number;
}

export class LeaderboardResponseDto implements LeaderboardResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [LeaderboardEntryDto],
    description:
      'Nejvýše 50 záznamů: hodnota sestupně, při shodě nick (bez ohledu na velikost písmen), pak UUID.',
  })
  data!: LeaderboardEntryDto[];
}

export class LevelLeaderboardEntryDto extends RankedPlayerDto implements LevelLeaderboardEntry {
  @ApiProperty({
    description: 'Hodnota, podle které se řadí: level hráče v daném režimu (totéž co level).',
    example: 42,
    type: 'integer',
  })
  value!: number;

  @ApiProperty({ description: 'Level hráče v daném režimu.', example: 42, type: 'integer' })
  level!: number;

  @ApiProperty({
    description: 'Zkušenosti v daném režimu; u režimu global vždy 0 (global má jen level).',
    example: 1250,
    type: 'integer',
  })
  experience!: number;
}

export class LevelLeaderboardResponseDto implements LevelLeaderboardResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [LevelLeaderboardEntryDto],
    description:
      'Nejvýše 50 záznamů: level sestupně, pak zkušenosti sestupně, při shodě nick (bez ohledu na velikost písmen), pak UUID.',
  })
  data!: LevelLeaderboardEntryDto[];
}

/** A check of its own with its own answer (one answering constraint per way a parameter can fail). */
function Check(
  name: string,
  test: (value: unknown) => boolean,
  answer: Parameters<typeof answerWith>[0],
): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: test } }, answerWith(answer));
}

/**
 * `?month=` of the month board: any month, RRRR-MM in the community's calendar; without it the current
 * one. Other query parameters are ignored, as on every leaderboard (the original API's boards take none).
 */
@ValidateShallow({ ignoreUnknownFields: true })
@DtoMessages({ repeatedField: () => PERIOD_MESSAGES.month })
export class MonthBoardQueryDto {
  @ApiPropertyOptional({
    description: 'Měsíc ve tvaru RRRR-MM (kalendář TZ_COMMUNITY). Bez parametru aktuální měsíc.',
    pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
  })
  @IsOptional()
  @Check('month', (value) => typeof value === 'string' && isMonthKey(value), {
    message: PERIOD_MESSAGES.month,
  })
  month?: string;
}

/** `?week=` of the week board: the Monday of any week, RRRR-MM-DD; without it the current week. */
@ValidateShallow({ ignoreUnknownFields: true })
@DtoMessages({ repeatedField: () => PERIOD_MESSAGES.week })
export class WeekBoardQueryDto {
  @ApiPropertyOptional({
    description:
      'Pondělí týdne ve tvaru RRRR-MM-DD (kalendář TZ_COMMUNITY); jiný den je chyba 400. Bez parametru aktuální týden.',
    format: 'date',
  })
  @IsOptional()
  @Check('weekDate', (value) => typeof value === 'string' && weekKeyProblem(value) !== 'format', {
    message: PERIOD_MESSAGES.week,
  })
  @Check('weekMonday', (value) => typeof value !== 'string' || weekKeyProblem(value) !== 'not-monday', {
    message: (value) => PERIOD_MESSAGES.notMonday(String(value)),
  })
  week?: string;
}

/** `:mode` of a level board; another name is an unknown path (404 NOT_FOUND), as it always was. */
export class LevelBoardParamsDto {
  @ApiProperty({ enum: LEVEL_MODES, description: 'Herní režim.' })
  @Check('levelMode', (value) => typeof value === 'string' && isLevelMode(value), { code: 'NOT_FOUND' })
  mode!: LevelMode;
}
