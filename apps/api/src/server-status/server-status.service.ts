import { Inject, Injectable, Logger } from '@nestjs/common';
import { PlayerCount, StaffMember, UniquePlayers } from '@craftstats/contracts';
import {
  PlayerCountHistoryRepository,
  PlayerRepository,
  downsample,
  historyBucketMs,
} from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock, PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS } from '../http-cache/cache-policy';
import { MicroCache } from '../http-cache/micro-cache';
import { MinecraftPinger } from './minecraft-pinger';

/** How long a Server List Ping may take before the server counts as offline. */
export const PING_TIMEOUT_MS = 2_500;

/** The answer when the game server is not configured, refuses, times out or answers garbage. */
export const OFFLINE_PLAYER_COUNT: Readonly<PlayerCount> = Object.freeze({
  players: Object.freeze({ online: 0, max: 0 }),
  isOnline: false,
  version: 0,
  latency: 0,
  favicon: '',
});

@Injectable()
export class ServerStatusService {
  private readonly logger = new Logger('ServerStatus');
  /** Last known state, so that only a change online ↔ offline is logged. */
  private wasOnline: boolean | null = null;

  constructor(
    private readonly players: PlayerRepository,
    private readonly pinger: MinecraftPinger,
    private readonly cache: MicroCache,
    private readonly history: PlayerCountHistoryRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * The game server's status. One ping per TTL at most: concurrent requests share the ping in
   * flight, and the offline answer is cached too, so a dead server is not hammered. Never rejects.
   */
  playerCount(): Promise<PreparedAnswer> {
    return this.cache.get('playercount', CACHE_TTL_SECONDS.playerCount, () => this.ping());
  }

  /** The same shared, cached ping as `playerCount()`, as a value (for the per-minute history). */
  async currentPlayerCount(): Promise<PlayerCount> {
    const cached = await this.playerCount();
    return (JSON.parse(cached.body.toString('utf8')) as { data: PlayerCount }).data;
  }

  /**
   * The history of the last `hours` (1..720, checked by the query DTO) downsampled to at most 500
   * points (see `downsample`). Cached per `hours` for CACHE_TTL_SECONDS.playerCountHistory: samples
   * arrive once a minute.
   */
  playerCountHistory(hours: number): Promise<PreparedAnswer> {
    return this.cache.get(`playercount-history:${hours}`, CACHE_TTL_SECONDS.playerCountHistory, async () => {
      const samples = await this.history.since(this.clock.now() - hours * 3_600_000);
      return downsample(samples, historyBucketMs(hours));
    });
  }

  uniquePlayers(): Promise<PreparedAnswer> {
    return this.cache.get(
      'uniqueplayers',
      CACHE_TTL_SECONDS.uniquePlayers,
      async (): Promise<UniquePlayers> => ({
        amount: (await this.players.countRegisteredPlayers()) + this.config.uniquePlayersOffset,
      }),
    );
  }

  staffList(): Promise<PreparedAnswer> {
    return this.cache.get('stafflist', CACHE_TTL_SECONDS.staffList, async (): Promise<StaffMember[]> =>
      (await this.players.findStaff(this.config.staffRankIds)).map((staff) => ({
        nick: staff.nick,
        uuid: staff.uuid,
        rank: staff.rank,
      })),
    );
  }

  private async ping(): Promise<PlayerCount> {
    const target = this.config.mcServer;
    if (target === null) return OFFLINE_PLAYER_COUNT;
    try {
      const count = await this.pinger.ping(target, PING_TIMEOUT_MS);
      if (this.wasOnline !== true)
        this.logger.log({ msg: 'Game server answers the Server List Ping', host: target.host });
      this.wasOnline = true;
      return count;
    } catch (error) {
      if (this.wasOnline !== false) {
        this.logger.warn({
          msg: 'Game server does not answer the Server List Ping; reporting it offline',
          host: target.host,
          port: target.port,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      this.wasOnline = false;
      return OFFLINE_PLAYER_COUNT;
    }
  }
}
