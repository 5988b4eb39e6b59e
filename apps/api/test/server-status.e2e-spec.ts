import { PlayerCount, StaffMember } from '@craftstats/contracts';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { CACHE_EXPIRED } from './support/clock';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import {
  FAVICON,
  PROTOCOL_1_20_4,
  Responder,
  closedPort,
  startSilentServer,
  startStatusResponder,
} from './support/minecraft';
import { useReadApi } from './support/read-api';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const OFFLINE: PlayerCount = {
  players: { online: 0, max: 0 },
  isOnline: false,
  version: 0,
  latency: 0,
  favicon: '',
};

/** GET /server/playercount and how long it took (real time). */
async function playerCount(
  url: string,
): Promise<{ status: number; data: PlayerCount; ms: number; headers: Headers }> {
  const started = Date.now();
  const res = await get<{ status: number; data: PlayerCount }>(`${url}/server/playercount`);
  return { status: res.status, data: res.body.data, ms: Date.now() - started, headers: res.headers };
}

describeEachDialect('server statistics over HTTP', (fx) => {
  describe('GET /server/playercount against a real Minecraft status responder', () => {
    let responder: Responder;
    beforeAll(async () => {
      responder = await startStatusResponder({ online: 42, maxPlayers: 500, favicon: FAVICON });
    });
    const api = useReadApi(fx, {
      now: T0,
      ingestor: false,
      env: () => ({ MC_SERVER_ADDRESS: `127.0.0.1:${responder.port}` }),
    });
    afterAll(() => responder?.close());

    it('answers what the server said in the Server List Ping, with the measured latency', async () => {
      const res = await playerCount(api.url);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({
        players: { online: 42, max: 500 },
        isOnline: true,
        version: PROTOCOL_1_20_4,
        latency: expect.any(Number),
        favicon: FAVICON,
      });
      expect(Number.isInteger(res.data.latency)).toBe(true);
      expect(res.data.latency).toBeGreaterThanOrEqual(0);
      expect(res.data.latency).toBeLessThan(1000);
      expect(res.headers.get('cache-control')).toBe('public, max-age=5');
      expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    });

    it('pings once per 5 s whatever the request rate, and concurrent requests share one ping', async () => {
      api.clock.advance(CACHE_EXPIRED);
      const before = responder.connections();
      const answers = await Promise.all(Array.from({ length: 15 }, () => playerCount(api.url)));
      expect(answers.every((a) => a.status === 200 && a.data.isOnline && a.data.players.online === 42)).toBe(
        true,
      );
      expect(responder.connections()).toBe(before + 1);

      api.clock.advance(4_000);
      await playerCount(api.url);
      expect(responder.connections()).toBe(before + 1);
      api.clock.advance(1_000);
      await playerCount(api.url);
      expect(responder.connections()).toBe(before + 2);
    });

    it('reports the server offline once it stops, after the cached answer expires, still with 200', async () => {
      api.clock.advance(CACHE_EXPIRED);
      expect((await playerCount(api.url)).data.isOnline).toBe(true);
      await responder.close();
      expect((await playerCount(api.url)).data.isOnline).toBe(true); // cached for up to 5 s
      api.clock.advance(CACHE_EXPIRED);
      const res = await playerCount(api.url);
      expect(res.status).toBe(200);
      expect(res.data).toEqual(OFFLINE);
    });
  });

  describe('GET /server/playercount when the game server hangs', () => {
    let silent: Responder;
    beforeAll(async () => {
      silent = await startSilentServer();
    });
    const api = useReadApi(fx, {
      now: T0,
      ingestor: false,
      env: () => ({ MC_SERVER_ADDRESS: `127.0.0.1:${silent.port}` }),
    });
    afterAll(() => silent?.close());

    it('answers offline with 200 after the 2.5 s ping timeout, one connection for concurrent requests', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => playerCount(api.url)));
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.data).toEqual(OFFLINE);
        expect(res.ms).toBeGreaterThanOrEqual(2_000);
        expect(res.ms).toBeLessThan(4_000);
      }
      expect(silent.connections()).toBe(1);
    });

    it('keeps the offline answer for 5 s instead of waiting for the timeout again', async () => {
      const res = await playerCount(api.url);
      expect(res.data).toEqual(OFFLINE);
      expect(res.ms).toBeLessThan(500);
      expect(silent.connections()).toBe(1);
    });
  });

  describe('GET /server/playercount when the connection is refused', () => {
    let port = 0;
    beforeAll(async () => {
      port = await closedPort();
    });
    const api = useReadApi(fx, {
      now: T0,
      ingestor: false,
      env: () => ({ MC_SERVER_ADDRESS: `127.0.0.1:${port}` }),
    });

    it('answers offline with 200 at once', async () => {
      const res = await playerCount(api.url);
      expect(res.status).toBe(200);
      expect(res.data).toEqual(OFFLINE);
      expect(res.ms).toBeLessThan(1_500);
    });
  });

  describe('GET /server/playercount without MC_SERVER_ADDRESS', () => {
    const api = useReadApi(fx, { now: T0, ingestor: false });

    it('answers offline with 200', async () => {
      const res = await get(`${api.url}/server/playercount`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: OFFLINE });
    });
  });

  describe('GET /server/uniqueplayers and /server/stafflist', () => {
    const api = useReadApi(fx, {
      now: T0,
      env: { UNIQUE_PLAYERS_OFFSET: '250000', STAFF_RANK_IDS: '12,20' },
    });
    const register = (n: number, nick: string): WireEvent => ({
      action: 'ECONOMY_REGISTER',
      uuid: testUuid(n),
      nick,
      date: T0 - 100_000 + n,
    });
    const rank = (n: number, nick: string, value: string, date = T0 - 50_000): WireEvent => ({
      action: 'PLAYER_UPDATE_RANK',
      uuid: testUuid(n),
      nick,
      old_value: 0,
      new_value: value,
      date,
    });

    it('counts UNIQUE_PLAYERS_OFFSET alone before anyone registers', async () => {
      const res = await get(`${api.url}/server/uniqueplayers`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: { amount: 250000 } });
      expect(res.headers.get('cache-control')).toBe('public, max-age=2');
    });

    it('adds every registered player once, a repeated registration not again', async () => {
      await api.ingest([
        register(1, 'Prvni'),
        register(2, 'Druhy'),
        register(3, 'Treti'),
        register(2, 'Druhy'),
      ]);
      expect(await getData(`${api.url}/server/uniqueplayers`)).toEqual({ amount: 250003 });
    });

    it('lists players with a rank of STAFF_RANK_IDS by rank, then nick; a demoted member disappears', async () => {
      await api.ingest([
        register(10, 'zastupce'),
        register(11, 'Admin'),
        register(12, 'Builder'),
        register(13, 'Hrac'),
        register(14, 'Byvaly'),
        rank(10, 'zastupce', '12'),
        rank(11, 'Admin', '12'),
        rank(12, 'Builder', '20'),
        rank(13, 'Hrac', '5'),
        rank(14, 'Byvaly', '12'),
        rank(14, 'Byvaly', '3', T0 - 40_000),
      ]);
      const res = await get<{ status: number; data: StaffMember[] }>(`${api.url}/server/stafflist`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=2');
      expect(res.body.data).toEqual([
        { nick: 'Admin', uuid: testUuid(11), rank: '12' },
        { nick: 'zastupce', uuid: testUuid(10), rank: '12' },
        { nick: 'Builder', uuid: testUuid(12), rank: '20' },
      ]);
    });

    it('answers 304 to If-None-Match with the current ETag of both endpoints', async () => {
      for (const path of ['/server/uniqueplayers', '/server/stafflist']) {
        const first = await get(`${api.url}${path}`);
        const again = await get(`${api.url}${path}`, { 'if-none-match': first.headers.get('etag') ?? '' });
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
      }
    });
  });
});
