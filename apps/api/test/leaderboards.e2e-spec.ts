import { LEADERBOARD_NAMES, LeaderboardEntry } from '@craftstats/contracts';
import { LeaderboardRepository } from '@craftstats/domain';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { CACHE_EXPIRED } from './support/clock';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

// Wednesday 2026-11-18 13:00 in Prague (CET, UTC+1): month 2026-11, week from Monday 2026-11-16.
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');
const entry = (index: number, nick: string, uuid: string, value: number): LeaderboardEntry => ({
  index,
  nick,
  uuid,
  value,
});
const board = (url: string, name: string) =>
  getData<LeaderboardEntry[]>(`${url}/economy/leaderboard/${name}`);

describeEachDialect('leaderboards over HTTP (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0 });

  it('answers all eight leaderboards with an empty list before any event', async () => {
    for (const name of LEADERBOARD_NAMES) {
      const res = await get(`${api.url}/economy/leaderboard/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.body).toEqual({ status: 200, data: [] });
    }
  });

  it('ranks the top 50 CraftCoins by value, ties by nick case-insensitively, then by uuid', async () => {
    const coins = (n: number, nick: string, value: number): WireEvent => ({
      action: 'ECONOMY_CRAFTCOINS_ADD',
      uuid: testUuid(n),
      nick,
      old_value: 0,
      new_value: value,
      date: T0 - 60_000,
    });
    // 60 distinct values plus four players tied at the top: "alice"/"Bob" by nick, "Carl"/"carl" by uuid.
    const events = Array.from({ length: 60 }, (_, i) => coins(100 + i, `p${pad(i)}`, 1000 - i * 10));
    events.push(
      coins(204, 'Carl', 5000),
      coins(201, 'Bob', 5000),
      coins(203, 'carl', 5000),
      coins(202, 'alice', 5000),
    );
    await api.ingest(events);

    const expected = [
      entry(1, 'alice', testUuid(202), 5000),
      entry(2, 'Bob', testUuid(201), 5000),
      entry(3, 'carl', testUuid(203), 5000),
      entry(4, 'Carl', testUuid(204), 5000),
      ...Array.from({ length: 46 }, (_, i) => entry(5 + i, `p${pad(i)}`, testUuid(100 + i), 1000 - i * 10)),
    ];
    expect(await board(api.url, 'craftcoins')).toEqual(expected);
    expect(expected).toHaveLength(50);
    expect(expected[49]).toEqual(entry(50, 'p45', testUuid(145), 550));
  });

  it('takes the balance of the newest event (TAKE and RESET too) and ranks each currency on its own board', async () => {
    const at = T0 - 30_000;
    const ev = (action: string, n: number, nick: string, value: number, date = at): WireEvent => ({
      action,
      uuid: testUuid(n),
      nick,
      new_value: value,
      date,
    });
    await api.ingest([
      ev('ECONOMY_CRAFTTOKENS_ADD', 300, 'Tokenar', 70),
      ev('ECONOMY_CRAFTTOKENS_TAKE', 300, 'Tokenar', 20, at + 1),
      ev('ECONOMY_CRAFTTOKENS_ADD', 301, 'Kupec', 45),
      ev('ECONOMY_VOTETOKENS_ADD', 302, 'Volic', 9),
      ev('ECONOMY_VOTETOKENS_ADD', 303, 'Hlasatel', 12),
      ev('ECONOMY_VOTETOKENS_RESET', 303, 'Hlasatel', 0, at + 1),
      ev('ECONOMY_ACHIEVEMENTPOINTS_ADD', 304, 'Lovec', 350),
      ev('ECONOMY_EVENTPOINTS_ADD', 305, 'Vitez', 3),
      ev('ECONOMY_EVENTPOINTS_ADD', 300, 'Tokenar', 1),
      // KARMA has no public leaderboard: it must not leak onto any of the eight.
      ev('ECONOMY_KARMA_ADD', 306, 'Hodny', 99999),
    ]);
    expect(await board(api.url, 'crafttokens')).toEqual([
      entry(1, 'Kupec', testUuid(301), 45),
      entry(2, 'Tokenar', testUuid(300), 20),
    ]);
    expect(await board(api.url, 'votetokens')).toEqual([
      entry(1, 'Volic', testUuid(302), 9),
      entry(2, 'Hlasatel', testUuid(303), 0),
    ]);
    expect(await board(api.url, 'achievement-points')).toEqual([entry(1, 'Lovec', testUuid(304), 350)]);
    expect(await board(api.url, 'event-points')).toEqual([
      entry(1, 'Vitez', testUuid(305), 3),
      entry(2, 'Tokenar', testUuid(300), 1),
    ]);
    expect(
      (await board(api.url, 'craftcoins')).some((row) => row.nick === 'Hodny' || row.nick === 'Kupec'),
    ).toBe(false);
  });

  it('shows a renamed player under the new nick and ranks the new nick', async () => {
    await api.ingest([
      {
        action: 'ECONOMY_ACHIEVEMENTPOINTS_ADD',
        uuid: testUuid(310),
        nick: 'Zzz_Old',
        new_value: 350,
        date: T0 - 20_000,
      },
      { action: 'ECONOMY_CHANGE_NAME', uuid: testUuid(310), nick: 'Aaa_New', date: T0 - 10_000 },
    ]);
    expect(await board(api.url, 'achievement-points')).toEqual([
      entry(1, 'Aaa_New', testUuid(310), 350),
      entry(2, 'Lovec', testUuid(304), 350),
    ]);
  });

  describe('vote leaderboards follow the Europe/Prague calendar of the clock', () => {
    const vote = (n: number, nick: string, date: number): WireEvent => ({
      action: 'PLAYER_VOTE',
      uuid: testUuid(n),
      nick,
      site: 'craftlist.org',
      date,
    });
    const MON_0030 = Date.UTC(2026, 10, 15, 23, 30); // Mon 2026-11-16 00:30 Prague: this week
    const SUN_2330 = Date.UTC(2026, 10, 15, 22, 30); // Sun 2026-11-15 23:30 Prague: previous week
    const NOV_02 = Date.UTC(2026, 10, 2, 10, 0); // this month, an earlier week
    const OCT_31_2330 = Date.UTC(2026, 9, 31, 22, 30); // Sat 2026-10-31 23:30 Prague: October (UTC says October too)
    const NOV_01_0030 = Date.UTC(2026, 9, 31, 23, 30); // Sun 2026-11-01 00:30 Prague, still October in UTC

    it('counts all-time, this month and this week separately; earlier periods do not count', async () => {
      await api.ingest([
        vote(400, 'Anna', MON_0030),
        vote(400, 'Anna', MON_0030 + 1000),
        vote(400, 'Anna', T0 - 5000),
        vote(400, 'Anna', SUN_2330),
        vote(400, 'Anna', OCT_31_2330),
        vote(401, 'bara', T0 - 4000),
        vote(401, 'bara', T0 - 3000),
        vote(401, 'bara', NOV_02),
        vote(401, 'bara', NOV_01_0030),
        vote(402, 'Cyril', OCT_31_2330),
        vote(402, 'Cyril', OCT_31_2330 + 1),
        vote(402, 'Cyril', OCT_31_2330 + 2),
        vote(402, 'Cyril', OCT_31_2330 + 3),
      ]);
      expect(await board(api.url, 'total-votes')).toEqual([
        entry(1, 'Anna', testUuid(400), 5),
        entry(2, 'bara', testUuid(401), 4),
        entry(3, 'Cyril', testUuid(402), 4),
      ]);
      expect(await board(api.url, 'month-votes')).toEqual([
        entry(1, 'Anna', testUuid(400), 4),
        entry(2, 'bara', testUuid(401), 4),
      ]);
      expect(await board(api.url, 'week-votes')).toEqual([
        entry(1, 'Anna', testUuid(400), 3),
        entry(2, 'bara', testUuid(401), 2),
      ]);
    });
  });

  describe('HTTP caching', () => {
    const url = () => `${api.url}/economy/leaderboard/event-points`;

    it('sends a strong ETag and Cache-Control: public, max-age=2, and 304 without a body for If-None-Match', async () => {
      api.clock.advance(CACHE_EXPIRED);
      const first = await get(url());
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=2');

      const again = await get(url(), { 'if-none-match': etag ?? '' });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=2');

      const weak = await get(url(), { 'if-none-match': `"other", W/${etag}` });
      expect(weak.status).toBe(304);
      const other = await get(url(), { 'if-none-match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
    });

    it('serves the same bytes for up to 2 s, counting max-age down, then the new data under a new ETag', async () => {
      api.clock.advance(CACHE_EXPIRED);
      const before = await get(url());
      const etag = before.headers.get('etag') ?? '';
      // A change arrives, but the clock does not move: the micro-cache still holds the old bytes.
      await api.ingestor.send([
        {
          action: 'ECONOMY_EVENTPOINTS_ADD',
          uuid: testUuid(320),
          nick: 'Novy',
          new_value: 1000,
          date: T0 + 5,
        },
      ]);
      expect((await get(url())).text).toBe(before.text);
      api.clock.advance(1_000);
      const stale = await get(url());
      expect(stale.text).toBe(before.text);
      expect(stale.headers.get('cache-control')).toBe('public, max-age=1');
      api.clock.advance(1_000);

      const fresh = await get(url(), { 'if-none-match': etag });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('etag')).not.toBe(etag);
      expect((fresh.body as { data: LeaderboardEntry[] }).data[0]).toEqual(
        entry(1, 'Novy', testUuid(320), 1000),
      );
    });

    it('answers concurrent requests of an expired board with a single database query', async () => {
      const repo = api.app.get(LeaderboardRepository);
      const spy = jest.spyOn(repo, 'topBalances');
      try {
        api.clock.advance(CACHE_EXPIRED);
        const answers = await Promise.all(Array.from({ length: 20 }, () => get(url())));
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((a) => a.text)).size).toBe(1);
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });
  });
});

// A month and a week boundary together (Monday 1 June 2026 in Prague, CEST = UTC+2), in the past:
// the ingestor refuses event dates far after their receipt, so the test cannot use a future one.
describeEachDialect(
  'vote leaderboards at a period boundary (data ingested through the log-ingestor)',
  (fx) => {
    const SUN_2100 = Date.UTC(2026, 4, 31, 19, 0); // Sun 2026-05-31 21:00 Prague
    const SUN_2359 = Date.UTC(2026, 4, 31, 21, 59); // Sun 23:59 Prague: May, week of Monday 2026-05-25
    const MIDNIGHT = Date.UTC(2026, 4, 31, 22, 0); // Mon 2026-06-01 00:00 Prague: June, a new week
    const api = useReadApi(fx, { now: SUN_2100 });
    const vote = (n: number, nick: string, date: number): WireEvent => ({
      action: 'PLAYER_VOTE',
      uuid: testUuid(n),
      nick,
      site: 'craftlist.org',
      date,
    });

    it('starts a new month and week at zero at local midnight, without any job', async () => {
      await api.ingest([vote(500, 'Anna', SUN_2100), vote(500, 'Anna', SUN_2100 + 1000)]);
      expect(await board(api.url, 'month-votes')).toEqual([entry(1, 'Anna', testUuid(500), 2)]);
      expect(await board(api.url, 'week-votes')).toEqual([entry(1, 'Anna', testUuid(500), 2)]);

      api.clock.set(MIDNIGHT + 30_000);
      expect(await board(api.url, 'month-votes')).toEqual([]);
      expect(await board(api.url, 'week-votes')).toEqual([]);
      expect(await board(api.url, 'total-votes')).toEqual([entry(1, 'Anna', testUuid(500), 2)]);

      await api.ingest([vote(501, 'Cyril', SUN_2359), vote(501, 'Cyril', MIDNIGHT + 60_000)]);
      expect(await board(api.url, 'month-votes')).toEqual([entry(1, 'Cyril', testUuid(501), 1)]);
      expect(await board(api.url, 'week-votes')).toEqual([entry(1, 'Cyril', testUuid(501), 1)]);
      expect(await board(api.url, 'total-votes')).toEqual([
        entry(1, 'Anna', testUuid(500), 2),
        entry(2, 'Cyril', testUuid(501), 2),
      ]);
    });
  },
);
