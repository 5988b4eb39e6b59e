import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  PlayerRecord,
  PlayerRepository,
  VotePeriodKeys,
  isValidNick,
  nickKey,
  normalizeUuid,
  votePeriodKeys,
} from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { CachedResponse, MicroCache } from '../http-cache/micro-cache';
import { toPlayerProfile } from './player-profile.mapper';

@Injectable()
export class PlayersService {
  /** The vote periods of the last whole second a lookup ran in (see `currentPeriods`). */
  private periods: { second: number; keys: VotePeriodKeys } | undefined;

  constructor(
    private readonly players: PlayerRepository,
    private readonly cache: MicroCache,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * The profile of the newest holder of `nick`, any letter case.
   *
   * @throws DomainError INVALID_NICK (400) for a malformed nick, PLAYER_NOT_FOUND (404) for an unknown one.
   */
  async byNick(nick: string): Promise<CachedResponse> {
    if (!isValidNick(nick)) throw DomainError.of('INVALID_NICK');
    return this.profile(`nick:${nickKey(nick)}`, (periods) => this.players.findByNick(nick, periods));
  }

  /**
   * The profile of `uuid`, dashed or undashed, any case (answered in the dashed lower-case form).
   *
   * @throws DomainError INVALID_UUID (400) for a malformed uuid, PLAYER_NOT_FOUND (404) for an unknown one.
   */
  async byUuid(uuid: string): Promise<CachedResponse> {
    const normalized = normalizeUuid(uuid);
    if (normalized === null) throw DomainError.of('INVALID_UUID');
    return this.profile(`uuid:${normalized}`, (periods) => this.players.findByUuid(normalized, periods));
  }

  private profile(
    key: string,
    find: (periods: VotePeriodKeys) => Promise<PlayerRecord | null>,
  ): Promise<CachedResponse> {
    return this.cache.get(key, CACHE_TTL_SECONDS.profile, async () => {
      const record = await find(this.currentPeriods());
      // Not found is not cached: the player may register any moment.
      if (record === null) throw DomainError.of('PLAYER_NOT_FOUND');
      return toPlayerProfile(record);
    });
  }

  /**
   * This month's and week's keys, computed once per second instead of once per lookup (`Intl` in the
   * community's zone is the costly part). Exact, not a cache with staleness: a month or week starts at
   * a local midnight, which is a whole second in every zone the tz database has used since 1972, so
   * every instant of one second falls in the same periods.
   */
  private currentPeriods(): VotePeriodKeys {
    const now = this.clock.now();
    const second = Math.floor(now / 1000);
    if (this.periods?.second !== second) {
      this.periods = { second, keys: votePeriodKeys(now, this.config.timeZone) };
    }
    return this.periods.keys;
  }
}
