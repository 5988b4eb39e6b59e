import { type IngestClient, type IngestEvent, IngestSendError } from '@craftstats/contracts';
import { type Log, errorText } from './log';
import type { Simulation } from './simulation/simulation';
import { abortableSleep } from './sleep';

export interface EventPumpOptions {
  log: Log;
  /** Pause between ticks, ms: a random value in [min, max]. */
  tickMs: { min: number; max: number };
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How long the final delivery at shutdown may take. */
  closeTimeoutMs?: number;
}

/** Events kept for a later attempt while the ingestor is unreachable; beyond that the oldest are dropped. */
export const MAX_PENDING = 10_000;

/**
 * Moves the simulation's events to the ingestor: the opening burst, then a tick every one to two
 * seconds. Events the ingestor did not acknowledge stay queued, in order, with their ids, and go out
 * with the next batch (a retried id only counts as a duplicate).
 */
export class EventPump {
  private pending: IngestEvent[] = [];
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private sent = 0;

  constructor(
    private readonly simulation: Simulation,
    private readonly ingest: IngestClient,
    private readonly options: EventPumpOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** Events not delivered yet. */
  pendingCount(): number {
    return this.pending.length;
  }

  /** Events acknowledged by the ingestor so far. */
  deliveredCount(): number {
    return this.sent;
  }

  /** Sends the opening burst, retrying until the ingestor took it. Resolves false when stopped first. */
  async open(signal: AbortSignal): Promise<boolean> {
    this.enqueue(this.simulation.start(this.now()));
    while (!signal.aborted) {
      if (await this.deliver(signal)) return true;
      await this.sleep(1000, signal);
    }
    return false;
  }

  /** Ticks until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const { min, max } = this.options.tickMs;
      await this.sleep(min + Math.floor(this.random() * (max - min + 1)), signal);
      if (signal.aborted) break;
      this.enqueue(this.simulation.tick(this.now()));
      await this.deliver(signal);
    }
  }

  /** At shutdown: everybody quits; one last, time-limited delivery of what is left. */
  async close(): Promise<void> {
    this.enqueue(this.simulation.stop(this.now()));
    const delivered = await this.deliver(AbortSignal.timeout(this.options.closeTimeoutMs ?? 3000));
    if (!delivered)
      this.options.log('warn', 'events not delivered at shutdown', { events: this.pending.length });
  }

  private enqueue(events: IngestEvent[]): void {
    this.pending.push(...events);
    const overflow = this.pending.length - MAX_PENDING;
    if (overflow > 0) {
      this.pending.splice(0, overflow);
      this.options.log('warn', 'ingestor unreachable for long: dropped the oldest events', {
        dropped: overflow,
      });
    }
  }

  /** Sends everything pending; true when nothing is left. */
  private async deliver(signal: AbortSignal): Promise<boolean> {
    if (this.pending.length === 0) return true;
    const batch = this.pending;
    this.pending = [];
    try {
      const result = await this.ingest.send(batch, { signal });
      this.acknowledged(batch.length, result.accepted, result.duplicates, result.rejected);
      return true;
    } catch (error) {
      if (error instanceof IngestSendError) {
        // Batches before the failing one were acknowledged; the rest goes out again next time — unless
        // the ingestor called the request itself malformed (400), which sending it again cannot fix.
        const unsent = error.pendingIndexes.map((index) => batch[index]);
        const { accepted, duplicates, rejected } = error.completed;
        this.acknowledged(batch.length - unsent.length, accepted, duplicates, rejected);
        if (error.status === 400) {
          this.options.log('error', 'the ingestor refused the request, dropping its events', {
            events: unsent.length,
            error: error.message,
          });
          return false;
        }
        this.pending = [...unsent, ...this.pending];
        this.options.log('warn', 'ingestor did not take the events, keeping them for the next attempt', {
          pending: this.pending.length,
          status: error.status,
          error: error.message,
        });
      } else {
        // Aborted at shutdown (or an unexpected failure): keep everything for the final attempt.
        this.pending = [...batch, ...this.pending];
        if (!signal.aborted) this.options.log('error', 'sending events failed', { error: errorText(error) });
      }
      return false;
    }
  }

  private acknowledged(
    count: number,
    accepted: number,
    duplicates: number,
    rejected: { index: number; id: string | null; error: string }[],
  ): void {
    this.sent += count;
    for (const rejection of rejected) {
      this.options.log('error', 'the ingestor rejected a simulated event', {
        id: rejection.id,
        error: rejection.error,
      });
    }
    // Every batch, so only at LOG_LEVEL=debug: at the default level the demo's log stays readable.
    if (count > 0)
      this.options.log('debug', 'events delivered', {
        accepted,
        duplicates,
        rejected: rejected.length,
        online: this.simulation.onlineCount(),
      });
  }
}
