import { IngestEvent, IngestResponse, createIngestClient } from '@craftstats/contracts';
import { ECONOMY_TYPES, discriminatorFor, votePeriodKeys } from '@craftstats/domain';
import {
  AchievementLogEntity,
  EconomyLogEntity,
  PlayerEntity,
  TypeOrmLeaderboardRepository,
  TypeOrmPlayerRepository,
  VoteCountEntity,
} from '@craftstats/persistence';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';
import { INGEST_TOKENS, PostOptions, SKYBLOCK_TOKEN, ingestOk, nextId, postEvents } from './support/ingest';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0); // Wednesday 2026-11-18 13:00 in Prague
const UNAUTHORIZED = {
  status: 401,
  error: 'UNAUTHORIZED',
  message: 'Chybí nebo je neplatný přístupový token.',
};
const URL_ERROR = (field: string) =>
  `Pole "${field}" musí být adresa http:// nebo https:// o délce nejvýše 512 znaků, nebo null.`;

describeEachDialect('POST /v1/events', (fx) => {
  let running: RunningApp;
  let url: string;
  let players: TypeOrmPlayerRepository;
  let boards: TypeOrmLeaderboardRepository;

  beforeAll(async () => {
    running = await bootApp(
      'log-ingestor',
      createIngestorApp,
      testConfig({ DATABASE_URL: fx.db.url, INGEST_TOKENS, TZ_COMMUNITY: TZ }),
    );
    url = running.url;
    players = new TypeOrmPlayerRepository(fx.dataSource);
    boards = new TypeOrmLeaderboardRepository(fx.dataSource);
  });
  afterAll(() => running?.close());

  const playerRow = (uuid: string) => fx.dataSource.getRepository(PlayerEntity).findOneByOrFail({ uuid });
  const profile = async (uuid: string, at = T0) => {
    const record = await players.findByUuid(uuid, votePeriodKeys(at, TZ));
    if (record === null) throw new Error(`player ${uuid} not stored`);
    return record;
  };
  const economyLog = (uuid: string) =>
    fx.dataSource.getRepository(EconomyLogEntity).find({ where: { uuid }, order: { id: 'ASC' } });
  /** Events stored, both logs: each holds an event id once per sending server. */
  const processedCount = async () =>
    (await fx.dataSource.getRepository(EconomyLogEntity).count()) +
    (await fx.dataSource.getRepository(AchievementLogEntity).count());
  const ok = (accepted: number, duplicates = 0): IngestResponse => ({ accepted, duplicates, rejected: [] });

  describe('effects of each action', () => {
    it('ECONOMY_REGISTER creates the player with registred = date and its discriminator; a repeat changes nothing', async () => {
      const uuid = testUuid(1);
      const before = await players.countRegisteredPlayers();
      const undashedUpper = uuid.replace(/-/g, '').toUpperCase();
      expect(
        await ingestOk(url, [
          { id: nextId(), action: 'ECONOMY_REGISTER', uuid: undashedUpper, nick: 'Pepa_Novak', date: T0 },
        ]),
      ).toEqual(ok(1));
      expect(
        await ingestOk(url, [
          { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'Pepa_Novak', date: T0 + 60_000 },
        ]),
      ).toEqual(ok(1));

      const row = await playerRow(uuid);
      expect([row.uuid, row.nick, row.registred, row.discriminator]).toEqual([
        uuid,
        'Pepa_Novak',
        T0,
        discriminatorFor(uuid),
      ]);
      expect(row.discriminator).toMatch(/^\d{4}$/);
      expect(await players.countRegisteredPlayers()).toBe(before + 1);
      expect(
        (await economyLog(uuid)).map((r) => [
          r.action,
          r.nick,
          r.server,
          r.sender,
          r.oldValue,
          r.newValue,
          r.date,
          r.source,
        ]),
      ).toEqual([
        ['ECONOMY_REGISTER', 'Pepa_Novak', 'survival', 'survival', '0', '0', T0, 'survival'],
        ['ECONOMY_REGISTER', 'Pepa_Novak', 'survival', 'survival', '0', '0', T0 + 60_000, 'survival'],
      ]);
    });

    it('ECONOMY_CHANGE_NAME gives the nick to the renamed player even while another player still holds it', async () => {
      const holder = testUuid(10);
      const renamer = testUuid(11);
      await ingestOk(url, [
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid: holder, nick: 'Franta', date: T0 },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid: renamer, nick: 'Pepik', date: T0 },
      ]);
      const renameId = nextId();
      expect(
        await ingestOk(url, [
          { id: renameId, action: 'ECONOMY_CHANGE_NAME', uuid: renamer, nick: 'Franta', date: T0 + 1000 },
        ]),
      ).toEqual(ok(1));

      expect([(await playerRow(renamer)).nick, (await playerRow(renamer)).nickSince]).toEqual([
        'Franta',
        T0 + 1000,
      ]);
      expect((await playerRow(holder)).nick).toBe('Franta');
      expect((await players.findByNick('FRANTA', votePeriodKeys(T0, TZ)))?.player.uuid).toBe(renamer);
      expect(await players.findByNick('pepik', votePeriodKeys(T0, TZ))).toBeNull();
      expect((await economyLog(renamer)).map((r) => [r.eventId, r.action, r.nick])).toEqual([
        [expect.any(String), 'ECONOMY_REGISTER', 'Pepik'],
        [renameId, 'ECONOMY_CHANGE_NAME', 'Franta'],
      ]);
    });

    it('ECONOMY_{TYPE}_ADD/_TAKE/_RESET set every balance to new_value, RESET without a value to 0', async () => {
      const uuid = testUuid(20);
      const nick = 'Bohac';
      const balance = (type: string, operation: string, date: number, fields: Record<string, unknown>) => ({
        id: nextId(),
        action: `ECONOMY_${type}_${operation}`,
        uuid,
        nick,
        date,
        ...fields,
      });
      expect(
        await ingestOk(
          url,
          ECONOMY_TYPES.map((type, i) => balance(type, 'ADD', T0 + 1, { old_value: 0, new_value: 1000 + i })),
        ),
      ).toEqual(ok(6));
      expect(
        await ingestOk(
          url,
          ECONOMY_TYPES.map((type, i) =>
            balance(type, 'TAKE', T0 + 2, { old_value: 1000 + i, new_value: `${400 + i}` }),
          ),
        ),
      ).toEqual(ok(6));
      expect(
        await ingestOk(url, [
          balance('CRAFTTOKENS', 'RESET', T0 + 3, { old_value: 401 }),
          balance('KARMA', 'RESET', T0 + 3, { old_value: 403, new_value: 5 }),
        ]),
      ).toEqual(ok(2));

      expect((await profile(uuid)).player.balances).toEqual({
        CRAFTCOINS: { amount: 400, asOf: T0 + 2 },
        CRAFTTOKENS: { amount: 0, asOf: T0 + 3 },
        VOTETOKENS: { amount: 402, asOf: T0 + 2 },
        KARMA: { amount: 5, asOf: T0 + 3 },
        ACHIEVEMENTPOINTS: { amount: 404, asOf: T0 + 2 },
        EVENTPOINTS: { amount: 405, asOf: T0 + 2 },
      });
      expect((await boards.topBalances('EVENTPOINTS', 50)).find((r) => r.uuid === uuid)).toEqual({
        nick,
        uuid,
        value: 405,
      });
      const log = (await economyLog(uuid)).filter((r) => r.action.startsWith('ECONOMY_CRAFTTOKENS'));
      expect(log.map((r) => [r.action, r.oldValue, r.newValue])).toEqual([
        ['ECONOMY_CRAFTTOKENS_ADD', '0', '1001'],
        ['ECONOMY_CRAFTTOKENS_TAKE', '1001', '401'],
        ['ECONOMY_CRAFTTOKENS_RESET', '401', '0'],
      ]);
    });

    it('PLAYER_UPDATE_RANK, PLAYER_SET_TAG and PLAYER_DISCORD_CONNECT set rank, tag and a Discord id beyond 2^53 exactly', async () => {
      const uuid = testUuid(30);
      const base = { uuid, nick: 'Moderator' };
      const tooLong = nextId();
      const rounded = nextId();
      const answer = await ingestOk(url, [
        { ...base, id: nextId(), action: 'PLAYER_UPDATE_RANK', old_value: '0', new_value: '12', date: T0 },
        { ...base, id: nextId(), action: 'PLAYER_SET_TAG', new_value: 7, date: T0 },
        {
          ...base,
          id: nextId(),
          action: 'PLAYER_DISCORD_CONNECT',
          new_value: '348569173429977088',
          date: T0 + 1,
        },
        {
          ...base,
          id: nextId(),
          action: 'PLAYER_DISCORD_CONNECT',
          new_value: '18446744073709551615',
          date: T0 + 2,
        },
        {
          ...base,
          id: tooLong,
          action: 'PLAYER_DISCORD_CONNECT',
          new_value: '123456789012345678901',
          date: T0 + 3,
        },
        {
          ...base,
          id: rounded,
          action: 'PLAYER_DISCORD_CONNECT',
          new_value: 348569173429977088,
          date: T0 + 4,
        },
      ]);
      expect(answer).toEqual({
        accepted: 4,
        duplicates: 0,
        rejected: [
          // A Discord id is a 64-bit snowflake: at most 20 digits.
          { index: 4, id: tooLong, error: 'Pole "new_value" musí být celé číslo.' },
          {
            index: 5,
            id: rounded,
            error:
              'Pole "new_value" je číslo větší než 2^53, které JSON nepřenese přesně; pošli ho jako text.',
          },
        ],
      });

      const row = await playerRow(uuid);
      expect([row.rankId, row.tag, row.discordId]).toEqual(['12', '7', '18446744073709551615']);
      expect(
        (await economyLog(uuid)).filter((r) => r.action === 'PLAYER_DISCORD_CONNECT').map((r) => r.newValue),
      ).toEqual(['348569173429977088', '18446744073709551615']);
      expect(await players.findStaff(['12'])).toContainEqual({ nick: 'Moderator', uuid, rank: '12' });
    });

    it('PLAYER_VOTE counts total, month and week of the Prague calendar across a month and a week boundary', async () => {
      const uuid = testUuid(40);
      const vote = (date: number) => ({
        id: nextId(),
        action: 'PLAYER_VOTE',
        uuid,
        nick: 'Volic',
        site: 'craftlist.org',
        date,
      });
      const dates = [
        Date.UTC(2026, 9, 31, 22, 30), // Sat 2026-10-31 23:30 Prague: October, week of Mon 10-26
        Date.UTC(2026, 9, 31, 23, 30), // Sun 2026-11-01 00:30 Prague (still Oct 31 in UTC): November, week 10-26
        Date.UTC(2026, 10, 1, 22, 59, 59), // Sun 2026-11-01 23:59:59 Prague: November, week 10-26
        Date.UTC(2026, 10, 1, 23, 0, 0), // Mon 2026-11-02 00:00 Prague (still Sunday in UTC): week 11-02
      ];
      expect(await ingestOk(url, dates.slice(0, 2).map(vote))).toEqual(ok(2));
      expect(await ingestOk(url, dates.slice(2).map(vote))).toEqual(ok(2));

      const row = await playerRow(uuid);
      expect([row.votesTotal, row.lastVote]).toEqual([4, dates[3]]);
      const counts = await fx.dataSource
        .getRepository(VoteCountEntity)
        .find({ where: { playerId: row.id }, order: { period: 'ASC', periodKey: 'ASC' } });
      expect(counts.map((c) => [c.period, c.periodKey, c.votes])).toEqual([
        ['month', '2026-10', 1],
        ['month', '2026-11', 3],
        ['total', 'all', 4],
        ['week', '2026-10-26', 3],
        ['week', '2026-11-02', 1],
      ]);
      const record = await profile(uuid, dates[3]);
      expect([record.votesMonth, record.votesWeek]).toEqual([3, 1]);
      expect(await boards.topVotes('month', '2026-10', 50)).toContainEqual({ nick: 'Volic', uuid, value: 1 });
    });

    it('ACHIEVEMENT_COMPLETE appends a row to the achievement log and none to the economy log', async () => {
      const uuid = testUuid(50);
      const id = nextId();
      expect(
        await ingestOk(url, [
          {
            id,
            action: 'ACHIEVEMENT_COMPLETE',
            uuid,
            nick: 'Hrdina',
            ach_id: 'kill_dragon',
            ach_name: 'Drakobijce 🐉',
            ach_value: 50,
            server: 'skyblock-1',
            date: T0,
          },
        ]),
      ).toEqual(ok(1));
      const rows = await fx.dataSource.getRepository(AchievementLogEntity).find({ where: { uuid } });
      expect(
        rows.map((r) => [r.eventId, r.source, r.nick, r.achId, r.achName, r.achValue, r.server, r.date]),
      ).toEqual([[id, 'survival', 'Hrdina', 'kill_dragon', 'Drakobijce 🐉', 50, 'skyblock-1', T0]]);
      expect(await economyLog(uuid)).toEqual([]);
    });

    it('PLAYER_JOIN and PLAYER_QUIT keep is_online, last_server, last_online and played_time', async () => {
      const uuid = testUuid(60);
      const base = { uuid, nick: 'Hrac' };
      const t1 = T0 + 10_000;
      await ingestOk(url, [
        { ...base, id: nextId(), action: 'PLAYER_JOIN', server: 'lobby', mc_version: '1.21.4', date: t1 },
      ]);
      let row = await playerRow(uuid);
      expect([row.isOnline, row.lastServer, row.lastOnline, row.playedTime, row.mcVersion]).toEqual([
        true,
        'lobby',
        t1,
        0,
        '1.21.4',
      ]);

      await ingestOk(url, [
        { ...base, id: nextId(), action: 'PLAYER_QUIT', server: 'lobby', date: t1 + 90_000 },
      ]);
      row = await playerRow(uuid);
      expect([row.isOnline, row.lastServer, row.lastOnline, row.playedTime]).toEqual([
        false,
        'lobby',
        t1 + 90_000,
        90_000,
      ]);

      // The quit listed before its join (no server field: the token's server) still closes the session.
      const t2 = t1 + 3_600_000;
      await ingestOk(url, [
        { ...base, id: nextId(), action: 'PLAYER_QUIT', date: t2 + 30_000 },
        { ...base, id: nextId(), action: 'PLAYER_JOIN', date: t2 },
      ]);
      row = await playerRow(uuid);
      expect([row.isOnline, row.lastServer, row.lastOnline, row.playedTime, row.mcVersion]).toEqual([
        false,
        'survival',
        t2 + 30_000,
        120_000,
        '1.21.4',
      ]);
    });

    it('PLAYER_UPDATE_LEVEL sets level and experience per mode, global without experience', async () => {
      const uuid = testUuid(70);
      const level = (mode: string, lvl: number, experience?: number) => ({
        id: nextId(),
        action: 'PLAYER_UPDATE_LEVEL',
        uuid,
        nick: 'Levelar',
        mode,
        level: lvl,
        ...(experience === undefined ? {} : { experience }),
        date: T0,
      });
      expect(
        await ingestOk(url, [
          level('global', 42, 999),
          level('survival', 10, 1500),
          level('skyblock', 11, 1600),
          level('creative', 12),
          level('vanilla', 13, 1800),
          level('prison', 14, 1900),
          level('skycloud', 15, 2000),
        ]),
      ).toEqual(ok(7));
      await ingestOk(url, [level('survival', 20, 3000)]);

      const levels = (await profile(uuid)).player.levels;
      expect(levels).toEqual({
        global: { level: 42, experience: 0 },
        survival: { level: 20, experience: 3000 },
        skyblock: { level: 11, experience: 1600 },
        creative: { level: 12, experience: 0 },
        vanilla: { level: 13, experience: 1800 },
        prison: { level: 14, experience: 1900 },
        skycloud: { level: 15, experience: 2000 },
      });
    });

    it('PLAYER_UPDATE_SOCIAL sets links, clears one with null, keeps omitted ones and rejects javascript: URLs', async () => {
      const uuid = testUuid(80);
      const social = (fields: Record<string, unknown>, id = nextId()) => ({
        id,
        action: 'PLAYER_UPDATE_SOCIAL',
        uuid,
        nick: 'Socialni',
        date: T0,
        ...fields,
      });
      await ingestOk(url, [
        social({
          status: 'Ahoj světe',
          facebook: 'https://facebook.com/pepa',
          twitter: 'https://twitter.com/pepa',
          twitch: 'http://twitch.tv/pepa',
          steam: 'https://steamcommunity.com/id/pepa',
          web: 'https://pepa.cz/?a=1&b=2',
        }),
      ]);
      const evil = nextId();
      const shouty = nextId();
      const mixed = nextId();
      expect(
        await ingestOk(url, [
          social({ facebook: null, status: '' }),
          social({ web: 'javascript:alert(1)' }, evil),
          social({ twitch: 'JAVASCRIPT://%0aalert(1)' }, shouty),
          social({ steam: 'https://ok.example/', web: 'data:text/html,<script>alert(1)</script>' }, mixed),
        ]),
      ).toEqual({
        accepted: 1,
        duplicates: 0,
        rejected: [
          { index: 1, id: evil, error: URL_ERROR('web') },
          { index: 2, id: shouty, error: URL_ERROR('twitch') },
          { index: 3, id: mixed, error: URL_ERROR('web') },
        ],
      });
      expect((await profile(uuid)).player.social).toEqual({
        status: '',
        facebook: null,
        twitter: 'https://twitter.com/pepa',
        twitch: 'http://twitch.tv/pepa',
        steam: 'https://steamcommunity.com/id/pepa',
        web: 'https://pepa.cz/?a=1&b=2',
      });
    });
  });

  describe('idempotency and partial batches', () => {
    it('counts the same id twice in one batch, and again in a later batch, as duplicates that change nothing', async () => {
      const uuid = testUuid(100);
      const id = nextId();
      const vote = { id, action: 'PLAYER_VOTE', uuid, nick: 'Dvojity', site: 'craftlist.org', date: T0 };
      expect(await ingestOk(url, [vote, { ...vote, site: 'other-site', date: T0 + 5 }])).toEqual(ok(1, 1));
      expect(await ingestOk(url, [vote, vote])).toEqual(ok(0, 2));
      const row = await playerRow(uuid);
      expect([row.votesTotal, row.lastVote]).toEqual([1, T0]);
      expect((await economyLog(uuid)).map((r) => [r.eventId, r.details])).toEqual([
        [id, expect.stringContaining('craftlist.org')],
      ]);
    });

    it('applies a batch in its own order when a duplicate id comes later in it', async () => {
      const uuid = testUuid(102);
      const [first, second] = [nextId(), nextId()];
      const rank = (id: string, value: string) => ({
        id,
        action: 'PLAYER_UPDATE_RANK',
        uuid,
        nick: 'Poradi',
        new_value: value,
        date: T0,
      });
      expect(await ingestOk(url, [rank(first, '12'), rank(second, '13'), rank(first, '99')])).toEqual(
        ok(2, 1),
      );
      expect((await playerRow(uuid)).rankId).toBe('13');
      expect((await economyLog(uuid)).map((r) => [r.eventId, r.newValue])).toEqual([
        [first, '12'],
        [second, '13'],
      ]);
    });

    it('keeps ids per sending server: another token may reuse an id', async () => {
      const uuid = testUuid(101);
      const id = nextId();
      const vote = { id, action: 'PLAYER_VOTE', uuid, nick: 'Sdileny', site: 'craftlist.org', date: T0 };
      expect(await ingestOk(url, [vote])).toEqual(ok(1));
      expect(await ingestOk(url, [vote], { token: SKYBLOCK_TOKEN })).toEqual(ok(1));
      expect(await ingestOk(url, [vote], { token: SKYBLOCK_TOKEN })).toEqual(ok(0, 1));
      expect((await playerRow(uuid)).votesTotal).toBe(2);
      const stored = await fx.dataSource
        .getRepository(EconomyLogEntity)
        .find({ where: { eventId: id }, order: { source: 'ASC' } });
      expect(stored.map((row) => row.source)).toEqual(['skyblock', 'survival']);
      expect((await economyLog(uuid)).map((r) => [r.source, r.server])).toEqual([
        ['survival', 'survival'],
        ['skyblock', 'skyblock'],
      ]);
    });

    it('stores the valid events of a batch and lists each invalid one with its index, id and reason', async () => {
      const uuid = testUuid(110);
      const base = { uuid, nick: 'Mix', date: T0 };
      const ids = Array.from({ length: 8 }, () => nextId());
      const answer = await ingestOk(url, [
        { ...base, id: ids[0], action: 'PLAYER_VOTE', site: 'craftlist.org' },
        { ...base, id: ids[1], action: 'PLAYER_FLY' },
        { ...base, id: ids[2], action: 'ECONOMY_REGISTER' },
        { ...base, id: ids[3], action: 'ACHIEVEMENT_COMPLETE', ach_id: 'a', ach_name: 'A', ach_value: '5' },
        { ...base, action: 'PLAYER_QUIT' },
        { ...base, id: ids[5], action: 'PLAYER_JOIN', uuid: 'not-a-uuid' },
        { ...base, id: 'bad id with spaces', action: 'PLAYER_JOIN' },
        { ...base, id: ids[7], action: 'PLAYER_UPDATE_RANK', new_value: '11' },
      ]);
      expect(answer).toEqual({
        accepted: 3,
        duplicates: 0,
        rejected: [
          { index: 1, id: ids[1], error: 'Neznámá akce "PLAYER_FLY".' },
          {
            index: 3,
            id: ids[3],
            error: 'Pole "ach_value" musí být nezáporné celé číslo nejvýše 2147483647.',
          },
          { index: 4, id: null, error: 'Chybí povinné pole "id".' },
          { index: 5, id: ids[5], error: 'Pole "uuid" musí být UUID (8-4-4-4-12 hex).' },
          { index: 6, id: null, error: 'Pole "id" musí mít 1–64 znaků z [A-Za-z0-9._:-].' },
        ],
      });
      const row = await playerRow(uuid);
      expect([row.votesTotal, row.registred, row.rankId]).toEqual([1, T0, '11']);
      expect((await economyLog(uuid)).map((r) => r.eventId)).toEqual([ids[0], ids[2], ids[7]]);
    });

    it('answers 200 with a rejection, never a 500, for events of any wrong shape', async () => {
      const uuid = testUuid(120);
      const weird: unknown[] = [
        null,
        true,
        42,
        'ECONOMY_REGISTER',
        [],
        [{ id: 'x' }],
        {},
        { id: 7, action: 'ECONOMY_REGISTER', uuid, nick: 'W' },
        { id: 'x'.repeat(65), action: 'ECONOMY_REGISTER', uuid, nick: 'W' },
        { id: nextId(), action: 42, uuid, nick: 'W' },
        { id: nextId(), action: { toString: 'ECONOMY_REGISTER' }, uuid, nick: 'W' },
        { id: nextId(), action: 'economy_register', uuid, nick: 'W' },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid: 12345, nick: 'W' },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'Ne Mezera' },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'x'.repeat(33) },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: ['W'] },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'W', date: '1763467200000' },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'W', date: 1e300 },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'W', date: -1 },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'W', server: 'x'.repeat(65) },
        { id: nextId(), action: 'ECONOMY_REGISTER', uuid, nick: 'W', server: 'a\u0000b' },
        { id: nextId(), action: 'ECONOMY_KARMA_ADD', uuid, nick: 'W', new_value: '1e3' },
        { id: nextId(), action: 'ECONOMY_KARMA_ADD', uuid, nick: 'W', new_value: '99999999999999999999' },
        {
          id: nextId(),
          action: 'ECONOMY_KARMA_ADD',
          uuid,
          nick: 'W',
          new_value: { deep: { deeper: [1, 2, 3] } },
        },
        { id: nextId(), action: 'PLAYER_VOTE', uuid, nick: 'W', site: 'x'.repeat(10_000) },
        { id: nextId(), action: 'PLAYER_UPDATE_LEVEL', uuid, nick: 'W', mode: 'hardcore', level: 1 },
        { id: nextId(), action: 'PLAYER_UPDATE_LEVEL', uuid, nick: 'W', mode: 'survival', level: -1 },
        { id: nextId(), action: 'PLAYER_UPDATE_SOCIAL', uuid, nick: 'W' },
        { id: nextId(), action: 'PLAYER_UPDATE_SOCIAL', uuid, nick: 'W', web: ' https://a.cz' },
        // Values the parser must stop before the database does (MariaDB would fail the whole batch):
        // 32-bit columns, and dates far in the future (e.g. microseconds sent as milliseconds).
        {
          id: nextId(),
          action: 'ACHIEVEMENT_COMPLETE',
          uuid,
          nick: 'W',
          ach_id: 'a',
          ach_name: 'A',
          ach_value: 3_000_000_000,
        },
        {
          id: nextId(),
          action: 'PLAYER_UPDATE_LEVEL',
          uuid,
          nick: 'W',
          mode: 'survival',
          level: 3_000_000_000,
        },
        { id: nextId(), action: 'PLAYER_VOTE', uuid, nick: 'W', site: 'a', date: 300_000_000_000_000 },
        { id: nextId(), action: 'ECONOMY_KARMA_ADD', uuid, nick: 'W', new_value: 1, date: Date.now() * 1000 },
      ];
      const answer = await postEvents<IngestResponse>(url, { events: weird });
      expect(answer.status).toBe(200);
      expect(answer.body.accepted).toBe(0);
      expect(answer.body.rejected.map((r) => r.index)).toEqual(weird.map((_, i) => i));
      for (const rejection of answer.body.rejected) {
        expect(rejection.error).toMatch(/^(Pole|Chybí|Událost|Neznámá) /);
      }
      expect(await fx.dataSource.getRepository(PlayerEntity).countBy({ uuid })).toBe(0);
    });

    it('keeps the newest balance by date when an older event arrives late, and logs both', async () => {
      const uuid = testUuid(130);
      const karma = (value: number, date: number) => ({
        id: nextId(),
        action: 'ECONOMY_KARMA_ADD',
        uuid,
        nick: 'Pozdni',
        new_value: value,
        date,
      });
      await ingestOk(url, [karma(500, T0 + 2000)]);
      await ingestOk(url, [karma(300, T0 + 1000)]);
      expect((await profile(uuid)).player.balances.KARMA).toEqual({ amount: 500, asOf: T0 + 2000 });
      // Within one batch too: the newer event wins whatever the order in the array.
      await ingestOk(url, [karma(900, T0 + 4000), karma(700, T0 + 3000)]);
      expect((await profile(uuid)).player.balances.KARMA).toEqual({ amount: 900, asOf: T0 + 4000 });
      expect((await economyLog(uuid)).map((r) => [r.newValue, r.date])).toEqual([
        ['500', T0 + 2000],
        ['300', T0 + 1000],
        ['900', T0 + 4000],
        ['700', T0 + 3000],
      ]);
    });

    it('accepts a batch of 1000 events with exact counts, and counts all 1000 as duplicates when resent', async () => {
      const first = 10_000;
      const events = Array.from({ length: 250 }, (_, i) => {
        const uuid = testUuid(first + i);
        const nick = `Davka${i}`;
        return [
          { id: nextId('bulk'), action: 'ECONOMY_REGISTER', uuid, nick, date: T0 },
          { id: nextId('bulk'), action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick, new_value: i, date: T0 + 1 },
          { id: nextId('bulk'), action: 'PLAYER_VOTE', uuid, nick, site: 'craftlist.org', date: T0 + 2 },
          { id: nextId('bulk'), action: 'PLAYER_JOIN', uuid, nick, date: T0 + 3 },
        ];
      }).flat();
      expect(events).toHaveLength(1000);
      const playersBefore = await players.countRegisteredPlayers();
      const processedBefore = await processedCount();

      expect(await ingestOk(url, events)).toEqual(ok(1000));
      expect(await players.countRegisteredPlayers()).toBe(playersBefore + 250);
      expect(await processedCount()).toBe(processedBefore + 1000);
      const rows = await fx.dataSource
        .getRepository(PlayerEntity)
        .createQueryBuilder('p')
        .where('p.nick_lower LIKE :prefix', { prefix: 'davka%' })
        .getMany();
      expect(rows).toHaveLength(250);
      expect(rows.every((r) => r.votesTotal === 1 && r.isOnline && r.registred === T0)).toBe(true);
      const coins = await Promise.all(
        [0, 137, 249].map(
          async (i) => (await profile(testUuid(first + i))).player.balances.CRAFTCOINS.amount,
        ),
      );
      expect(coins).toEqual([0, 137, 249]);

      expect(await ingestOk(url, events)).toEqual(ok(0, 1000));
      expect(await processedCount()).toBe(processedBefore + 1000);
      expect((await playerRow(testUuid(first + 5))).votesTotal).toBe(1);
    });
  });

  describe('refused requests store nothing', () => {
    const vote = () => ({
      id: nextId(),
      action: 'PLAYER_VOTE',
      uuid: testUuid(200),
      nick: 'Odmitnuty',
      site: 's',
    });

    it('answers 400 VALIDATION_FAILED for an empty batch and for 1001 events', async () => {
      const before = await processedCount();
      expect(await postEvents(url, { events: [] })).toMatchObject({
        status: 400,
        body: {
          status: 400,
          error: 'VALIDATION_FAILED',
          message: 'Pole "events" musí obsahovat alespoň jednu událost.',
        },
      });
      const tooMany = await postEvents(url, { events: Array.from({ length: 1001 }, vote) });
      expect([tooMany.status, tooMany.body]).toEqual([
        400,
        {
          status: 400,
          error: 'VALIDATION_FAILED',
          message:
            'Pole "events" smí obsahovat nejvýše 1000 událostí, přišlo 1001; rozděl je do více požadavků.',
        },
      ]);
      expect(await processedCount()).toBe(before);
    });

    it('answers 400 VALIDATION_FAILED when the body is not an object with an events array', async () => {
      const notObject = {
        status: 400,
        error: 'VALIDATION_FAILED',
        message: 'Tělo požadavku musí být objekt JSON tvaru { "events": [ ... ] }.',
      };
      const notArray = {
        status: 400,
        error: 'VALIDATION_FAILED',
        message: 'Pole "events" musí být pole událostí.',
      };
      expect((await postEvents(url, [vote()])).body).toEqual(notObject);
      expect((await postEvents(url, 'null')).body).toEqual(notObject);
      expect((await postEvents(url, '"events"')).body).toEqual(notObject);
      expect((await postEvents(url, { events: vote() })).body).toEqual(notArray);
      expect((await postEvents(url, { event: [vote()] })).body).toEqual(notArray);
    });

    it('answers 413 PAYLOAD_TOO_LARGE for a body over 1 MiB', async () => {
      const before = await processedCount();
      const events = Array.from({ length: 1000 }, () => ({ ...vote(), site: 'x'.repeat(1024) }));
      const answer = await postEvents(url, { events });
      expect([answer.status, answer.body]).toEqual([
        413,
        { status: 413, error: 'PAYLOAD_TOO_LARGE', message: 'Tělo požadavku je příliš velké.' },
      ]);
      expect(await processedCount()).toBe(before);
    });

    it('answers 401 UNAUTHORIZED for a missing, wrong or non-Bearer token', async () => {
      const before = await processedCount();
      const body = { events: [vote()] };
      const attempts: PostOptions[] = [
        { token: null },
        { token: 'wrong-token-wrong-token-0000' },
        { token: '' },
        { token: null, headers: { authorization: `Basic ${Buffer.from('survival:x').toString('base64')}` } },
        { token: null, headers: { 'x-access-token': SKYBLOCK_TOKEN } },
      ];
      for (const options of attempts) {
        const answer = await postEvents(url, body, options);
        expect([answer.status, answer.body]).toEqual([401, UNAUTHORIZED]);
      }
      expect(await processedCount()).toBe(before);
    });

    it('answers 400 BAD_REQUEST for malformed JSON, an empty body and __proto__ keys, without polluting prototypes', async () => {
      const before = await processedCount();
      const badRequest = { status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' };
      const bodies = [
        '{"events": [',
        '{"events": [{"id": "a",}]}',
        '',
        `{"events":[{"id":"${nextId()}","action":"PLAYER_VOTE","uuid":"${testUuid(200)}","nick":"X","site":"s","__proto__":{"polluted":1}}]}`,
        `{"__proto__":{"polluted":1},"events":[]}`,
        `{"events":[{"constructor":{"prototype":{"polluted":1}}}]}`,
      ];
      for (const body of bodies) {
        const answer = await postEvents(url, body);
        expect([answer.status, answer.body]).toEqual([400, badRequest]);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(await processedCount()).toBe(before);
    });

    it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body that is not application/json', async () => {
      const unsupported = {
        status: 415,
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Nepodporovaný typ obsahu, použij application/json.',
      };
      const before = await processedCount();
      const body = JSON.stringify({ events: [vote()] });
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        null,
      ]) {
        const answer = await postEvents(url, body, { contentType });
        expect([contentType, answer.status, answer.body]).toEqual([contentType, 415, unsupported]);
      }
      expect(await processedCount()).toBe(before);
      expect((await postEvents(url, body, { contentType: 'application/json; charset=utf-8' })).status).toBe(
        200,
      );
    });
  });

  it('works with the contracts ingest client, which splits 2500 events into batches', async () => {
    const client = createIngestClient({ baseUrl: url, token: SKYBLOCK_TOKEN });
    const uuid = testUuid(310);
    const events: IngestEvent[] = Array.from({ length: 2500 }, (_, i) => ({
      id: `client-${i}`,
      action: 'PLAYER_VOTE',
      uuid,
      nick: 'Klient',
      site: 'craftlist.org',
      date: T0 + i,
    }));
    events[1700] = { ...events[1700], nick: 'bad nick' };
    expect(await client.send(events)).toEqual({
      accepted: 2499,
      duplicates: 0,
      rejected: [
        { index: 1700, id: 'client-1700', error: 'Pole "nick" musí mít 1–32 znaků z [A-Za-z0-9_.*-].' },
      ],
    });
    expect((await client.send(events.slice(0, 10))).duplicates).toBe(10);
    expect((await playerRow(uuid)).votesTotal).toBe(2499);
  });

  it('counts ingest_events_total by result in /metrics', async () => {
    const read = async () => {
      const text = await (await fetch(`${url}/metrics`)).text();
      return Object.fromEntries(
        ['accepted', 'duplicate', 'rejected'].map((result) => {
          const match = new RegExp(
            `^ingest_events_total\\{result="${result}",app="log-ingestor"\\} (\\d+)$`,
            'm',
          ).exec(text);
          return [result, match ? Number(match[1]) : NaN];
        }),
      );
    };
    const before = await read();
    const id = nextId();
    const vote = { id, action: 'PLAYER_VOTE', uuid: testUuid(300), nick: 'Metrika', site: 's' };
    await ingestOk(url, [vote, vote, { id: nextId() }, { nope: true }]);
    const after = await read();
    expect({
      accepted: after['accepted'] - before['accepted'],
      duplicate: after['duplicate'] - before['duplicate'],
      rejected: after['rejected'] - before['rejected'],
    }).toEqual({ accepted: 1, duplicate: 1, rejected: 2 });
  });

  describe('without INGEST_TOKENS', () => {
    let closed: RunningApp;
    beforeAll(async () => {
      closed = await bootApp('log-ingestor', createIngestorApp, testConfig({ DATABASE_URL: fx.db.url }));
    });
    afterAll(() => closed?.close());

    it('warns at start and refuses every event with 401', async () => {
      const warnings = closed.logger.lines
        .map((line) => JSON.parse(line) as { level: string; msg?: string })
        .filter((entry) => entry.level === 'warn');
      expect(warnings.map((w) => w.msg)).toEqual([
        'INGEST_TOKENS is not set: POST /v1/events refuses every event with 401 until game-server tokens are configured',
      ]);
      const before = await processedCount();
      for (const token of [null, 'survival-token-e2e-0123456789', '']) {
        const answer = await postEvents(
          closed.url,
          { events: [{ id: nextId(), action: 'ECONOMY_REGISTER', uuid: testUuid(400), nick: 'Nikdo' }] },
          { token },
        );
        expect([answer.status, answer.body]).toEqual([401, UNAUTHORIZED]);
      }
      expect(await processedCount()).toBe(before);
    });
  });
});
