import { Controller, Get, Inject, Req, Res, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, ApiConfig, CONFIG_DEFAULTS, ErrorEnvelopeDto } from '@craftstats/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { AchievementLogResponseDto, EconomyLogResponseDto } from './logs.dto';
import { STREAM_MESSAGES } from './log-streams';
import { LogsService } from './logs.service';
import { LogStreams, STREAM_RETRY_MS } from './log-streams';
import { STREAM_HEARTBEAT_MS, STREAM_POLL_MS } from './log-stream.hub';

/** Swagger of a log stream (Server-Sent Events). */
function LogStream(what: string, path: string, which: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: `Živý stream logu ${what} (Server-Sent Events)`,
      description:
        `text/event-stream: každá zpráva (event „message“) je jeden nový záznam přesně ve tvaru záznamů ` +
        `${path} (${which}) a její id je pozice záznamu v logu. Po výpadku se prohlížeč (EventSource) ` +
        `připojí znovu s hlavičkou Last-Event-ID a dostane všechny záznamy po této pozici — bez mezer a ` +
        `bez opakování; bez Last-Event-ID stream začíná novými záznamy. Nové záznamy dorazí do 1 s po ` +
        `potvrzení zápisu (sdílený dotaz každých ${STREAM_POLL_MS} ms pro všechny klienty instance API). ` +
        `Každých ${STREAM_HEARTBEAT_MS / 1000} s přijde komentář „: heartbeat“; retry je ${STREAM_RETRY_MS} ms. ` +
        'Jedna adresa smí mít otevřeno nejvýše SSE_MAX_PER_CLIENT streamů (výchozí 10). Při vypnutí ' +
        'serveru se stream čistě ukončí.',
    }),
    ApiProduces('text/event-stream'),
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description: 'Pozice posledního přijatého záznamu (id poslední zprávy); stream pokračuje za ní.',
    }),
    ApiQuery({
      name: 'lastEventId',
      required: false,
      description: 'Totéž co hlavička Last-Event-ID, pro klienty, kteří hlavičku nastavit nemohou.',
      schema: { type: 'integer', minimum: 0 },
    }),
    ApiResponse({
      status: 200,
      description: 'Stream zpráv `id: <pozice>` + `data: <záznam JSON>`.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    }),
    ApiResponse({
      status: 400,
      description: 'VALIDATION_FAILED: Last-Event-ID není celé nezáporné číslo.',
      type: ErrorEnvelopeDto,
    }),
    ApiResponse({
      status: 429,
      description: 'RATE_LIMITED: z této adresy je otevřeno příliš mnoho streamů (SSE_MAX_PER_CLIENT).',
      type: ErrorEnvelopeDto,
      example: {
        status: 429,
        error: 'RATE_LIMITED',
        message: STREAM_MESSAGES.tooMany(CONFIG_DEFAULTS.sseMaxPerClient),
      },
    }),
    ApiResponse({
      status: 503,
      description: 'UNAVAILABLE: databáze je dočasně nedostupná.',
      type: ErrorEnvelopeDto,
    }),
  );
}

/** The live logs (README, "API"): the latest 50 entries, newest first. */
@ApiTags('Logy')
@PublicRateLimit()
@Controller()
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly streams: LogStreams,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get('economy/log/stream')
  @LogStream(
    'ekonomiky a hráčů',
    '/economy/log',
    'jen typy ECONOMY_*, PLAYER_UPDATE_RANK, PLAYER_SET_TAG a PLAYER_DISCORD_CONNECT',
  )
  economyStream(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.streams.open(this.streams.economy, request, reply, this.config.sseMaxPerClient);
  }

  @Get('achievements/log/stream')
  @LogStream('splněných achievementů', '/achievements/log', 'každý splněný achievement')
  achievementsStream(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.streams.open(this.streams.achievements, request, reply, this.config.sseMaxPerClient);
  }

  @Get('economy/log')
  @PublicRead({
    summary: 'Posledních 50 změn ekonomiky a hráčů',
    description:
      'Nejnovější záznamy první (podle času události). Obsahuje jen typy ECONOMY_*, PLAYER_UPDATE_RANK, ' +
      'PLAYER_SET_TAG a PLAYER_DISCORD_CONNECT; hodnoty a čas jsou text (čas v ms od epochy).',
    ttlSeconds: CACHE_TTL_SECONDS.log,
    type: EconomyLogResponseDto,
  })
  economy(): Promise<PreparedAnswer> {
    return this.logs.latest('economy');
  }

  @Get('achievements/log')
  @PublicRead({
    summary: 'Posledních 50 splněných achievementů',
    description:
      'Nejnovější záznamy první: { nick, uuid, ach_id, ach_name, ach_value, server, date }, kde ach_value je ' +
      'celé číslo (Achievement Points) a date text (ms od epochy). Upozornění: pořadí určuje čas splnění, ' +
      'který poslal herní server; záznam doručený se zpožděním se zařadí podle svého času, ne na začátek.',
    ttlSeconds: CACHE_TTL_SECONDS.log,
    type: AchievementLogResponseDto,
  })
  achievements(): Promise<PreparedAnswer> {
    return this.logs.latest('achievements');
  }
}
