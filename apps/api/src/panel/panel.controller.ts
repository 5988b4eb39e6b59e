import { Controller, Get, Header, Inject, Query, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PanelAchievementLogResponse, PanelEconomyLogResponse } from '@craftstats/contracts';
import { StaffOnly } from '../auth/staff-only.decorator';
import { ErrorEnvelopeDto } from '@craftstats/platform';
import {
  PanelAchievementLogQueryDto,
  PanelAchievementLogResponseDto,
  PanelEconomyLogQueryDto,
  PanelEconomyLogResponseDto,
} from './panel.dto';
import { toPanelQuery } from './panel.query';
import { PanelService } from './panel.service';

/**
 * The error answers of both panel logs, for the OpenAPI document (the query parameters come from the
 * query DTOs, `panel.dto.ts`).
 */
function PanelLogAnswers(): MethodDecorator {
  return applyDecorators(
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
 * Staff panel (README, "API"): the whole log history with filters and cursor pagination. Every request needs
 * a staff JWT; answers are private (`Cache-Control: no-store`).
 */
@ApiTags('Panel')
@StaffOnly()
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
  @PanelLogAnswers()
  @ApiResponse({ status: 200, description: 'Stránka záznamů.', type: PanelEconomyLogResponseDto })
  economyLog(@Query() query: PanelEconomyLogQueryDto): Promise<PanelEconomyLogResponse> {
    return this.panel.economyLog(toPanelQuery(query));
  }

  @Get('achievements/log')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Celá historie logu achievementů',
    description:
      'Všechny splněné achievementy od nejnovějšího, s filtry a stránkováním kurzorem jako ekonomický log panelu.',
  })
  @PanelLogAnswers()
  @ApiResponse({ status: 200, description: 'Stránka záznamů.', type: PanelAchievementLogResponseDto })
  achievementsLog(@Query() query: PanelAchievementLogQueryDto): Promise<PanelAchievementLogResponse> {
    return this.panel.achievementsLog(toPanelQuery(query));
  }
}
