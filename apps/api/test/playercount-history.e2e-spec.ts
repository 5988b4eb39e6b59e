import { PlayerCountHistoryPoint } from '@craftstats/contracts';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { startServerListPingResponder } from '@craftstats/platform/minecraft';
import { PlayerCountHistorySampler } from '../src/server-status/player-count-history.sampler';
import { HISTORY_HOURS_MESSAGE } from '../src/server-status/server-status.dto';
import { get, getData } from './support/http';
import { PROTOCOL_1_20_4, Responder } from './support/minecraft';
import { ReadApi, useReadApi } from './support/read-api';

const MINUTE = 60_000;
// 12:00 UTC: a multiple of 3 minutes, so the 24-hour buckets (3 minutes) start at T.
const T = Date.UTC(2026, 10, 18, 12, 0, 0);

describeEachDialect('player-count history over HTTP (samples of a real Server List Ping)', (fx) => {
  let online = 0;
  let responder: Responder;
  beforeAll(async () => {
    responder = await startServerListPingResponder({
      host: '127.0.0.1',
      port: 0,
      status: () => ({
        version: { name: '1.20.4', protocol: PROTOCOL_1_20_4 },
        players: { online, max: 120 },
        motd: 'history e2e',
      }),
    });
  });
  afterAll(async () => {
    await responder?.close();
  });
  const env = () => ({ MC_SERVER_ADDRESS: `127.0.0.1:${responder.port}`, PLAYERCOUNT_HISTORY_DAYS: '1' });
  // Two API instances on one database, as behind a load balancer.
  const first = useReadApi(fx, { now: T, ingestor: false, env });
  const second = useReadApi(fx, { now: T, ingestor: false, env });
  const sampler = (api: ReadApi) => api.app.get(PlayerCountHistorySampler);

  beforeAll(async () => {
    // The test drives the minutes itself: stop the real once-a-minute timers.
    await sampler(first).beforeApplicationShutdown();
    await sampler(second).beforeApplicationShutdown();
  });

  /** Both instances sample minute `m` (their pings see `players` online). */
  async function minute(m: number, players: number): Promise<void> {
    online = players;
    first.clock.set(T + m * MINUTE + 5_000);
    second.clock.set(T + m * MINUTE + 5_000);
    await Promise.all([sampler(first).sampleNow(), sampler(second).sampleNow()]);
  }
  const history = (api: ReadApi, query = '') =>
    getData<PlayerCountHistoryPoint[]>(`${api.url}/server/playercount/history${query}`);

  it('stores one sample per minute although two instances sample every minute', async () => {
    for (let m = 0; m < 10; m++) await minute(m, m);
    const [{ count }] = (await fx.dataSource.query('SELECT COUNT(*) AS count FROM playercount_history')) as {
      count: number | string;
    }[];
    expect(Number(count)).toBe(10);
  });

  it('answers the last hour minute by minute, oldest first: { time, online, max, isOnline }', async () => {
    const points = await history(first, '?hours=1');
    expect(points).toEqual(
      Array.from({ length: 10 }, (_, m) => ({ time: T + m * MINUTE, online: m, max: 120, isOnline: true })),
    );
    expect(await history(second, '?hours=1')).toEqual(points);
  });

  it('downsamples 24 hours into 3-minute buckets: average online, highest max', async () => {
    expect(await history(first)).toEqual([
      { time: T, online: 1, max: 120, isOnline: true },
      { time: T + 3 * MINUTE, online: 4, max: 120, isOnline: true },
      { time: T + 6 * MINUTE, online: 7, max: 120, isOnline: true },
      { time: T + 9 * MINUTE, online: 9, max: 120, isOnline: true },
    ]);
  });

  it('records an offline minute as offline with zeros, and leaves unsampled minutes out', async () => {
    await responder.close();
    await minute(12, 0);
    const points = await history(first, '?hours=1');
    expect(points.map((p) => (p.time - T) / MINUTE)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
    expect(points.at(-1)).toEqual({ time: T + 12 * MINUTE, online: 0, max: 0, isOnline: false });
  });

  it('keeps at most 500 points for 720 hours, and only the window asked for', async () => {
    first.clock.set(T + 3 * 3_600_000);
    const lastHour = await get(`${first.url}/server/playercount/history?hours=1`);
    expect(lastHour.body).toEqual({ status: 200, data: [] });
    const month = await history(first, '?hours=720');
    expect(month.length).toBeGreaterThan(0);
    expect(month.length).toBeLessThanOrEqual(500);
  });

  it('forgets samples older than PLAYERCOUNT_HISTORY_DAYS', async () => {
    first.clock.set(T + 86_400_000 + 5 * MINUTE);
    await sampler(first).sampleNow();
    const [{ oldest }] = (await fx.dataSource.query(
      'SELECT MIN(minute) AS oldest FROM playercount_history',
    )) as { oldest: number | string }[];
    expect(Number(oldest)).toBe(T + 5 * MINUTE);
  });

  it.each(['0', '721', '1.5', 'abc', '', '24&hours=48'])(
    'answers hours=%s with 400 VALIDATION_FAILED and a Czech message',
    async (hours) => {
      const res = await get(`${first.url}/server/playercount/history?hours=${hours}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 400, error: 'VALIDATION_FAILED', message: HISTORY_HOURS_MESSAGE });
    },
  );
});
