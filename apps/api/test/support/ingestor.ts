import { AppProcess, startAppProcess } from '@craftstats/platform/testing';

/** The credential of the one game server the API e2e suites ingest as. */
export const INGEST_SERVER = 'survival';
export const INGEST_TOKEN = 'survival-api-e2e-token-0123456789';

/** A wire event of POST /v1/events; `id` is filled in when missing. */
export type WireEvent = Record<string, unknown> & { action: string; uuid: string; nick: string };

interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: { index: number; id: string; error: string }[];
}

export interface Ingestor {
  url: string;
  /** Posts the events through the ingestor's HTTP API; fails unless every one is accepted. */
  send(events: readonly WireEvent[]): Promise<void>;
  stop(): Promise<void>;
}

let sequence = 0;

/** A fresh event id, unique within the test process. */
export function eventId(): string {
  return `api-e2e-${process.pid}-${++sequence}`;
}

/**
 * Starts the real log-ingestor as its own OS process against `databaseUrl`: every e2e fixture enters
 * the database the way production data does.
 */
export async function startIngestor(databaseUrl: string): Promise<Ingestor> {
  const child: AppProcess = await startAppProcess('log-ingestor', {
    DATABASE_URL: databaseUrl,
    INGEST_TOKENS: `${INGEST_SERVER}:${INGEST_TOKEN}`,
  });
  const send = async (events: readonly WireEvent[]): Promise<void> => {
    for (let start = 0; start < events.length; start += 1000) {
      const batch = events.slice(start, start + 1000).map((event) => ({ id: eventId(), ...event }));
      const res = await fetch(`${child.url}/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: batch }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`POST /v1/events answered ${res.status}: ${text}`);
      const answer = JSON.parse(text) as IngestAnswer;
      if (answer.accepted !== batch.length || answer.rejected.length > 0) {
        throw new Error(`POST /v1/events did not accept every event: ${text}`);
      }
    }
  };
  return {
    url: child.url,
    send,
    stop: async () => {
      await child.stop();
    },
  };
}
