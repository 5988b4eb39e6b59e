import { Injectable } from '@nestjs/common';
import { PLAYER_SEARCH_LIMIT, PlayerSearchResult } from '@craftstats/contracts';
import { PlayerRepository, nickKey } from '@craftstats/domain';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { PreparedAnswer } from '@craftstats/platform';
import { MicroCache } from '../http-cache/micro-cache';

@Injectable()
export class SearchService {
  constructor(
    private readonly repository: PlayerRepository,
    private readonly cache: MicroCache,
  ) {}

  /**
   * Up to 10 players whose nick starts with `prefix` (already checked by the query DTO), any letter
   * case. Equal prefixes in any case share one micro-cache entry.
   */
  byNickPrefix(prefix: string): Promise<PreparedAnswer> {
    const key = nickKey(prefix);
    return this.cache.get(key, CACHE_TTL_SECONDS.search, async (): Promise<PlayerSearchResult[]> => {
      const rows = await this.repository.searchByNickPrefix(key, PLAYER_SEARCH_LIMIT);
      return rows.map(({ nick, uuid }) => ({ nick, uuid }));
    });
  }
}
