import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
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

/** The eight leaderboards of seed 4.1 and 4.2. Thin: the service ranks and caches. */
@ApiTags('Žebříčky')
@PublicRateLimit()
@Controller('economy/leaderboard')
export class LeaderboardsController {
  constructor(
    private readonly leaderboards: LeaderboardsService,
    private readonly replies: CachedReplies,
  ) {}

  @Get('craftcoins')
  @Board('Žebříček CraftCoins', 'Hráči s nejvíce CraftCoins.')
  craftcoins(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('craftcoins', request, reply);
  }

  @Get('crafttokens')
  @Board('Žebříček CraftTokens', 'Hráči s nejvíce CraftTokens (měna, kterou lze koupit v obchodě).')
  crafttokens(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('crafttokens', request, reply);
  }

  @Get('votetokens')
  @Board('Žebříček VoteTokens', 'Hráči s nejvíce VoteTokens.')
  votetokens(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('votetokens', request, reply);
  }

  @Get('achievement-points')
  @Board('Žebříček Achievement Points', 'Hráči s nejvíce body za achievementy.')
  achievementPoints(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('achievement-points', request, reply);
  }

  @Get('event-points')
  @Board(
    'Žebříček Event Points',
    'Hráči s nejvíce Event Points (získají se jen výhrou eventu na event serveru).',
  )
  eventPoints(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('event-points', request, reply);
  }

  @Get('total-votes')
  @Board('Žebříček hlasů celkem', 'Hráči s nejvíce hlasy za celou dobu.')
  totalVotes(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('total-votes', request, reply);
  }

  @Get('month-votes')
  @Board(
    'Žebříček hlasů v měsíci',
    `Hráči s nejvíce hlasy v aktuálním kalendářním měsíci, nebo v měsíci zadaném parametrem month. ` +
      `${PERIOD_WARNING} ${PAST_PERIODS}`,
    'VALIDATION_FAILED: parametr month není měsíc ve tvaru RRRR-MM (např. 2026-13 nebo 2026-1).',
  )
  @ApiQuery({
    name: 'month',
    required: false,
    description: 'Měsíc ve tvaru RRRR-MM (kalendář TZ_COMMUNITY). Bez parametru aktuální měsíc.',
    example: '2026-10',
    schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
  })
  monthVotes(
    @Query('month') month: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return month === undefined
      ? this.send('month-votes', request, reply)
      : this.sendPeriod('month', month, request, reply);
  }

  @Get('week-votes')
  @Board(
    'Žebříček hlasů v týdnu',
    `Hráči s nejvíce hlasy v aktuálním týdnu (od pondělí), nebo v týdnu zadaném datem jeho pondělí ` +
      `v parametru week. ${PERIOD_WARNING} ${PAST_PERIODS}`,
    'VALIDATION_FAILED: parametr week není datum RRRR-MM-DD, nebo to datum není pondělí.',
  )
  @ApiQuery({
    name: 'week',
    required: false,
    description:
      'Pondělí týdne ve tvaru RRRR-MM-DD (kalendář TZ_COMMUNITY); jiný den je chyba 400. Bez parametru aktuální týden.',
    example: '2026-11-09',
    schema: { type: 'string', format: 'date' },
  })
  weekVotes(
    @Query('week') week: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return week === undefined
      ? this.send('week-votes', request, reply)
      : this.sendPeriod('week', week, request, reply);
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

  private async sendPeriod(
    period: 'month' | 'week',
    key: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const { response, closed } = await this.leaderboards.periodBoard(period, key);
    this.replies.send(
      request,
      reply,
      response,
      closed ? { immutableMaxAge: CLOSED_PERIOD_MAX_AGE_SECONDS } : {},
    );
  }

  private async send(name: LeaderboardName, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.leaderboards.board(name));
  }
}
