import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LeaderboardName } from '@craftstats/contracts';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedReplies } from '../http-cache/cached-reply';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { LeaderboardResponseDto } from './leaderboards.dto';
import { LeaderboardsService } from './leaderboards.service';

const ORDER =
  'Nejvýše 50 hráčů seřazených podle hodnoty sestupně; při shodě rozhoduje nick (bez ohledu na velikost ' +
  'písmen) a potom UUID. Pole index začíná od 1.';

const PERIOD_WARNING =
  'Upozornění: měsíc a týden se počítají podle kalendáře komunity (TZ_COMMUNITY, výchozí Europe/Prague, ' +
  'včetně letního času); týden začíná v pondělí 00:00 místního času. Nové období začíná od nuly ' +
  'okamžitě, bez jakékoli údržby — hlasy z minulého měsíce či týdne se nezapočítávají.';

const Board = (summary: string, detail: string) =>
  PublicRead({
    summary,
    description: `${detail} ${ORDER}`,
    ttlSeconds: CACHE_TTL_SECONDS.leaderboard,
    type: LeaderboardResponseDto,
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
    'Žebříček hlasů v tomto měsíci',
    `Hráči s nejvíce hlasy v aktuálním kalendářním měsíci. ${PERIOD_WARNING}`,
  )
  monthVotes(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('month-votes', request, reply);
  }

  @Get('week-votes')
  @Board(
    'Žebříček hlasů v tomto týdnu',
    `Hráči s nejvíce hlasy v aktuálním týdnu (od pondělí). ${PERIOD_WARNING}`,
  )
  weekVotes(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('week-votes', request, reply);
  }

  private async send(name: LeaderboardName, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.leaderboards.board(name));
  }
}
