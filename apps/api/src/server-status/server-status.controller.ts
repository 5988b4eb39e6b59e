import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { PLAYERCOUNT_HISTORY_HOURS } from '@craftstats/contracts';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import {
  PlayerCountHistoryQueryDto,
  PlayerCountHistoryResponseDto,
  PlayerCountResponseDto,
  StaffListResponseDto,
  UniquePlayersResponseDto,
} from './server-status.dto';
import { ServerStatusService } from './server-status.service';

/** Server statistics (README, "API"). */
@ApiTags('Server')
@PublicRateLimit()
@Controller('server')
export class ServerStatusController {
  constructor(private readonly status: ServerStatusService) {}

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
  playerCount(): Promise<PreparedAnswer> {
    return this.status.playerCount();
  }

  @Get('playercount/history')
  @PublicRead({
    summary: 'Historie počtu hráčů',
    description:
      'Výsledek Server List Pingu uložený jednou za minutu (i při více instancích API se minuta uloží jen ' +
      'jednou), za posledních `hours` hodin (1–720, výchozí 24). Odpověď má nejvýše 500 bodů: minuty se ' +
      'slučují do intervalů zarovnaných od epochy (do 8 h po 1 minutě, 24 h po 3 minutách, 720 h po ' +
      '87 minutách). V každém bodě je `online` průměr hráčů online (na desetiny), `max` nejvyšší počet ' +
      'slotů a `isOnline` true, pokud server v intervalu alespoň jednou odpověděl. Minuty bez vzorku ' +
      '(API neběželo) chybí. Vzorky se drží PLAYERCOUNT_HISTORY_DAYS dní (výchozí 30); bez ' +
      'MC_SERVER_ADDRESS se historie nezaznamenává.',
    ttlSeconds: CACHE_TTL_SECONDS.playerCountHistory,
    type: PlayerCountHistoryResponseDto,
    errors: [
      {
        code: 'VALIDATION_FAILED',
        description: 'VALIDATION_FAILED: hours není celé číslo od 1 do 720.',
      },
    ],
  })
  @ApiQuery({
    name: 'hours',
    required: false,
    description: 'Počet hodin historie, 1–720 (30 dní); výchozí 24.',
    schema: { type: 'integer', minimum: 1, maximum: 720, default: 24 },
  })
  playerCountHistory(@Query() { hours }: PlayerCountHistoryQueryDto): Promise<PreparedAnswer> {
    return this.status.playerCountHistory(
      hours === undefined ? PLAYERCOUNT_HISTORY_HOURS.default : Number(hours),
    );
  }

  @Get('uniqueplayers')
  @PublicRead({
    summary: 'Počet unikátních hráčů',
    description:
      'Počet registrovaných hráčů od prosince 2013: hráči v této databázi + UNIQUE_PLAYERS_OFFSET.',
    ttlSeconds: CACHE_TTL_SECONDS.uniquePlayers,
    type: UniquePlayersResponseDto,
  })
  uniquePlayers(): Promise<PreparedAnswer> {
    return this.status.uniquePlayers();
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
  staffList(): Promise<PreparedAnswer> {
    return this.status.staffList();
  }
}
