import { GameEvent } from './event.types';

export interface IngestContext {
  /** The ingest credential's server name: ids are unique per source. */
  source: string;
  receivedAt: number;
  /** The community's time zone for vote periods. */
  timeZone: string;
}

export interface IngestOutcome {
  /** Events stored and applied by this call. */
  accepted: number;
  /** Events whose id this source had already sent (nothing changed for them). */
  duplicates: number;
}

/**
 * The write path (port): stores the events in the log and applies them to every projection in one
 * transaction. Idempotent on (source, event id), enforced by the database across processes.
 * Resolves only after the commit.
 */
export abstract class EventStore {
  abstract ingest(events: readonly GameEvent[], ctx: IngestContext): Promise<IngestOutcome>;
}
