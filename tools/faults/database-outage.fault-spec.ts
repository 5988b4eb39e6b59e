import type { IngestEvent } from '@craftstats/contracts';
import { AppProcess, MariaDbServer } from '@craftstats/platform/testing';
import {
  SERVERS,
  UNAVAILABLE,
  createDatabase,
  rebuildVerify,
  rssMiB,
  sleep,
  startApi,
  startIngestor,
  storedEventIds,
  waitFor,
  workload,
} from './support/stack';

const T0 = Date.UTC(2026, 9, 20, 10, 0, 0);
/** How long a client waits for any single answer: a hung request fails the test, it is never a pass. */
const ANSWER_WITHIN_MS = 10_000;
/** Public reads that reach the database on every request (no micro-cache for a missing player). */
/** V8's old-generation limit for both apps: a leak would end in a crash instead of hiding in swap. */
const HEAP_CAP = '--max-old-space-size=192';
const READS = ['/player/Nikdo', '/player/kill_3', '/economy/log', '/server/stafflist', '/health/ready'];

interface Answer {
  at: number;
  path: string;
  status: number | 'no-answer';
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

/** Continuous traffic against both apps: public reads and ingest batches (each batch retried until acked). */
class Load {
  readonly answers: Answer[] = [];
  readonly acked = new Set<string>();
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly api: string,
    private readonly ingestor: string,
    private readonly batches: IngestEvent[][],
  ) {
    for (let i = 0; i < 3; i++) this.loops.push(this.readLoop(i));
    this.loops.push(this.ingestLoop());
  }

  private async request(path: string, init: RequestInit & { base: string }): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(`${init.base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the assertion on the envelope shows it
      }
      const answer = {
        at: started,
        path,
        status: res.status,
        ms: Date.now() - started,
        retryAfter: res.headers.get('retry-after'),
        body,
      };
      this.answers.push(answer);
      return answer;
    } catch (error) {
      const answer = {
        at: started,
        path,
        status: 'no-answer' as const,
        ms: Date.now() - started,
        retryAfter: null,
        body: String(error),
      };
      this.answers.push(answer);
      return answer;
    }
  }

  private async readLoop(offset: number): Promise<void> {
    for (let i = offset; this.running; i++) {
      await this.request(READS[i % READS.length] ?? '/health', { base: this.api });
      await sleep(50);
    }
  }

  private async ingestLoop(): Promise<void> {
    const token = SERVERS[0]?.token ?? '';
    for (const batch of this.batches) {
      for (;;) {
        const answer = await this.request('/v1/events', {
          base: this.ingestor,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ events: batch }),
        });
        if (answer.status === 200) {
          for (const event of batch) this.acked.add(event.id);
          break;
        }
        await sleep(200);
      }
      if (!this.running) return;
      await sleep(100);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

type Fault = 'stop' | 'kill' | 'freeze';

describe('MariaDB stopped, killed and frozen under ingestion and reads', () => {
  let server: MariaDbServer;
  let api: AppProcess;
  let ingestor: AppProcess;
  const all: IngestEvent[] = [];

  beforeAll(async () => {
    server = await MariaDbServer.start();
    const url = await createDatabase(server, 'craftstats');
    ingestor = await startIngestor(url, { NODE_OPTIONS: HEAP_CAP });
    api = await startApi(url, { NODE_OPTIONS: HEAP_CAP });
  });
  afterAll(async () => {
    server?.resume();
    await api?.stop();
    await ingestor?.stop();
    await server?.destroy();
  });

  async function expectOutageHandled(fault: Fault): Promise<void> {
    const events = workload(fault, 60, 50, T0); // 3,000 events in 30 batches of 100
    all.push(...events);
    const batches = Array.from({ length: 30 }, (_, i) => events.slice(i * 100, (i + 1) * 100));
    const load = new Load(api.url, ingestor.url, batches);
    await sleep(3_000); // warmed up: the memory baseline is taken under the same load
    const rss = { api: [rssMiB(api.process.pid ?? 0)], ingestor: [rssMiB(ingestor.process.pid ?? 0)] };

    if (fault === 'stop') await server.stop();
    else if (fault === 'kill') await server.kill();
    else server.freeze();
    const faultAt = Date.now();
    let unavailableSeen = 0;
    let backAt = Number.MAX_SAFE_INTEGER;
    try {
      // Gone for 15 s under load: both apps must answer 503 within seconds, and keep doing so. A frozen
      // server answers nothing, so each request there waits for the query or connect time-out (5 s,
      // DB_QUERY_TIMEOUT_MS / DB_CONNECT_TIMEOUT_MS) before its 503, and the read loops move on one
      // path per 5 s: the freeze lasts 45 s so that they reach every endpoint inside the measured window.
      const outageSeconds = fault === 'freeze' ? 45 : 15;
      for (let t = 0; t < outageSeconds; t++) {
        await sleep(1_000);
        rss.api.push(rssMiB(api.process.pid ?? 0));
        rss.ingestor.push(rssMiB(ingestor.process.pid ?? 0));
      }
      unavailableSeen = load.answers.filter((a) => a.at > faultAt && a.status === 503).length;
    } finally {
      backAt = Date.now();
      if (fault === 'freeze') server.resume();
      else await server.restart();
    }

    // They recover by themselves: the same processes answer 200 again, and every batch gets stored.
    await waitFor(
      'the API to read again',
      async () => (await fetch(`${api.url}/economy/log`)).status === 200,
    );
    await waitFor('all batches acknowledged', async () => load.acked.size === events.length, 300_000);
    await load.stop();

    const during = load.answers.filter((a) => a.at > faultAt + 6_000 && a.at + a.ms < backAt);
    const paths = new Set(during.map((a) => a.path));
    expect({
      fault,
      apiAlive: api.process.exitCode === null && api.process.signalCode === null,
      ingestorAlive: ingestor.process.exitCode === null && ingestor.process.signalCode === null,
      // Every answer of the whole run is a 2xx/4xx or the documented 503; none hangs, none is a 500.
      unexpected: load.answers
        .filter((a) => !(a.status === 200 || a.status === 404 || a.status === 503))
        .map((a) => `${a.path} ${a.status} ${a.ms}ms ${JSON.stringify(a.body).slice(0, 200)}`),
      bad503: load.answers
        .filter((a) => a.status === 503)
        .filter((a) => a.retryAfter === null || JSON.stringify(a.body) !== JSON.stringify(UNAVAILABLE))
        .map((a) => `${a.path} ${a.retryAfter} ${JSON.stringify(a.body)}`),
      // From 6 s after the fault until it ends, every endpoint (reads, readiness, ingest) answers 503.
      notUnavailableWhileDown: [
        ...new Set(during.filter((a) => a.status !== 503).map((a) => `${a.path} ${a.status}`)),
      ],
      endpointsNotAnswered: [...READS, '/v1/events'].filter((p) => !paths.has(p)),
      slowest503Ms: Math.max(...during.map((a) => a.ms)) < 6_000,
    }).toEqual({
      fault,
      apiAlive: true,
      ingestorAlive: true,
      unexpected: [],
      bad503: [],
      notUnavailableWhileDown: [],
      endpointsNotAnswered: [],
      slowest503Ms: true,
    });
    expect(unavailableSeen).toBeGreaterThan(10);
    // Memory stays bounded while every request fails. The old generation is capped (HEAP_CAP), so a
    // leak would kill the process (see apiAlive/ingestorAlive) or push its RSS past the ceiling; the
    // heap saws up and down with the collector below it.
    expect({
      rss,
      apiPeak: Math.max(...rss.api) < 400,
      ingestorPeak: Math.max(...rss.ingestor) < 400,
    }).toEqual({
      rss,
      apiPeak: true,
      ingestorPeak: true,
    });

    // Nothing half-applied: each stored event exactly once, projections equal a replay of the log.
    const ids = await storedEventIds(server, 'craftstats');
    expect([ids.size, all.every((e) => ids.has(e.id))]).toEqual([all.length, true]);
    const verify = await rebuildVerify(server.url('craftstats'));
    expect(verify).toMatchObject({ code: 0, events: all.length, drift: [] });
  }

  it('stopped cleanly: 503 with Retry-After within seconds, recovers by itself, nothing half-applied', () =>
    expectOutageHandled('stop'));

  it('killed (kill -9): 503 with Retry-After within seconds, recovers after crash recovery, nothing lost', () =>
    expectOutageHandled('kill'));

  it('frozen (SIGSTOP): 503 with Retry-After within seconds instead of hanging, recovers on SIGCONT', () =>
    expectOutageHandled('freeze'));
});
