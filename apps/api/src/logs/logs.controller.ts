import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedReplies } from '../http-cache/cached-reply';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { AchievementLogResponseDto, EconomyLogResponseDto } from './logs.dto';
import { LogsService } from './logs.service';

/** The live logs of seed 4.4: the latest 50 entries, newest first. */
@ApiTags('Logy')
@PublicRateLimit()
@Controller()
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly replies: CachedReplies,
  ) {}

  @Get('economy/log')
  @PublicRead({
    summary: 'Posledních 50 změn ekonomiky a hráčů',
    description:
      'Nejnovější záznamy první (podle času události). Obsahuje jen typy ECONOMY_*, PLAYER_UPDATE_RANK, ' +
      'PLAYER_SET_TAG a PLAYER_DISCORD_CONNECT; hodnoty a čas jsou text (čas v ms od epochy).',
    ttlSeconds: CACHE_TTL_SECONDS.log,
    type: EconomyLogResponseDto,
  })
  async economy(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.logs.economy());
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
  async achievements(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.logs.achievements());
  }
}
