import { Controller, Get, Param, Req, Res, applyDecorators } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiQueryOptions, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LEVEL_MODES, LeaderboardName } from '@craftstats/contracts';
import { CACHE_TTL_SECONDS, CLOSED_PERIOD_MAX_AGE_SECONDS } from '../http-cache/cache-policy';
import { CachedReplies } from '../http-cache/cached-reply';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { LeaderboardResponseDto, LevelLeaderboardResponseDto } from './leaderboards.dto';
import { LeaderboardsService } from './leaderboards.service';

const ORDER =
  'Nejvýše 50 hráčů seřazených podle hodnoty sestupně; při shodě rozhoduje nick (bez ohledu na velikost ' +
  'písmen) a potom UUID. Pole index začíná od 1.';

const PERIOD_WARNING =
  'Upozornění: měsíc a týden se počítají podle kalendáře komunity (TZ_COMMUNITY, výchozí Europe/Prague, ' +
  'včetně letního času); týden začíná v pondělí 00:00 místního času. Nové období začíná od nuly ' +
  'okamžitě, bez jakékoli údržby — hlasy z minulého měsíce či týdne se nezapočítávají.';

const PAST_PERIODS =
  'Minulé období: s parametrem se vrátí žebříček zadaného období ze stejných počítadel (žádná archivační ' +
  'úloha), se stejným tvarem a pravidly pořadí. Období bez hlasů (i budoucí) vrátí prázdný seznam. ' +
  'Uzavřené období (skončilo před více než hodinou — hodina je rezerva na opožděné události) se už nemění: ' +
  `odpověď má Cache-Control: public, max-age=${CLOSED_PERIOD_MAX_AGE_SECONDS}, immutable a server ji drží ` +
  `${CACHE_TTL_SECONDS.closedPeriod} s. Běžící a budoucí období mají běžnou krátkou platnost.`;

const Board = (summary: string, detail: string, badPeriod?: string) =>
  PublicRead({
    summary,
    description: `${detail} ${ORDER}`,
    ttlSeconds: CACHE_TTL_SECONDS.leaderboard,
    type: LeaderboardResponseDto,
    ...(badPeriod === undefined ? {} : { errors: [{ code: 'VALIDATION_FAILED', description: badPeriod }] }),
  });

/** One of the eight boards of seed 4.1 and 4.2: its path, its documentation, its period parameter. */
interface BoardRoute {
  name: LeaderboardName;
  /** Name of the controller method (the OpenAPI operationId is `LeaderboardsController_<method>`). */
  method: string;
  summary: string;
  detail: string;
  /** month-votes and week-votes: the optional past-period query parameter. */
  period?: { param: 'month' | 'week'; badPeriod: string; query: ApiQueryOptions };
}

const BOARDS: readonly BoardRoute[] = [
  {
    name: 'craftcoins',
    method: 'craftcoins',
    summary: 'Žebříček CraftCoins',
    detail: 'Hráči s nejvíce CraftCoins.',
  },
  {
    name: 'crafttokens',
    method: 'crafttokens',
    summary: 'Žebříček CraftTokens',
    detail: 'Hráči s nejvíce CraftTokens (měna, kterou lze koupit v obchodě).',
  },
  {
    name: 'votetokens',
    method: 'votetokens',
    summary: 'Žebříček VoteTokens',
    detail: 'Hráči s nejvíce VoteTokens.',
  },
  {
    name: 'achievement-points',
    method: 'achievementPoints',
    summary: 'Žebříček Achievement Points',
    detail: 'Hráči s nejvíce body za achievementy.',
  },
  {
    name: 'event-points',
    method: 'eventPoints',
    summary: 'Žebříček Event Points',
    detail: 'Hráči s nejvíce Event Points (získají se jen výhrou eventu na event serveru).',
  },
  {
    name: 'total-votes',
    method: 'totalVotes',
    summary: 'Žebříček hlasů celkem',
    detail: 'Hráči s nejvíce hlasy za celou dobu.',
  },
  {
    name: 'month-votes',
    method: 'monthVotes',
    summary: 'Žebříček hlasů v měsíci',
    detail:
      `Hráči s nejvíce hlasy v aktuálním kalendářním měsíci, nebo v měsíci zadaném parametrem month. ` +
      `${PERIOD_WARNING} ${PAST_PERIODS}`,
    period: {
      param: 'month',
      badPeriod: 'VALIDATION_FAILED: parametr month není měsíc ve tvaru RRRR-MM (např. 2026-13 nebo 2026-1).',
      query: {
        name: 'month',
        required: false,
        description: 'Měsíc ve tvaru RRRR-MM (kalendář TZ_COMMUNITY). Bez parametru aktuální měsíc.',
        example: '2026-10',
        schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
      },
    },
  },
  {
    name: 'week-votes',
    method: 'weekVotes',
    summary: 'Žebříček hlasů v týdnu',
    detail:
      `Hráči s nejvíce hlasy v aktuálním týdnu (od pondělí), nebo v týdnu zadaném datem jeho pondělí ` +
      `v parametru week. ${PERIOD_WARNING} ${PAST_PERIODS}`,
    period: {
      param: 'week',
      badPeriod: 'VALIDATION_FAILED: parametr week není datum RRRR-MM-DD, nebo to datum není pondělí.',
      query: {
        name: 'week',
        required: false,
        description:
          'Pondělí týdne ve tvaru RRRR-MM-DD (kalendář TZ_COMMUNITY); jiný den je chyba 400. Bez parametru aktuální týden.',
        example: '2026-11-09',
        schema: { type: 'string', format: 'date' },
      },
    },
  },
];

/**
 * The leaderboards. The eight boards of seed 4.1 and 4.2 are one route: one handler (`board`) served on
 * each board's path, documented from the `BOARDS` table (see `boardRoute` below). Thin: the service
 * ranks and caches.
 */
@ApiTags('Žebříčky')
@PublicRateLimit()
@Controller('economy/leaderboard')
export class LeaderboardsController {
  constructor(
    private readonly leaderboards: LeaderboardsService,
    private readonly replies: CachedReplies,
  ) {}

  /** Any of the eight boards; month/week with their optional past-period parameter. */
  async board(route: BoardRoute, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = route.period && (request.query as Record<string, unknown> | undefined)?.[route.period.param];
    if (route.period === undefined || key === undefined) {
      this.replies.send(request, reply, await this.leaderboards.board(route.name));
      return;
    }
    const { response, closed } = await this.leaderboards.periodBoard(route.period.param, key);
    this.replies.send(
      request,
      reply,
      response,
      closed ? { immutableMaxAge: CLOSED_PERIOD_MAX_AGE_SECONDS } : {},
    );
  }

  @Get('levels/:mode')
  @PublicRead({
    summary: 'Žebříček levelů',
    description:
      'Nejvýše 50 hráčů s nejvyšším levelem v daném režimu (global, survival, skyblock, creative, vanilla, ' +
      'prison, skycloud); při shodě levelu rozhodují zkušenosti (sestupně), pak nick (bez ohledu na velikost ' +
      'písmen) a UUID. Hráči bez jakéhokoli postupu v režimu (level 0 a 0 zkušeností) se nezobrazují. Režim ' +
      'global má jen level, zkušenosti jsou u něj vždy 0.',
    ttlSeconds: CACHE_TTL_SECONDS.leaderboard,
    type: LevelLeaderboardResponseDto,
    errors: [{ code: 'NOT_FOUND', description: 'NOT_FOUND: neznámý režim (cesta neexistuje).' }],
  })
  @ApiParam({ name: 'mode', enum: LEVEL_MODES, description: 'Herní režim.', example: 'survival' })
  async levels(
    @Param('mode') mode: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.replies.send(request, reply, await this.leaderboards.levelBoard(mode));
  }
}

/**
 * Serves `LeaderboardsController.board` on the path of `route` as the method `route.method`, with the
 * board's documentation: one handler, eight paths, each with its own operation in the OpenAPI document.
 */
function boardRoute(route: BoardRoute): void {
  const prototype = LeaderboardsController.prototype as unknown as Record<string, unknown>;
  const handler = function (
    this: LeaderboardsController,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    return this.board(route, request, reply);
  };
  Object.defineProperty(handler, 'name', { value: route.method });
  prototype[route.method] = handler;
  Req()(prototype, route.method, 0);
  Res()(prototype, route.method, 1);
  const descriptor = Object.getOwnPropertyDescriptor(prototype, route.method) as PropertyDescriptor;
  // In the order TypeScript applies stacked decorators (the one nearest the method first).
  applyDecorators(
    ...(route.period === undefined ? [] : [ApiQuery(route.period.query)]),
    Board(route.summary, route.detail, route.period?.badPeriod),
    Get(route.name),
  )(prototype, route.method, descriptor);
}

for (const route of BOARDS) boardRoute(route);

// The level boards come after the eight, in the routes and in the OpenAPI document, as before.
const levels = Object.getOwnPropertyDescriptor(
  LeaderboardsController.prototype,
  'levels',
) as PropertyDescriptor;
delete (LeaderboardsController.prototype as unknown as Record<string, unknown>)['levels'];
Object.defineProperty(LeaderboardsController.prototype, 'levels', levels);
