import { createIngestClient, type IngestEvent } from '@craftstats/contracts';
import { AppProcess, MariaDbServer } from '@craftstats/platform/testing';
import {
  SERVERS,
  createDatabase,
  rebuildVerify,
  sleep,
  startApi,
  startIngestor,
  storedEventIds,
  waitFor,
  workload,
} from './support/stack';

const T0 = Date.UTC(2026, 9, 20, 10, 0, 0);
/** The longest a graceful stop may take under this load (a supervisor's stop timeout is longer). */
const STOP_DEADLINE_MS = 10_000;

interface Sent {
  startedAt: number;
  answeredAt: number;
  status: number | 'no-answer';
}

/** SIGTERM, then how the process ended and how long it took. */
async function terminate(
  app: AppProcess,
): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = Date.now();
  const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    app.process.once('exit', (code, signal) => resolve({ code, signal })),
  );
  app.process.kill('SIGTERM');
  const result = await ended;
  return { ...result, ms: Date.now() - started };
}

describe('SIGTERM under load', () => {
  let server: MariaDbServer;
  let url: string;
  beforeAll(async () => {
    server = await MariaDbServer.start();
    url = await createDatabase(server, 'craftstats');
  });
  afterAll(() => server?.destroy());

  it('the ingestor finishes in-flight batches, loses no acknowledged event and exits 0 within its deadline', async () => {
    let ingestor = await startIngestor(url);
    const port = new URL(ingestor.url).port;
    const events = workload('term', 200, 40, T0); // 8,000 events
    const acked = new Set<string>();
    const inFlight = new Map<string, readonly IngestEvent[]>();
    const senders = SERVERS.map(async (game, s) => {
      const client = createIngestClient({
        baseUrl: ingestor.url,
        token: game.token,
        maxBatch: 200,
        maxAttempts: 200,
        baseDelayMs: 50,
        maxDelayMs: 500,
      });
      const mine = events.filter((_, i) => i % SERVERS.length === s);
      for (let start = 0; start < mine.length; start += 200) {
        const batch = mine.slice(start, start + 200);
        inFlight.set(`${s}:${start}`, batch);
        await client.send(batch);
        inFlight.delete(`${s}:${start}`);
        for (const event of batch) acked.add(event.id);
      }
    });
    const sending = Promise.all(senders);

    await waitFor('some acknowledged batches', async () => acked.size >= 2_000, 300_000);
    const stopped = await terminate(ingestor);
    const ackedAtExit = new Set(acked);
    const inFlightAtExit = new Set([...inFlight.values()].flat().map((e) => e.id));
    const storedAtExit = await storedEventIds(server, 'craftstats');
    expect(stopped).toEqual({ code: 0, signal: null, ms: expect.any(Number) });
    expect(stopped.ms).toBeLessThan(STOP_DEADLINE_MS);
    expect([...ackedAtExit].filter((id) => !storedAtExit.has(id))).toEqual([]);
    expect([...storedAtExit].filter((id) => !ackedAtExit.has(id) && !inFlightAtExit.has(id))).toEqual([]);

    ingestor = await startIngestor(url, { INGEST_PORT: port });
    await sending;
    await ingestor.stop();
    const ids = await storedEventIds(server, 'craftstats');
    expect([acked.size, ids.size, events.every((e) => ids.has(e.id))]).toEqual([
      events.length,
      events.length,
      true,
    ]);
    const verify = await rebuildVerify(url);
    expect(verify).toMatchObject({ code: 0, events: events.length, drift: [] });
  });

  it('the API answers every request that was in flight, then exits 0 within its deadline', async () => {
    const api = await startApi(url);
    const sent: Sent[] = [];
    let running = true;
    const paths = [
      '/economy/log',
      '/server/stafflist',
      '/economy/leaderboard/craftcoins',
      '/server/uniqueplayers',
    ];
    const loops = Array.from({ length: 8 }, async (_, k) => {
      for (let i = k; running; i++) {
        const startedAt = Date.now();
        let status: Sent['status'] = 'no-answer';
        try {
          const res = await fetch(`${api.url}${paths[i % paths.length] ?? '/health'}`, {
            signal: AbortSignal.timeout(STOP_DEADLINE_MS),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          // connection refused once the API closed its socket: expected after SIGTERM
        }
        sent.push({ startedAt, answeredAt: Date.now(), status });
        if (status === 'no-answer') await sleep(20);
      }
    });
    await sleep(2_000);
    const ok = sent.filter((s) => s.status === 200).length;
    const stopped = await terminate(api);
    const termAt = Date.now() - stopped.ms;
    await sleep(300);
    running = false;
    await Promise.all(loops);

    expect(ok).toBeGreaterThan(20);
    expect(stopped).toEqual({ code: 0, signal: null, ms: expect.any(Number) });
    expect(stopped.ms).toBeLessThan(STOP_DEADLINE_MS);
    // Requests sent (100 ms) before the SIGTERM, so on the server by then, all got their answer; none was cut off or answered with an error.
    const before = sent.filter((s) => s.startedAt < termAt - 100);
    expect(before.filter((s) => s.status !== 200)).toEqual([]);
    // After the exit nothing answers any more (the port is closed, not half-open).
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
  });
});
