import { Injectable } from '@nestjs/common';
import { DomainError, PlayerRecord, PlayerRepository, VotePeriodKeys, nickKey } from '@craftstats/domain';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { MicroCache } from '../http-cache/micro-cache';
import { VoteCalendar } from '../vote-calendar/vote-calendar';
import { toPlayerProfile } from './player-profile.mapper';

@Injectable()
export class PlayersService {
  constructor(
    private readonly players: PlayerRepository,
    private readonly cache: MicroCache,
    private readonly calendar: VoteCalendar,
  ) {}

  /**
   * The profile of the newest holder of `nick` (checked by the route's DTO), any letter case.
   *
   * @throws DomainError PLAYER_NOT_FOUND (404) for an unknown nick.
   */
  byNick(nick: string): Promise<PreparedAnswer> {
    return this.profile(`nick:${nickKey(nick)}`, (periods) => this.players.findByNick(nick, periods));
  }

  /**
   * The profile of `uuid` (dashed and lower-case: normalized by the route's DTO).
   *
   * @throws DomainError PLAYER_NOT_FOUND (404) for an unknown uuid.
   */
  byUuid(uuid: string): Promise<PreparedAnswer> {
    return this.profile(`uuid:${uuid}`, (periods) => this.players.findByUuid(uuid, periods));
  }

  private profile(
    key: string,
    find: (periods: VotePeriodKeys) => Promise<PlayerRecord | null>,
  ): Promise<PreparedAnswer> {
    return this.cache.get(key, CACHE_TTL_SECONDS.profile, async () => {
      const record = await find(this.calendar.current());
      // Not found is not cached: the player may register any moment.
      if (record === null) throw DomainError.of('PLAYER_NOT_FOUND');
      return toPlayerProfile(record);
    });
  }
}
