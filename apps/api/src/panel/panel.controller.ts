import { Controller, Get, Header, Inject, Query, UseGuards, applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiHeader,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import {
  LEGACY_TOKEN_HEADER,
  PANEL_DEFAULT_LIMIT,
  PANEL_MAX_LIMIT,
  PanelAchievementLogResponse,
  PanelEconomyLogResponse,
} from '@craftstats/contracts';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { ErrorEnvelopeDto } from '@craftstats/platform';
import { PanelAchievementLogResponseDto, PanelEconomyLogResponseDto } from './panel.dto';
import { parsePanelQuery } from './panel.query';
import { PanelService } from './panel.service';

/** The filters and paging of both panel logs, for the OpenAPI document. */
function PanelLogQueries(actionDescription: string): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'uuid',
      required: false,
      description: 'UUID hráče, s pomlčkami i bez, libovolná velikost písmen.',
    }),
    ApiQuery({
      name: 'nick',
      required: false,
      description: 'Nick hráče (bez ohledu na velikost písmen); hledá se hráč, který ho nosí teď.',
    }),
    ApiQuery({ name: 'action', required: false, description: actionDescription }),
    ApiQuery({ name: 'server', required: false, description: 'Název serveru, na kterém se událost stala.' }),
    ApiQuery({
      name: 'from',
      required: false,
      type: 'integer',
      description: 'Od času (včetně), ms od epochy.',
    }),
    ApiQuery({
      name: 'to',
      required: false,
      type: 'integer',
      description: 'Do času (včetně), ms od epochy.',
    }),
    ApiQuery({
      name: 'limit',
      required: false,
      type: 'integer',
      description: `Počet záznamů na stránku, 1 až ${PANEL_MAX_LIMIT}, výchozí ${PANEL_DEFAULT_LIMIT}.`,
    }),
    ApiQuery({ name: 'cursor', required: false, description: 'Hodnota `nextCursor` z předchozí stránky.' }),
    ApiResponse({
      status: 400,
      description: 'Neznámý nebo opakovaný parametr, nebo neplatná hodnota (chyba pojmenuje parametr).',
      type: ErrorEnvelopeDto,
    }),
    ApiResponse({
      status: 401,
      description: 'Chybí token, je neplatný, podvržený, vypršel, nebo hráč už není členem týmu.',
      type: ErrorEnvelopeDto,
    }),
    ApiResponse({ status: 503, description: 'Databáze je dočasně nedostupná.', type: ErrorEnvelopeDto }),
  );
}

/**
 * Staff panel (SPEC §4): the whole log history with filters and cursor pagination. Every request needs
 * a staff JWT; answers are private (`Cache-Control: no-store`).
 */
@ApiTags('Panel')
@ApiBearerAuth()
@ApiSecurity(LEGACY_TOKEN_HEADER)
@ApiHeader({
  name: LEGACY_TOKEN_HEADER,
  required: false,
  description: 'JWT z přihlášení (alternativa k `Authorization: Bearer`).',
})
@UseGuards(JwtAuthGuard)
@Controller('panel')
export class PanelController {
  constructor(@Inject(PanelService) private readonly panel: PanelService) {}

  @Get('economy/log')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Celá historie ekonomického logu',
    description:
      'Všechny záznamy ekonomického logu (všechny akce, nejen ty z veřejného logu), od nejnovějšího, s filtry (kombinují se ' +
      'jako A ZÁROVEŇ) a stránkováním kurzorem: `nextCursor` předej jako `cursor` pro další stránku, na poslední stránce je null.',
  })
  @PanelLogQueries('Typ akce, např. ECONOMY_CRAFTCOINS_ADD nebo PLAYER_UPDATE_RANK.')
  @ApiResponse({ status: 200, description: 'Stránka záznamů.', type: PanelEconomyLogResponseDto })
  economyLog(@Query() query: unknown): Promise<PanelEconomyLogResponse> {
    return this.panel.economyLog(parsePanelQuery(query));
  }

  @Get('achievements/log')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Celá historie logu achievementů',
    description:
      'Všechny splněné achievementy od nejnovějšího, s filtry a stránkováním kurzorem jako ekonomický log panelu.',
  })
  @PanelLogQueries(
    'Typ akce; log achievementů obsahuje jen ACHIEVEMENT_COMPLETE (jiná akce vrátí prázdnou stránku).',
  )
  @ApiResponse({ status: 200, description: 'Stránka záznamů.', type: PanelAchievementLogResponseDto })
  achievementsLog(@Query() query: unknown): Promise<PanelAchievementLogResponse> {
    return this.panel.achievementsLog(parsePanelQuery(query));
  }
}
