import { AchievementLogEntry, EconomyLogAction, EconomyLogEntry } from '@craftstats/contracts';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const PEPA = testUuid(1);

describeEachDialect('live logs over HTTP (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0 });

  it('answers both logs with an empty list before any event', async () => {
    for (const path of ['/economy/log', '/achievements/log']) {
      const res = await get(`${api.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: [] });
      expect(res.headers.get('cache-control')).toBe('public, max-age=2');
    }
  });

  describe('GET /economy/log', () => {
    it('answers log entries, every field text, sender and server as sent or defaulted', async () => {
      await api.ingest([
        { action: 'ECONOMY_REGISTER', uuid: PEPA, nick: 'Pepa', date: T0 - 9000 },
        {
          action: 'ECONOMY_CRAFTCOINS_ADD',
          uuid: PEPA,
          nick: 'Pepa',
          server: 'skyblock',
          sender: 'Shop',
          old_value: '100',
          new_value: 250,
          date: T0 - 8000,
        },
        {
          action: 'PLAYER_UPDATE_RANK',
          uuid: PEPA,
          nick: 'Pepa',
          old_value: 1,
          new_value: '12',
          date: T0 - 7000,
        },
        { action: 'PLAYER_SET_TAG', uuid: PEPA, nick: 'Pepa', new_value: 7, date: T0 - 6000 },
        // A Discord snowflake above 2^53 must survive byte for byte.
        {
          action: 'PLAYER_DISCORD_CONNECT',
          uuid: PEPA,
          nick: 'Pepa',
          new_value: '987654321098765432',
          date: T0 - 5000,
        },
        { action: 'ECONOMY_CHANGE_NAME', uuid: PEPA, nick: 'Pepa_Novak', date: T0 - 4000 },
        // Not of the original API's action families: stored, but never in the public log.
        { action: 'PLAYER_VOTE', uuid: PEPA, nick: 'Pepa_Novak', site: 'craftlist.org', date: T0 - 3000 },
        { action: 'PLAYER_JOIN', uuid: PEPA, nick: 'Pepa_Novak', mc_version: '1.21.4', date: T0 - 2000 },
        { action: 'PLAYER_QUIT', uuid: PEPA, nick: 'Pepa_Novak', date: T0 - 1500 },
        {
          action: 'PLAYER_UPDATE_LEVEL',
          uuid: PEPA,
          nick: 'Pepa_Novak',
          mode: 'survival',
          level: 3,
          experience: 10,
          date: T0 - 1200,
        },
        { action: 'PLAYER_UPDATE_SOCIAL', uuid: PEPA, nick: 'Pepa_Novak', status: 'Ahoj', date: T0 - 1100 },
        {
          action: 'ACHIEVEMENT_COMPLETE',
          uuid: PEPA,
          nick: 'Pepa_Novak',
          ach_id: 'game_first_join',
          ach_name: 'Vítej!',
          ach_value: 5,
          date: T0 - 1000,
        },
      ]);
      const entry = (
        action: EconomyLogAction,
        nick: string,
        old_value: string,
        new_value: string,
        date: number,
        server = 'survival',
        sender = server,
      ): EconomyLogEntry => ({
        nick,
        uuid: PEPA,
        action,
        sender,
        server,
        old_value,
        new_value,
        date: String(date),
      });
      const res = await get<{ status: number; data: EconomyLogEntry[] }>(`${api.url}/economy/log`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        status: 200,
        data: [
          entry('ECONOMY_CHANGE_NAME', 'Pepa_Novak', '0', '0', T0 - 4000),
          entry('PLAYER_DISCORD_CONNECT', 'Pepa', '0', '987654321098765432', T0 - 5000),
          entry('PLAYER_SET_TAG', 'Pepa', '0', '7', T0 - 6000),
          entry('PLAYER_UPDATE_RANK', 'Pepa', '1', '12', T0 - 7000),
          entry('ECONOMY_CRAFTCOINS_ADD', 'Pepa', '100', '250', T0 - 8000, 'skyblock', 'Shop'),
          entry('ECONOMY_REGISTER', 'Pepa', '0', '0', T0 - 9000),
        ],
      });
    });

    it('keeps only the latest 50 by event date, newest first, a late older event in its place', async () => {
      const base = T0 + 10_000;
      const events: WireEvent[] = Array.from({ length: 55 }, (_, i) => ({
        action: 'ECONOMY_CRAFTTOKENS_ADD',
        uuid: testUuid(2),
        nick: 'Tokenar',
        old_value: i,
        new_value: i + 1,
        date: base + i * 1000,
      }));
      await api.ingest(events);
      // Arrives last but happened between the 10th and 11th event: it must not jump to the top.
      await api.ingest([
        {
          action: 'ECONOMY_KARMA_ADD',
          uuid: testUuid(3),
          nick: 'Pozdni',
          old_value: 0,
          new_value: 1,
          date: base + 9_500,
        },
      ]);
      const log = await getData<EconomyLogEntry[]>(`${api.url}/economy/log`);
      expect(log).toHaveLength(50);
      expect(log[0]).toEqual({
        nick: 'Tokenar',
        uuid: testUuid(2),
        action: 'ECONOMY_CRAFTTOKENS_ADD',
        sender: 'survival',
        server: 'survival',
        old_value: '54',
        new_value: '55',
        date: String(base + 54_000),
      });
      expect(log.map((row) => row.date)).toEqual(
        [...log.map((row) => row.date)].sort((a, b) => Number(b) - Number(a)),
      );
      expect(log[44]).toMatchObject({ nick: 'Tokenar', new_value: '11', date: String(base + 10_000) });
      expect(log[45]).toMatchObject({
        nick: 'Pozdni',
        action: 'ECONOMY_KARMA_ADD',
        date: String(base + 9_500),
      });
      expect(log[46]).toMatchObject({ nick: 'Tokenar', new_value: '10', date: String(base + 9_000) });
      // The late event pushed one more of the oldest out: the 50th is the 7th event.
      expect(log[49]).toMatchObject({ nick: 'Tokenar', new_value: '7', date: String(base + 6_000) });
    });
  });

  describe('GET /achievements/log', () => {
    it('answers { nick, uuid, ach_id, ach_name, ach_value (integer), server, date (text) }, latest 50 newest first', async () => {
      const base = T0 + 100_000;
      const events: WireEvent[] = Array.from({ length: 52 }, (_, i) => ({
        action: 'ACHIEVEMENT_COMPLETE',
        uuid: testUuid(10 + (i % 3)),
        nick: `Hrdina${i % 3}`,
        server: i % 2 === 0 ? 'survival' : 'skyblock',
        ach_id: `game_goal_${i}`,
        ach_name: `Cíl č. ${i} — Žluťoučký kůň`,
        ach_value: i * 5,
        date: base + i * 1000,
      }));
      await api.ingest(events);
      const res = await get<{ status: number; data: AchievementLogEntry[] }>(`${api.url}/achievements/log`);
      expect(res.status).toBe(200);
      const expected = Array.from({ length: 50 }, (_, k) => {
        const i = 51 - k;
        return {
          nick: `Hrdina${i % 3}`,
          uuid: testUuid(10 + (i % 3)),
          ach_id: `game_goal_${i}`,
          ach_name: `Cíl č. ${i} — Žluťoučký kůň`,
          ach_value: i * 5,
          server: i % 2 === 0 ? 'survival' : 'skyblock',
          date: String(base + i * 1000),
        };
      });
      expect(res.body).toStrictEqual({ status: 200, data: expected });
      // The achievement completed earlier (first test block) fell out of the latest 50.
      expect(res.body.data.some((row) => row.ach_id === 'game_first_join')).toBe(false);
    });

    it('answers 304 to If-None-Match with the current ETag, and a new ETag once a new entry arrives', async () => {
      const first = await get(`${api.url}/achievements/log`);
      const etag = first.headers.get('etag') ?? '';
      expect((await get(`${api.url}/achievements/log`, { 'if-none-match': etag })).status).toBe(304);
      await api.ingest([
        {
          action: 'ACHIEVEMENT_COMPLETE',
          uuid: testUuid(20),
          nick: 'Novak',
          ach_id: 'game_new',
          ach_name: 'Nový',
          ach_value: 1,
          date: T0 + 500_000,
        },
      ]);
      const next = await get<{ data: AchievementLogEntry[] }>(`${api.url}/achievements/log`, {
        'if-none-match': etag,
      });
      expect(next.status).toBe(200);
      expect(next.headers.get('etag')).not.toBe(etag);
      expect(next.body.data[0]).toMatchObject({ ach_id: 'game_new', ach_value: 1 });
    });
  });
});
