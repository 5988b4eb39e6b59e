import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import { PlayerSearchQueryDto, PlayerSearchResponseDto } from './search.dto';
import { SearchService } from './search.service';

/**
 * Finding players by the start of their nick, for a search box that suggests as one types. Not under
 * `/player/`, where any word is a nick.
 */
@ApiTags('Hráči')
@PublicRateLimit()
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('players')
  @PublicRead({
    summary: 'Hledání hráčů podle začátku nicku',
    description:
      'Nejvýše 10 hráčů, jejichž nick začíná parametrem q (bez ohledu na velikost písmen), seřazených podle ' +
      'nicku a UUID — pro našeptávač vyhledávání. Dotaz prochází jen rozsah indexu nicků, jeho cena tedy ' +
      'neroste s počtem hráčů. Omezený limitem požadavků jako ostatní veřejná čtení.',
    ttlSeconds: CACHE_TTL_SECONDS.search,
    type: PlayerSearchResponseDto,
    errors: [
      {
        code: 'VALIDATION_FAILED',
        description:
          'VALIDATION_FAILED: q chybí, je delší než 32 znaků nebo obsahuje znak, který nick mít nemůže; nebo je v dotazu jiný či opakovaný parametr.',
      },
    ],
  })
  players(@Query() query: PlayerSearchQueryDto): Promise<PreparedAnswer> {
    return this.search.byNickPrefix(query.q);
  }
}
