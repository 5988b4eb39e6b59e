import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import {
  EVENT_ACTIONS,
  EventAction,
  EventValue,
  INGEST_MAX_EVENTS,
  IngestEvent,
  IngestEventBase,
  IngestRejection,
  IngestRequest,
  IngestResponse,
  LEVEL_MODES,
  LevelMode,
} from '@craftstats/contracts';
import { DtoMessages, ValidateShallow, answerWith } from '@craftstats/platform';
import { INGEST_BODY_ERRORS, ingestBatchProblem, isIngestBatch } from './events.request';

const VALUE_SCHEMA = { oneOf: [{ type: 'string', pattern: '^-?\\d{1,20}$' }, { type: 'integer' }] };
const URL_OR_NULL = {
  type: 'string',
  nullable: true,
  maxLength: 512,
  example: 'https://twitch.tv/pepa',
} as const;

/**
 * One event as a game server sends it (documentation of the wire format; the contracts' `IngestEvent`
 * union is the type). Besides the common fields, only the fields of the event's action are read.
 */
export class IngestEventDto implements IngestEventBase {
  @ApiProperty({
    description: 'Idempotenční klíč: 1–64 znaků [A-Za-z0-9._:-], jedinečný v rámci serveru (tokenu).',
    pattern: '^[A-Za-z0-9._:-]{1,64}$',
    example: 'survival:01J9Z3K5T8:000042',
  })
  id!: string;

  @ApiProperty({ enum: EVENT_ACTIONS, description: 'Typ události.', example: 'PLAYER_VOTE' })
  action!: EventAction;

  @ApiProperty({
    description: 'UUID hráče, s pomlčkami i bez.',
    example: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  })
  uuid!: string;

  @ApiProperty({ description: 'Nick hráče: 1–32 znaků [A-Za-z0-9_.*-].', example: 'Notch' })
  nick!: string;

  @ApiPropertyOptional({
    description: 'Server, kde se událost stala; výchozí je jméno serveru tokenu.',
    maxLength: 64,
  })
  server?: string;

  @ApiPropertyOptional({ description: 'Původce změny; výchozí je `server`.', maxLength: 64 })
  sender?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Čas události v ms od 1. 1. 1970 (celé číslo); výchozí je čas přijetí.',
    example: 1763467200000,
  })
  date?: number;

  @ApiPropertyOptional({
    ...VALUE_SCHEMA,
    description: 'Hodnota před změnou: číselný text nebo celé číslo; ukládá se jako text.',
  })
  old_value?: EventValue;

  @ApiPropertyOptional({
    ...VALUE_SCHEMA,
    description:
      'Hodnota po změně (nový zůstatek, ID ranku, tag, Discord ID). Hodnoty nad 2^53 (Discord ID) posílej jako text.',
  })
  new_value?: EventValue;

  @ApiPropertyOptional({
    description: 'PLAYER_VOTE: hlasovací web (povinné).',
    maxLength: 64,
    example: 'craftlist.org',
  })
  site?: string;

  @ApiPropertyOptional({
    description: 'ACHIEVEMENT_COMPLETE: ID achievementu (povinné).',
    example: 'first_join',
  })
  ach_id?: string;

  @ApiPropertyOptional({ description: 'ACHIEVEMENT_COMPLETE: zobrazovaný název (povinné).', maxLength: 128 })
  ach_name?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'ACHIEVEMENT_COMPLETE: počet Achievement Points (povinné).',
  })
  ach_value?: number;

  @ApiPropertyOptional({ description: 'PLAYER_JOIN: verze klienta.', maxLength: 32, example: '1.21.4' })
  mc_version?: string;

  @ApiPropertyOptional({ enum: LEVEL_MODES, description: 'PLAYER_UPDATE_LEVEL: herní režim (povinné).' })
  mode?: LevelMode;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'PLAYER_UPDATE_LEVEL: level (povinné).' })
  level?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'PLAYER_UPDATE_LEVEL: zkušenosti (výchozí 0).',
  })
  experience?: number;

  @ApiPropertyOptional({
    description: 'PLAYER_UPDATE_SOCIAL: status (prázdný text je povolen).',
    maxLength: 256,
  })
  status?: string;

  @ApiPropertyOptional({
    ...URL_OR_NULL,
    description: 'PLAYER_UPDATE_SOCIAL: adresa http(s) nebo null (smaže ji).',
  })
  facebook?: string | null;

  @ApiPropertyOptional({ ...URL_OR_NULL, description: 'PLAYER_UPDATE_SOCIAL: adresa http(s) nebo null.' })
  twitter?: string | null;

  @ApiPropertyOptional({ ...URL_OR_NULL, description: 'PLAYER_UPDATE_SOCIAL: adresa http(s) nebo null.' })
  twitch?: string | null;

  @ApiPropertyOptional({ ...URL_OR_NULL, description: 'PLAYER_UPDATE_SOCIAL: adresa http(s) nebo null.' })
  steam?: string | null;

  @ApiPropertyOptional({ ...URL_OR_NULL, description: 'PLAYER_UPDATE_SOCIAL: adresa http(s) nebo null.' })
  web?: string | null;
}

/**
 * Body of `POST /v1/events`, checked by the global validation pipe like every other body: an object
 * whose own `events` is an array of 1..1000 items. The items are deliberately not validated here:
 * `EventsService` checks each one with the domain's `parseEvent`, because an invalid event is reported
 * in `rejected` while the rest of the batch is stored — partial acceptance that a DTO's all-or-nothing
 * 400 cannot express (ADR 0013). Hence `@ValidateShallow`: the items reach the service exactly as they
 * arrived (no class-transformer copy), and other top-level fields are ignored, as they always were.
 */
@ValidateShallow({ ignoreUnknownFields: true })
@DtoMessages({ notAnObject: INGEST_BODY_ERRORS.notAnObject })
export class IngestRequestDto implements IngestRequest {
  @ApiProperty({
    type: [IngestEventDto],
    minItems: 1,
    maxItems: INGEST_MAX_EVENTS,
    description: `1–${INGEST_MAX_EVENTS} událostí; celé tělo nejvýše 1 MiB.`,
  })
  @ValidateBy(
    { name: 'ingestBatch', validator: { validate: isIngestBatch } },
    answerWith({ message: ingestBatchProblem }),
  )
  events!: IngestEvent[];
}

export class IngestRejectionDto implements IngestRejection {
  @ApiProperty({
    type: 'integer',
    description: 'Pozice události v poli `events` požadavku (od 0).',
    example: 3,
  })
  index!: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'ID odmítnuté události, null když chybí nebo je neplatné.',
    example: 'survival:01J9Z3K5T8:000045',
  })
  id!: string | null;

  @ApiProperty({ description: 'Důvod odmítnutí (česky).', example: 'Chybí povinné pole "site".' })
  error!: string;
}

export class IngestResponseDto implements IngestResponse {
  @ApiProperty({ type: 'integer', description: 'Nově uložené a použité události.', example: 998 })
  accepted!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Události s již dříve přijatým ID (nic nezměnily).',
    example: 1,
  })
  duplicates!: number;

  @ApiProperty({
    type: [IngestRejectionDto],
    description: 'Neplatné události; ostatní se přesto zpracovaly.',
  })
  rejected!: IngestRejection[];
}
