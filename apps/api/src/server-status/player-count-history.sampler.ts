import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { PlayerCount } from '@craftstats/contracts';
import { MINUTE_MS, PlayerCountHistoryRepository, minuteOf } from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';
import { ServerStatusService } from './server-status.service';

/** Seconds into each minute at which the sample is taken (off the minute's edge, same on every instance). */
const SAMPLE_OFFSET_MS = 5_000;

/**
 * Once a minute, stores the Server List Ping result (the same shared, cached ping that
 * `/server/playercount` answers) under the minute's key, and drops samples older than
 * PLAYERCOUNT_HISTORY_DAYS. Every API instance samples; the minute key makes the first insert win
 * (ADR 0026). Runs only when MC_SERVER_ADDRESS is set: without a game server there is no history.
 */
@Injectable()
export class PlayerCountHistorySampler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PlayerCountHistory');
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly status: ServerStatusService,
    private readonly history: PlayerCountHistoryRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.mcServer === null) return;
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Takes the sample of the current minute now (the timer's work; tests call it directly). */
  async sampleNow(): Promise<void> {
    const now = this.clock.now();
    const count: PlayerCount = await this.status.currentPlayerCount();
    await this.history.record({
      minute: minuteOf(now),
      online: count.players.online,
      max: count.players.max,
      isOnline: count.isOnline,
    });
    await this.history.prune(now - this.config.playerCountHistoryDays * 86_400_000);
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = Date.now();
    const delay = minuteOf(now) + MINUTE_MS + SAMPLE_OFFSET_MS - now;
    this.timer = setTimeout(() => {
      this.running = this.sampleNow()
        .catch((error: unknown) =>
          this.logger.warn({
            msg: 'Player-count sample not stored; the next minute tries again',
            reason: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, delay);
    this.timer.unref();
  }
}
