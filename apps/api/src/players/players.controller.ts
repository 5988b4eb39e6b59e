import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { PlayerNickParamsDto, PlayerProfileResponseDto, PlayerUuidParamsDto } from './players.dto';
import { PlayersService } from './players.service';

const NOT_FOUND = { code: 'PLAYER_NOT_FOUND', description: 'PLAYER_NOT_FOUND: hráč neexistuje.' } as const;

/** Player profiles by nick and by uuid (README, "API"). */
@ApiTags('Hráči')
@PublicRateLimit()
@Controller('player')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  // Declared before ':nick' for readability; the router prefers the static "uuid" segment anyway.
  @Get('uuid/:uuid')
  @PublicRead({
    summary: 'Profil hráče podle UUID',
    description:
      'Celý profil hráče. Odpověď uvádí UUID vždy s pomlčkami a malými písmeny. Upozornění: offline (cracked) ' +
      'účty mají UUID odvozené ze jména (verze 3), takže po změně nicku mohou mít jiné UUID než prémiový ' +
      'účet; hlasy za měsíc a týden se počítají podle kalendáře Europe/Prague (TZ_COMMUNITY). Pole, která ' +
      'služba nikdy nedostala, mají hodnotu 0, "", false nebo null (sociální odkazy, discord.id bez propojeného účtu) — nikdy nechybí.',
    ttlSeconds: CACHE_TTL_SECONDS.profile,
    type: PlayerProfileResponseDto,
    errors: [
      {
        code: 'INVALID_UUID',
        description: 'INVALID_UUID: parametr není UUID (8-4-4-4-12 nebo 32 hex znaků).',
      },
      NOT_FOUND,
    ],
  })
  byUuid(@Param() { uuid }: PlayerUuidParamsDto): Promise<PreparedAnswer> {
    return this.players.byUuid(uuid);
  }

  @Get(':nick')
  @PublicRead({
    summary: 'Profil hráče podle nicku',
    description:
      'Celý profil hráče; nick se hledá bez ohledu na velikost písmen, a pokud jej postupně drželo více hráčů, ' +
      'vrací se jeho současný držitel. Pole, která služba nikdy nedostala, mají hodnotu 0, "", false nebo null ' +
      '(sociální odkazy, discord.id bez propojeného účtu) — nikdy nechybí.',
    ttlSeconds: CACHE_TTL_SECONDS.profile,
    type: PlayerProfileResponseDto,
    errors: [
      { code: 'INVALID_NICK', description: 'INVALID_NICK: nick má nepovolené znaky nebo délku (1–32).' },
      NOT_FOUND,
    ],
  })
  byNick(@Param() { nick }: PlayerNickParamsDto): Promise<PreparedAnswer> {
    return this.players.byNick(nick);
  }
}
