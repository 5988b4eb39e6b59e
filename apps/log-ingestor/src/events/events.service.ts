import { Inject, Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { IngestRejection, IngestResponse } from '@craftstats/contracts';
import { EventStore, GameEvent, parseEvent } from '@craftstats/domain';
import { APP_CONFIG, Clock, IngestorConfig, Metrics } from '@craftstats/platform';

/** Label values of `ingest_events_total`. */
export const INGEST_RESULTS = ['accepted', 'duplicate', 'rejected'] as const;
export type IngestResult = (typeof INGEST_RESULTS)[number];

/**
 * The ingestion use case: validates every event of a batch on its own, stores the valid ones through
 * the {@link EventStore} in one transaction and reports what happened to each.
 */
@Injectable()
export class EventsService {
  private readonly events: Counter<'result'>;

  constructor(
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: IngestorConfig,
    @Inject(Metrics) metrics: Metrics,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.events = new Counter({
      name: 'ingest_events_total',
      help: 'Events received by POST /v1/events, by result (counted once the batch is committed)',
      labelNames: ['result'],
      registers: [metrics.registry],
    });
    // Every series exists from the start, so rate() works before the first event of a kind.
    for (const result of INGEST_RESULTS) this.events.inc({ result }, 0);
  }

  /**
   * `server` is the authenticated game server: the default of each event's `server` and the
   * namespace of event ids (idempotency is per sending server). Resolves after the commit; when the
   * store fails nothing of the batch was stored and nothing is counted.
   */
  async ingest(server: string, rawEvents: readonly unknown[]): Promise<IngestResponse> {
    const receivedAt = this.clock.now();
    const valid: GameEvent[] = [];
    const rejected: IngestRejection[] = [];
    rawEvents.forEach((raw, index) => {
      const result = parseEvent(raw, { defaultServer: server, receivedAt });
      if (result.ok) valid.push(result.event);
      else rejected.push({ index, id: result.id, error: result.error });
    });

    const { accepted, duplicates } =
      valid.length === 0
        ? { accepted: 0, duplicates: 0 }
        : await this.store.ingest(valid, { source: server, receivedAt, timeZone: this.config.timeZone });

    this.events.inc({ result: 'accepted' }, accepted);
    this.events.inc({ result: 'duplicate' }, duplicates);
    this.events.inc({ result: 'rejected' }, rejected.length);
    return { accepted, duplicates, rejected };
  }
}
