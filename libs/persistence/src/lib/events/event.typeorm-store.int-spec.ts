import { votePeriodKeys } from '@craftstats/domain';
import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { TypeOrmLeaderboardRepository } from '../leaderboards/leaderboard.typeorm-repository';
import { TypeOrmLogRepository } from '../logs/log.typeorm-repository';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { TypeOrmEventStore } from './event.typeorm-store';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0); // Wednesday 2026-11-18 13:00 in Prague
const periods = votePeriodKeys(T0, TZ);
const ctx = (receivedAt = T0) => ({ source: 'survival', receivedAt, timeZone: TZ });

describeEachDialect('TypeOrmEventStore', (fx) => {
  let store: TypeOrmEventStore;
  let players: TypeOrmPlayerRepository;
  let boards: TypeOrmLeaderboardRepository;
  let logs: TypeOrmLogRepository;

  beforeAll(() => {
    store = new TypeOrmEventStore(fx.dataSource);
    players = new TypeOrmPlayerRepository(fx.dataSource);
    boards = new TypeOrmLeaderboardRepository(fx.dataSource);
    logs = new TypeOrmLogRepository(fx.dataSource);
  });

  it('creates a player on registration and finds it by uuid and by nick in any letter case', async () => {
    const uuid = testUuid(1);
    const outcome = await store.ingest(
      [gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick: 'Pepa_Novak', date: T0 })],
      ctx(),
    );
    expect(outcome).toEqual({ accepted: 1, duplicates: 0 });

    const byUuid = await players.findByUuid(uuid, periods);
    expect(byUuid?.player).toMatchObject({ uuid, nick: 'Pepa_Novak', registred: T0 });
    expect(byUuid?.player.discriminator).toMatch(/^\d{4}$/);
    for (const spelling of ['pepa_novak', 'PEPA_NOVAK', 'pEpA_nOvAk']) {
      expect((await players.findByNick(spelling, periods))?.id).toBe(byUuid?.id);
    }
    expect(await players.findByNick('nobody', periods)).toBeNull();
    expect(await players.countRegisteredPlayers()).toBe(1);
  });

  it('upserts: a repeated registration changes nothing and later events update the same row', async () => {
    const uuid = testUuid(2);
    await store.ingest([gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick: 'Karel', date: T0 })], ctx());
    await store.ingest(
      [gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick: 'Karel', date: T0 + 5000 })],
      ctx(),
    );
    await store.ingest(
      [gameEvent({ action: 'PLAYER_UPDATE_RANK', uuid, nick: 'Karel', new_value: '12', date: T0 + 6000 })],
      ctx(),
    );
    const record = await players.findByUuid(uuid, periods);
    expect(record?.player).toMatchObject({ registred: T0, rank: '12' });
    expect(await players.countRegisteredPlayers()).toBe(2);
  });

  it('counts an already-seen event id as a duplicate and changes nothing', async () => {
    const uuid = testUuid(3);
    const event = gameEvent({
      action: 'ECONOMY_CRAFTCOINS_ADD',
      uuid,
      nick: 'Duplo',
      old_value: 0,
      new_value: 100,
      date: T0,
    });
    expect(await store.ingest([event], ctx())).toEqual({ accepted: 1, duplicates: 0 });
    expect(await store.ingest([event, event], ctx())).toEqual({ accepted: 0, duplicates: 2 });
    const record = await players.findByUuid(uuid, periods);
    expect(record?.player.balances.CRAFTCOINS).toEqual({ amount: 100, asOf: T0 });
  });

  it('keeps the newest balance by date when an older one arrives late, and logs both', async () => {
    const uuid = testUuid(4);
    const coins = (value: number, date: number) =>
      gameEvent({ action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick: 'Late', new_value: value, date });
    await store.ingest([coins(500, T0 + 2000)], ctx());
    await store.ingest([coins(300, T0 + 1000)], ctx()); // late, older: the player is replayed
    expect((await players.findByUuid(uuid, periods))?.player.balances.CRAFTCOINS.amount).toBe(500);
    await store.ingest([coins(700, T0 + 3000)], ctx());
    expect((await players.findByUuid(uuid, periods))?.player.balances.CRAFTCOINS.amount).toBe(700);
    const history = await logs.search('economy', { uuid }, 10, null);
    expect(history.rows.map((r) => r.newValue)).toEqual(['700', '500', '300']);
  });

  it('ranks the top 50 by value, then nick case-insensitively, then uuid', async () => {
    // 60 players with KARMA; ties at 50 between nicks differing in case and between equal nicks.
    const events = Array.from({ length: 60 }, (_, i) =>
      gameEvent({
        action: 'ECONOMY_KARMA_ADD',
        uuid: testUuid(100 + i),
        nick: `k${String(i).padStart(2, '0')}`,
        new_value: 1000 - i,
        date: T0,
      }),
    );
    events.push(
      gameEvent({ action: 'ECONOMY_KARMA_ADD', uuid: testUuid(201), nick: 'Bob', new_value: 5000, date: T0 }),
      gameEvent({
        action: 'ECONOMY_KARMA_ADD',
        uuid: testUuid(202),
        nick: 'alice',
        new_value: 5000,
        date: T0,
      }),
      gameEvent({
        action: 'ECONOMY_KARMA_ADD',
        uuid: testUuid(204),
        nick: 'Carl',
        new_value: 5000,
        date: T0,
      }),
      gameEvent({
        action: 'ECONOMY_KARMA_ADD',
        uuid: testUuid(203),
        nick: 'carl',
        new_value: 5000,
        date: T0,
      }),
    );
    await store.ingest(events, ctx());
    const top = await boards.topBalances('KARMA', 50);
    expect(top).toHaveLength(50);
    expect(top.slice(0, 5)).toEqual([
      { nick: 'alice', uuid: testUuid(202), value: 5000 },
      { nick: 'Bob', uuid: testUuid(201), value: 5000 },
      { nick: 'carl', uuid: testUuid(203), value: 5000 },
      { nick: 'Carl', uuid: testUuid(204), value: 5000 },
      { nick: 'k00', uuid: testUuid(100), value: 1000 },
    ]);
    expect(top[49]).toEqual({ nick: 'k45', uuid: testUuid(145), value: 955 });
  });

  it('counts votes per total, month and week of the community calendar', async () => {
    const uuid = testUuid(300);
    const vote = (date: number) =>
      gameEvent({ action: 'PLAYER_VOTE', uuid, nick: 'Volic', site: 'czech-craft', date });
    const lastMonth = Date.UTC(2026, 9, 31, 22, 30); // 2026-10-31 23:30 Prague: October
    await store.ingest([vote(T0), vote(T0 + 1), vote(lastMonth)], ctx());
    expect(await boards.topVotes('total', 'all', 50)).toEqual([{ nick: 'Volic', uuid, value: 3 }]);
    expect(await boards.topVotes('month', periods.month, 50)).toEqual([{ nick: 'Volic', uuid, value: 2 }]);
    expect(await boards.topVotes('week', periods.week, 50)).toEqual([{ nick: 'Volic', uuid, value: 2 }]);
    expect(await boards.topVotes('month', '2026-12', 50)).toEqual([]);
    const record = await players.findByUuid(uuid, periods);
    expect(record).toMatchObject({ votesMonth: 2, votesWeek: 2 });
    expect(record?.player).toMatchObject({ votesTotal: 3, lastVote: T0 + 1 });
  });

  it('renames a player and keeps its leaderboard rows under the new nick', async () => {
    const uuid = testUuid(400);
    await store.ingest(
      [
        gameEvent({ action: 'ECONOMY_EVENTPOINTS_ADD', uuid, nick: 'OldName', new_value: 9, date: T0 }),
        gameEvent({ action: 'PLAYER_VOTE', uuid, nick: 'OldName', site: 'craftlist.org', date: T0 + 1 }),
      ],
      ctx(),
    );
    // The rename alone: the balance and vote rows it does not touch take the new nick in place.
    await store.ingest(
      [gameEvent({ action: 'ECONOMY_CHANGE_NAME', uuid, nick: 'NewName', date: T0 + 10 })],
      ctx(),
    );
    expect(await players.findByNick('oldname', periods)).toBeNull();
    expect((await players.findByNick('newname', periods))?.player.uuid).toBe(uuid);
    expect(await boards.topBalances('EVENTPOINTS', 50)).toEqual([{ nick: 'NewName', uuid, value: 9 }]);
    const copies: Array<{ nick_lower: string }> = await fx.dataSource.query(
      'SELECT nick_lower FROM player_balances WHERE uuid = ? UNION ALL SELECT nick_lower FROM vote_counts WHERE uuid = ?',
      [uuid, uuid],
    );
    expect(copies.map((row) => row.nick_lower)).toEqual(['newname', 'newname', 'newname', 'newname']);
  });

  it('returns the latest 50 public log rows newest first and hides other actions', async () => {
    const uuid = testUuid(500);
    const base = T0 + 1_000_000;
    const events = Array.from({ length: 55 }, (_, i) =>
      gameEvent({
        action: 'ECONOMY_CRAFTTOKENS_ADD',
        uuid,
        nick: 'Logger',
        old_value: i,
        new_value: i + 1,
        date: base + i,
      }),
    );
    events.push(
      gameEvent({ action: 'PLAYER_JOIN', uuid, nick: 'Logger', mc_version: '1.21.4', date: base + 100 }),
    );
    await store.ingest(events, ctx());
    const latest = await logs.latest('economy', 50);
    expect(latest).toHaveLength(50);
    expect(latest[0]).toMatchObject({
      action: 'ECONOMY_CRAFTTOKENS_ADD',
      newValue: '55',
      oldValue: '54',
      date: base + 54,
      uuid,
    });
    expect(latest[49]).toMatchObject({ newValue: '6', date: base + 5 });
    expect(latest.some((row) => row.action === 'PLAYER_JOIN')).toBe(false);
  });

  it('stores achievements in their own log, newest first', async () => {
    const uuid = testUuid(600);
    await store.ingest(
      [
        gameEvent({
          action: 'ACHIEVEMENT_COMPLETE',
          uuid,
          nick: 'Hrdina',
          ach_id: 'first_join',
          ach_name: 'Vítej!',
          ach_value: 5,
          date: T0 + 1,
        }),
        gameEvent({
          action: 'ACHIEVEMENT_COMPLETE',
          uuid,
          nick: 'Hrdina',
          ach_id: 'kill_dragon',
          ach_name: 'Drakobijce',
          ach_value: 50,
          date: T0 + 2,
        }),
      ],
      ctx(),
    );
    const latest = await logs.latest('achievements', 50);
    expect(latest.map((r) => [r.achId, r.achName, r.achValue])).toEqual([
      ['kill_dragon', 'Drakobijce', 50],
      ['first_join', 'Vítej!', 5],
    ]);
  });

  it('keeps the newest balance when concurrent batches with distinct ids update the same player', async () => {
    const uuid = testUuid(700);
    await store.ingest([gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick: 'Zavod', date: T0 })], ctx());
    // 40 single-event batches in parallel (MariaDB: up to 10 pooled connections), alternating sources
    // so no two share an id lock, started in shuffled date order: batch i sets the balance to k + 1
    // dated T0 + 1000 * (k + 1), k = (i * 17) % 40. Only the newest (k = 39) may remain.
    const batches = Array.from({ length: 40 }, (_, i) => {
      const k = (i * 17) % 40;
      return store.ingest(
        [
          gameEvent({
            action: 'ECONOMY_KARMA_ADD',
            uuid,
            nick: 'Zavod',
            new_value: k + 1,
            date: T0 + 1000 * (k + 1),
          }),
        ],
        { ...ctx(), source: i % 2 === 0 ? 'survival' : 'skyblock' },
      );
    });
    const outcomes = await Promise.all(batches);
    expect(outcomes.reduce((sum, o) => sum + o.accepted, 0)).toBe(40);
    const record = await players.findByUuid(uuid, periods);
    expect(record?.player.balances.KARMA).toEqual({ amount: 40, asOf: T0 + 40_000 });
  });

  it('counts only registered players, not every player an event mentions', async () => {
    const before = await players.countRegisteredPlayers();
    await store.ingest(
      [
        gameEvent({
          action: 'PLAYER_VOTE',
          uuid: testUuid(800),
          nick: 'Neregistrovany',
          site: 'craftlist.org',
          date: T0,
        }),
        gameEvent({ action: 'ECONOMY_REGISTER', uuid: testUuid(801), nick: 'Registrovany', date: T0 }),
      ],
      ctx(),
    );
    expect(await players.countRegisteredPlayers()).toBe(before + 1);
    await store.ingest(
      [gameEvent({ action: 'ECONOMY_REGISTER', uuid: testUuid(800), nick: 'Neregistrovany', date: T0 + 5 })],
      ctx(),
    );
    expect(await players.countRegisteredPlayers()).toBe(before + 2);
  });

  describe('arrival order (ADR 0015)', () => {
    it('counts a PLAYER_QUIT that arrives before its own PLAYER_JOIN: offline, the session from join to quit', async () => {
      const uuid = testUuid(900);
      const quit = gameEvent({
        action: 'PLAYER_QUIT',
        uuid,
        nick: 'Pozdni',
        server: 'lobby',
        date: T0 + 600_000,
      });
      const join = gameEvent({ action: 'PLAYER_JOIN', uuid, nick: 'Pozdni', server: 'lobby', date: T0 });
      await store.ingest([quit], ctx(T0 + 700_000));
      await store.ingest([join], ctx(T0 + 800_000));
      const player = (await players.findByUuid(uuid, periods))?.player;
      expect(player).toMatchObject({
        isOnline: false,
        lastOnline: T0 + 600_000,
        playedTime: 600_000,
        openSession: null,
      });
    });

    it('keeps tag, Discord id, levels and social links of the newest events when an older batch is re-sent', async () => {
      const uuid = testUuid(901);
      const batch = (date: number, value: number, id: string) => [
        gameEvent({
          id: `${id}-t`,
          action: 'PLAYER_SET_TAG',
          uuid,
          nick: 'Stary',
          new_value: String(value),
          date,
        }),
        gameEvent({
          id: `${id}-d`,
          action: 'PLAYER_DISCORD_CONNECT',
          uuid,
          nick: 'Stary',
          new_value: `34856917342997708${value}`,
          date,
        }),
        gameEvent({
          id: `${id}-l`,
          action: 'PLAYER_UPDATE_LEVEL',
          uuid,
          nick: 'Stary',
          mode: 'survival',
          level: value,
          experience: value * 10,
          date,
        }),
        gameEvent({
          id: `${id}-s`,
          action: 'PLAYER_UPDATE_SOCIAL',
          uuid,
          nick: 'Stary',
          twitch: `https://twitch.tv/v${value}`,
          date,
        }),
      ];
      const older = batch(T0, 1, 'old');
      await store.ingest(batch(T0 + 1000, 9, 'new'), ctx(T0 + 2000));
      await store.ingest(older, ctx(T0 + 3000)); // first delivery of the older batch
      await store.ingest(older, ctx(T0 + 4000)); // and its retry
      const player = (await players.findByUuid(uuid, periods))?.player;
      expect(player).toMatchObject({
        tag: '9',
        discordId: '348569173429977089',
        levels: expect.objectContaining({ survival: { level: 9, experience: 90 } }),
        social: expect.objectContaining({ twitch: 'https://twitch.tv/v9' }),
      });
    });

    it('does not give a nick to a new player whose events merely carry it: the registered holder keeps it', async () => {
      const staff = testUuid(902);
      const other = testUuid(903);
      await store.ingest(
        [
          gameEvent({ action: 'ECONOMY_REGISTER', uuid: staff, nick: 'Spravce_Jan', date: T0 }),
          gameEvent({
            action: 'PLAYER_UPDATE_RANK',
            uuid: staff,
            nick: 'Spravce_Jan',
            new_value: '12',
            date: T0 + 1,
          }),
        ],
        ctx(),
      );
      // Another uuid (e.g. a cracked client) shows up later under the same nick, without registering.
      await store.ingest(
        [
          gameEvent({
            action: 'PLAYER_VOTE',
            uuid: other,
            nick: 'Spravce_Jan',
            site: 'craftlist.org',
            date: T0 + 60_000,
          }),
        ],
        ctx(T0 + 60_000),
      );
      expect((await players.findByNick('spravce_jan', periods))?.player.uuid).toBe(staff);
      // A rename onto the nick does take it (only a registration or rename decides who holds a nick).
      await store.ingest(
        [gameEvent({ action: 'ECONOMY_CHANGE_NAME', uuid: other, nick: 'Spravce_Jan', date: T0 + 120_000 })],
        ctx(T0 + 120_000),
      );
      expect((await players.findByNick('Spravce_Jan', periods))?.player.uuid).toBe(other);
    });

    it('keeps ids of servers whose names differ only in letter case apart: Lobby and lobby do not collide', async () => {
      const uuid = testUuid(904);
      const vote = (server: string) =>
        gameEvent({
          id: 'vote-1',
          action: 'PLAYER_VOTE',
          uuid,
          nick: 'Dvojity',
          server,
          site: 'craftlist.org',
          date: T0,
        });
      expect(await store.ingest([vote('Lobby')], { ...ctx(), source: 'Lobby' })).toEqual({
        accepted: 1,
        duplicates: 0,
      });
      expect(await store.ingest([vote('lobby')], { ...ctx(), source: 'lobby' })).toEqual({
        accepted: 1,
        duplicates: 0,
      });
      expect(await store.ingest([vote('lobby')], { ...ctx(), source: 'lobby' })).toEqual({
        accepted: 0,
        duplicates: 1,
      });
      expect((await players.findByUuid(uuid, periods))?.player.votesTotal).toBe(2);
    });
  });
});
