import {
  ApiError,
  type IngestClient,
  type IngestEvent,
  type IngestResponse,
  IngestSendError,
} from '@craftstats/contracts';
import { EventPump } from './event-pump';
import type { Log, LogLevel } from './log';
import { Simulation } from './simulation/simulation';

const T0 = Date.UTC(2025, 4, 12, 18, 0, 0);

/** An ingestor stand-in: records every request and answers from a script (default: all accepted). */
function fakeIngest(script: ((events: readonly IngestEvent[]) => IngestResponse | Error)[] = []) {
  const requests: IngestEvent[][] = [];
  const client: IngestClient = {
    send: async (events) => {
      requests.push([...events]);
      const answer = script.shift()?.(events) ?? { accepted: events.length, duplicates: 0, rejected: [] };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { client, requests };
}

function sendError(
  status: number,
  pendingIndexes: number[],
  completed = { accepted: 0, duplicates: 0, rejected: [] },
) {
  const code = status === 400 ? 'BAD_REQUEST' : 'UNAVAILABLE';
  return new IngestSendError(
    new ApiError({ status, code, message: `HTTP ${status}` }),
    completed,
    pendingIndexes,
  );
}

function setup(script?: Parameters<typeof fakeIngest>[0], ticks = Infinity) {
  const stop = new AbortController();
  const ingest = fakeIngest(script);
  const lines: { level: LogLevel; msg: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, msg, fields) => lines.push({ level, msg, fields });
  let clock = T0;
  const sleeps: number[] = [];
  const simulation = new Simulation({ seed: 5, staffNick: 'Spravce_Demo', staffRankIds: ['10'] });
  const pump = new EventPump(simulation, ingest.client, {
    log,
    tickMs: { min: 1000, max: 2000 },
    now: () => clock,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
      // `run` stops after `ticks` pauses.
      if (sleeps.length > ticks) stop.abort();
    },
  });
  return { pump, simulation, requests: ingest.requests, lines, sleeps, signal: stop.signal };
}

describe('EventPump', () => {
  it('delivers the opening burst first, starting with the demo staff member', async () => {
    const { pump, requests } = setup();
    expect(await pump.open(new AbortController().signal)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0].slice(0, 2).map((e) => [e.nick, e.action])).toEqual([
      ['Spravce_Demo', 'ECONOMY_REGISTER'],
      ['Spravce_Demo', 'PLAYER_UPDATE_RANK'],
    ]);
    expect(pump.deliveredCount()).toBe(requests[0].length);
  });

  it('keeps retrying the opening burst with the same event ids until the ingestor takes it', async () => {
    const unavailable = (events: readonly IngestEvent[]) =>
      sendError(
        503,
        events.map((_, i) => i),
      );
    const { pump, requests, sleeps } = setup([unavailable, unavailable]);
    expect(await pump.open(new AbortController().signal)).toBe(true);
    expect(requests).toHaveLength(3);
    expect(requests[2].map((e) => e.id)).toEqual(requests[0].map((e) => e.id));
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('sends one tick every one to two seconds, each batch after the previous one', async () => {
    const { pump, requests, sleeps, signal } = setup(undefined, 4);
    await pump.open(signal);
    await pump.run(signal);
    expect(sleeps).toEqual([1500, 1500, 1500, 1500, 1500]);
    expect(requests).toHaveLength(5);
    for (const batch of requests.slice(1)) expect(batch.length).toBeGreaterThanOrEqual(3);
    const dates = requests.flat().map((e) => e.date ?? 0);
    expect(dates.every((d, i) => i === 0 || d > dates[i - 1])).toBe(true);
  });

  it('keeps the events the ingestor did not acknowledge and sends them first next time', async () => {
    const acknowledgeFirstTwo = (events: readonly IngestEvent[]) =>
      sendError(503, events.map((_, i) => i).slice(2), { accepted: 2, duplicates: 0, rejected: [] });
    const { pump, requests, signal } = setup(
      [(events) => ({ accepted: events.length, duplicates: 0, rejected: [] }), acknowledgeFirstTwo],
      2,
    );
    await pump.open(signal);
    await pump.run(signal);
    expect(requests).toHaveLength(3);
    const [, failed, next] = requests;
    expect(next.slice(0, failed.length - 2).map((e) => e.id)).toEqual(failed.slice(2).map((e) => e.id));
    expect(next.length).toBeGreaterThan(failed.length - 2);
    expect(pump.pendingCount()).toBe(0);
  });

  it('drops a request the ingestor calls malformed (400) instead of sending it forever', async () => {
    const { pump, requests, lines } = setup([
      (events) =>
        sendError(
          400,
          events.map((_, i) => i),
        ),
    ]);
    expect(await pump.open(new AbortController().signal)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(pump.pendingCount()).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'the ingestor refused the request, dropping its events',
      }),
    );
  });

  it('logs events the ingestor rejected one by one', async () => {
    const { pump, lines } = setup([
      (events) => ({
        accepted: events.length - 1,
        duplicates: 0,
        rejected: [{ index: 0, id: events[0].id, error: 'nope' }],
      }),
    ]);
    await pump.open(new AbortController().signal);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.fields)).toEqual([
      { id: expect.any(String), error: 'nope' },
    ]);
  });

  it('lets everybody quit at close and delivers what is left', async () => {
    const { pump, simulation, requests } = setup();
    await pump.open(new AbortController().signal);
    const online = simulation.onlineCount();
    await pump.close();
    const last = requests[requests.length - 1];
    expect(last).toHaveLength(online);
    expect(new Set(last.map((e) => e.action))).toEqual(new Set(['PLAYER_QUIT']));
    expect(simulation.onlineCount()).toBe(0);
  });
});
