import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedReplies } from '../http-cache/cached-reply';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { PlayerCountResponseDto, StaffListResponseDto, UniquePlayersResponseDto } from './server-status.dto';
import { ServerStatusService } from './server-status.service';

/** Server statistics of seed 4.3. */
@ApiTags('Server')
@PublicRateLimit()
@Controller('server')
export class ServerStatusController {
  constructor(
    private readonly status: ServerStatusService,
    private readonly replies: CachedReplies,
  ) {}

  @Get('playercount')
  @PublicRead({
    summary: 'Stav herního serveru a počet hráčů',
    description:
      'Server List Ping (status handshake) na MC_SERVER_ADDRESS; bez portu se použije SRV záznam ' +
      '_minecraft._tcp, jinak port 25565. Souběžné požadavky sdílejí jeden ping. Když server neodpoví do ' +
      '2,5 s, odmítne spojení nebo adresa není nastavena, odpověď je stále 200 s isOnline: false, nulami ' +
      'a favicon "".',
    ttlSeconds: CACHE_TTL_SECONDS.playerCount,
    type: PlayerCountResponseDto,
    databaseBacked: false,
  })
  async playerCount(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.status.playerCount());
  }

  @Get('uniqueplayers')
  @PublicRead({
    summary: 'Počet unikátních hráčů',
    description:
      'Počet registrovaných hráčů od prosince 2013: hráči v této databázi + UNIQUE_PLAYERS_OFFSET.',
    ttlSeconds: CACHE_TTL_SECONDS.uniquePlayers,
    type: UniquePlayersResponseDto,
  })
  async uniquePlayers(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.status.uniquePlayers());
  }

  @Get('stafflist')
  @PublicRead({
    summary: 'Seznam členů AT',
    description:
      'Hráči, jejichž rank patří mezi STAFF_RANK_IDS (členové AT a hráči s přístupem na interní servery): ' +
      '{ nick, uuid, rank }, seřazeno podle ID ranku a nicku.',
    ttlSeconds: CACHE_TTL_SECONDS.staffList,
    type: StaffListResponseDto,
  })
  async staffList(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.replies.send(request, reply, await this.status.staffList());
  }
}
