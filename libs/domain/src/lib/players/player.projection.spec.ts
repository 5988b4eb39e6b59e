import { BalanceOperation, balanceAction } from '../events/event.actions';
import {
  AchievementEvent,
  BalanceEvent,
  DiscordConnectEvent,
  EventBase,
  JoinEvent,
  LevelEvent,
  QuitEvent,
  RankEvent,
  RegisterEvent,
  RenameEvent,
  SocialEvent,
  SocialUpdate,
  TagEvent,
  VoteEvent,
} from '../events/event.types';
import { DomainError } from '../errors/domain-error';
import { EconomyType, LevelMode } from './player.constants';
import { FoldResult, foldEvents } from './player.history';
import { applyEvent, newPlayer, PlayerProjection, ProjectionResult } from './player.projection';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const CTX = { timeZone: 'Europe/Prague' };
/** Thu 15 Jan 2026 13:00 CET. */
const T0 = Date.parse('2026-01-15T12:00:00Z');
const MIN = 60_000;

let seq = 0;
function base(date: number, fields: Partial<EventBase> = {}): Omit<EventBase, 'action'> {
  seq += 1;
  return {
    id: `ev-${seq}`,
    uuid: UUID,
    nick: 'Notch',
    server: 'survival',
    sender: 'survival',
    date,
    oldValue: '0',
    newValue: '0',
    ...fields,
  };
}

const register = (date: number, nick = 'Notch'): RegisterEvent => ({
  ...base(date, { nick }),
  kind: 'register',
  action: 'ECONOMY_REGISTER',
});
const rename = (nick: string, date: number): RenameEvent => ({
  ...base(date, { nick }),
  kind: 'rename',
  action: 'ECONOMY_CHANGE_NAME',
});
const balance = (
  economyType: EconomyType,
  operation: BalanceOperation,
  amount: number,
  date: number,
): BalanceEvent => ({
  ...base(date, { newValue: String(amount) }),
  kind: 'balance',
  action: balanceAction(economyType, operation),
  economyType,
  operation,
  amount,
});
const rank = (value: string, date = T0): RankEvent => ({
  ...base(date, { newValue: value }),
  kind: 'rank',
  action: 'PLAYER_UPDATE_RANK',
});
const tag = (value: string, date = T0): TagEvent => ({
  ...base(date, { newValue: value }),
  kind: 'tag',
  action: 'PLAYER_SET_TAG',
});
const discord = (value: string, date = T0): DiscordConnectEvent => ({
  ...base(date, { newValue: value }),
  kind: 'discord',
  action: 'PLAYER_DISCORD_CONNECT',
});
const vote = (date: number, nick = 'Notch'): VoteEvent => ({
  ...base(date, { nick }),
  kind: 'vote',
  action: 'PLAYER_VOTE',
  site: 'czech-craft.eu',
});
const achievement = (date = T0): AchievementEvent => ({
  ...base(date),
  kind: 'achievement',
  action: 'ACHIEVEMENT_COMPLETE',
  achId: 'survival:first_join',
  achName: 'První kroky',
  achValue: 10,
});
const join = (server: string, date: number, mcVersion = '1.21.4', nick = 'Notch'): JoinEvent => ({
  ...base(date, { server, sender: server, nick }),
  kind: 'join',
  action: 'PLAYER_JOIN',
  mcVersion,
});
const quit = (server: string, date: number): QuitEvent => ({
  ...base(date, { server, sender: server }),
  kind: 'quit',
  action: 'PLAYER_QUIT',
});
const level = (mode: LevelMode, value: number, experience: number, date = T0): LevelEvent => ({
  ...base(date),
  kind: 'level',
  action: 'PLAYER_UPDATE_LEVEL',
  mode,
  level: value,
  experience,
});
const social = (update: SocialUpdate, date = T0): SocialEvent => ({
  ...base(date),
  kind: 'social',
  action: 'PLAYER_UPDATE_SOCIAL',
  social: update,
});

type AnyEvent = Parameters<typeof applyEvent>[1];

/** Applies the events in order, starting from an unknown player; returns the last result. */
function replay(...events: AnyEvent[]): ProjectionResult {
  let result: ProjectionResult | null = null;
  for (const event of events) result = applyEvent(result?.player ?? null, event, CTX);
  if (result === null) throw new Error('no events');
  return result;
}

const playerAfter = (...events: AnyEvent[]): PlayerProjection => replay(...events).player;

/**
 * Folds the events as the event store does (history order, whatever the arrival order) and checks that
 * delivering them in the given order and in the reverse order gives the same result.
 */
function inAnyOrder(...events: AnyEvent[]): FoldResult {
  const sourced = events.map((event) => ({ source: 'survival', event }));
  const forward = foldEvents(null, sourced, CTX);
  expect(foldEvents(null, [...sourced].reverse(), CTX)).toEqual(forward);
  return forward;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const NO_EFFECTS = { votes: [], closedSession: null };

describe('newPlayer', () => {
  it('starts with every value never told: 0, empty text, false or null', () => {
    expect(newPlayer(UUID, 'Notch', T0)).toEqual({
      uuid: UUID,
      nick: 'Notch',
      nickSince: T0,
      discriminator: '0795',
      registred: 0,
      webGroup: 0,
      lastOnline: 0,
      lastServer: '',
      isOnline: false,
      playedTime: 0,
      mcVersion: '',
      rank: '',
      rankSince: 0,
      tag: '',
      discordId: null,
      levels: {
        global: { level: 0, experience: 0 },
        survival: { level: 0, experience: 0 },
        skyblock: { level: 0, experience: 0 },
        creative: { level: 0, experience: 0 },
        vanilla: { level: 0, experience: 0 },
        prison: { level: 0, experience: 0 },
        skycloud: { level: 0, experience: 0 },
      },
      social: { status: '', facebook: null, twitter: null, twitch: null, steam: null, web: null },
      balances: {
        CRAFTCOINS: { amount: 0, asOf: 0 },
        CRAFTTOKENS: { amount: 0, asOf: 0 },
        VOTETOKENS: { amount: 0, asOf: 0 },
        KARMA: { amount: 0, asOf: 0 },
        ACHIEVEMENTPOINTS: { amount: 0, asOf: 0 },
        EVENTPOINTS: { amount: 0, asOf: 0 },
      },
      votesTotal: 0,
      lastVote: 0,
      openSession: null,
      deprecated: { votetokens: 0, level: 0, experience: 0 },
      lastEvent: null,
    });
  });

  it('stores the uuid in its dashed lower-case form', () => {
    expect(newPlayer('069A79F444E94726A5BEFCA90E38AAF5', 'Notch', T0).uuid).toBe(UUID);
  });

  it('throws INVALID_UUID for a value that is not a UUID', () => {
    expect(() => newPlayer('nope', 'Notch', T0)).toThrow(DomainError);
  });
});

describe('applyEvent', () => {
  describe('creating players', () => {
    it('creates an unknown player from any event, under the event nick without claiming it, not yet registered', () => {
      const { player } = applyEvent(null, vote(T0, 'jeb_'), CTX);
      expect(player).toMatchObject({
        uuid: UUID,
        nick: 'jeb_',
        nickSince: 0,
        registred: 0,
        discriminator: '0795',
      });
    });

    it('rejects an event for another player', () => {
      const other = { ...vote(T0), uuid: '00000000-0000-0000-0000-000000000000' };
      expect(() => applyEvent(newPlayer(UUID, 'Notch', T0), other, CTX)).toThrow(RangeError);
    });
  });

  describe('ECONOMY_REGISTER', () => {
    it('registers a new player at the event date', () => {
      const result = applyEvent(null, register(T0), CTX);
      expect(result.player.registred).toBe(T0);
      expect(result.effects).toEqual(NO_EFFECTS);
    });

    it('keeps the first registration date when the registration is repeated', () => {
      expect(playerAfter(register(T0), register(T0 + MIN)).registred).toBe(T0);
    });

    it('registers a player first seen through another event', () => {
      const player = playerAfter(join('lobby', T0), register(T0 + 5));
      expect(player.registred).toBe(T0 + 5);
      expect(player.lastServer).toBe('lobby');
    });
  });

  describe('ECONOMY_CHANGE_NAME', () => {
    it('gives the player the new nick from the rename date', () => {
      const player = playerAfter(register(T0), rename('Notch2', T0 + MIN));
      expect([player.nick, player.nickSince]).toEqual(['Notch2', T0 + MIN]);
    });

    it('gives the nick of the newest rename by date, whichever arrives last', () => {
      const { player } = inAnyOrder(register(T0), rename('Newest', T0 + 2 * MIN), rename('Older', T0 + MIN));
      expect([player.nick, player.nickSince]).toEqual(['Newest', T0 + 2 * MIN]);
    });

    it('applies a rename with the same date as the current nick', () => {
      expect(playerAfter(register(T0), rename('Same_Time', T0)).nick).toBe('Same_Time');
    });

    it('does not take the nick of any other event', () => {
      const player = playerAfter(
        register(T0),
        join('lobby', T0 + MIN, '', 'Impostor'),
        vote(T0 + 2 * MIN, 'Other'),
      );
      expect(player.nick).toBe('Notch');
    });
  });

  describe('balance actions', () => {
    it('sets the balance to new_value and remembers the event date', () => {
      const result = replay(register(T0), balance('CRAFTCOINS', 'ADD', 1500, T0 + MIN));
      expect(result.player.balances.CRAFTCOINS).toEqual({ amount: 1500, asOf: T0 + MIN });
      expect(result.effects).toEqual(NO_EFFECTS);
    });

    it('leaves the other economy types alone', () => {
      const player = playerAfter(balance('KARMA', 'ADD', 5, T0), balance('CRAFTTOKENS', 'ADD', 7, T0));
      expect(player.balances).toMatchObject({
        KARMA: { amount: 5, asOf: T0 },
        CRAFTTOKENS: { amount: 7, asOf: T0 },
        CRAFTCOINS: { amount: 0, asOf: 0 },
      });
    });

    it('takes new_value as the balance for TAKE and RESET too', () => {
      const player = playerAfter(
        balance('VOTETOKENS', 'ADD', 40, T0),
        balance('VOTETOKENS', 'TAKE', 25, T0 + 1),
        balance('KARMA', 'TAKE', -3, T0 + 2),
      );
      expect(player.balances.VOTETOKENS).toEqual({ amount: 25, asOf: T0 + 1 });
      expect(player.balances.KARMA).toEqual({ amount: -3, asOf: T0 + 2 });
      expect(
        playerAfter(balance('EVENTPOINTS', 'ADD', 9, T0), balance('EVENTPOINTS', 'RESET', 0, T0 + 1)).balances
          .EVENTPOINTS,
      ).toEqual({ amount: 0, asOf: T0 + 1 });
    });

    it('keeps the newer balance when an older event arrives late', () => {
      const { player } = inAnyOrder(
        balance('CRAFTCOINS', 'ADD', 300, T0 + 2 * MIN),
        balance('CRAFTCOINS', 'ADD', 200, T0 + MIN),
      );
      expect(player.balances.CRAFTCOINS).toEqual({ amount: 300, asOf: T0 + 2 * MIN });
    });

    it('decides two balances of the same date by event id, not by arrival', () => {
      const first = { ...balance('CRAFTCOINS', 'ADD', 300, T0), id: 'b-2' };
      const second = { ...balance('CRAFTCOINS', 'TAKE', 250, T0), id: 'b-1' };
      expect(inAnyOrder(first, second).player.balances.CRAFTCOINS).toEqual({ amount: 300, asOf: T0 });
    });
  });

  describe('rank, tag and Discord', () => {
    it('sets the rank to new_value', () => {
      expect(playerAfter(register(T0), rank('12')).rank).toBe('12');
    });

    it('sets the tag to new_value', () => {
      expect(playerAfter(register(T0), tag('3')).tag).toBe('3');
    });

    it('sets the Discord id to the exact new_value text', () => {
      expect(playerAfter(register(T0), discord('348569173429977088')).discordId).toBe('348569173429977088');
    });

    it('leaves the Discord id null until a PLAYER_DISCORD_CONNECT', () => {
      expect(playerAfter(register(T0), rank('12')).discordId).toBeNull();
    });

    it('keeps the newer rank when an older rank event arrives late (a removed staff rank stays removed)', () => {
      const { player } = inAnyOrder(rank('10', T0), rank('1', T0 + MIN), rank('10', T0 + 1));
      expect(player).toMatchObject({ rank: '1', rankSince: T0 + MIN });
    });

    it('decides two ranks of the same date by event id, not by arrival', () => {
      expect(inAnyOrder({ ...rank('9', T0), id: 'r-b' }, { ...rank('2', T0), id: 'r-a' }).player.rank).toBe(
        '9',
      );
    });

    it('takes the tag of the newest event by date, not of the last applied one', () => {
      expect(inAnyOrder(tag('2', T0), tag('9', T0 - 1)).player.tag).toBe('2');
    });
  });

  describe('PLAYER_VOTE', () => {
    it('counts the vote and reports the total, month and week counters to increment', () => {
      const result = replay(register(T0), vote(T0 + MIN));
      expect(result.player.votesTotal).toBe(1);
      expect(result.player.lastVote).toBe(T0 + MIN);
      expect(result.effects).toEqual({
        votes: [
          { period: 'total', key: 'all' },
          { period: 'month', key: '2026-01' },
          { period: 'week', key: '2026-01-12' },
        ],
        closedSession: null,
      });
    });

    it('keys the periods in the community time zone', () => {
      // Mon 5 Jan 2026 00:30 in Prague is still Sunday 4 Jan in UTC.
      const result = applyEvent(null, vote(Date.parse('2026-01-04T23:30:00Z')), CTX);
      expect(result.effects.votes).toEqual([
        { period: 'total', key: 'all' },
        { period: 'month', key: '2026-01' },
        { period: 'week', key: '2026-01-05' },
      ]);
      const inUtc = applyEvent(null, vote(Date.parse('2026-01-04T23:30:00Z')), { timeZone: 'UTC' });
      expect(inUtc.effects.votes[2]).toEqual({ period: 'week', key: '2025-12-29' });
    });

    it('counts a late vote in its own period and keeps the newest last vote', () => {
      const december = Date.parse('2025-12-20T10:00:00Z');
      const result = replay(vote(T0), vote(december));
      expect(result.player.votesTotal).toBe(2);
      expect(result.player.lastVote).toBe(T0);
      expect(result.effects.votes).toEqual([
        { period: 'total', key: 'all' },
        { period: 'month', key: '2025-12' },
        { period: 'week', key: '2025-12-15' },
      ]);
    });
  });

  describe('ACHIEVEMENT_COMPLETE', () => {
    it('changes nothing on a known player', () => {
      const before = playerAfter(register(T0), balance('ACHIEVEMENTPOINTS', 'ADD', 10, T0));
      const result = applyEvent(before, achievement(T0 + MIN), CTX);
      expect(result.player).toEqual(before);
      expect(result.effects).toEqual(NO_EFFECTS);
    });

    it('only creates an unknown player', () => {
      expect(applyEvent(null, achievement(T0), CTX).player).toEqual(newPlayer(UUID, 'Notch'));
    });
  });

  describe('PLAYER_JOIN and PLAYER_QUIT', () => {
    it('marks a joining player online on that server with an open session', () => {
      const result = replay(register(T0), join('skyblock', T0 + MIN, '1.21.4'));
      expect(result.player).toMatchObject({
        isOnline: true,
        lastServer: 'skyblock',
        lastOnline: T0 + MIN,
        mcVersion: '1.21.4',
        openSession: { server: 'skyblock', since: T0 + MIN },
        playedTime: 0,
      });
      expect(result.effects).toEqual(NO_EFFECTS);
    });

    it('keeps the known client version when a join does not carry one', () => {
      expect(
        playerAfter(join('lobby', T0, '1.20.1'), quit('lobby', T0 + 1), join('lobby', T0 + 2, '')).mcVersion,
      ).toBe('1.20.1');
    });

    it('adds the session length to the played time on quit and reports the session', () => {
      const result = replay(join('survival', T0), quit('survival', T0 + 30 * MIN));
      expect(result.player).toMatchObject({
        isOnline: false,
        lastServer: 'survival',
        lastOnline: T0 + 30 * MIN,
        playedTime: 30 * MIN,
        openSession: null,
      });
      expect(result.effects.closedSession).toEqual({
        server: 'survival',
        joinedAt: T0,
        quitAt: T0 + 30 * MIN,
        duration: 30 * MIN,
      });
    });

    it('sums the played time over sessions', () => {
      const player = playerAfter(
        join('survival', T0),
        quit('survival', T0 + 10 * MIN),
        join('lobby', T0 + 60 * MIN),
        quit('lobby', T0 + 65 * MIN),
      );
      expect(player.playedTime).toBe(15 * MIN);
    });

    it('closes the open session when the player joins again while online (server switch)', () => {
      const result = replay(join('lobby', T0), join('survival', T0 + 5 * MIN));
      expect(result.player).toMatchObject({
        isOnline: true,
        lastServer: 'survival',
        lastOnline: T0 + 5 * MIN,
        playedTime: 5 * MIN,
        openSession: { server: 'survival', since: T0 + 5 * MIN },
      });
      expect(result.effects.closedSession).toEqual({
        server: 'lobby',
        joinedAt: T0,
        quitAt: T0 + 5 * MIN,
        duration: 5 * MIN,
      });
    });

    it('keeps the player online when the previous server reports its quit after a switch', () => {
      const result = replay(join('lobby', T0), join('survival', T0 + 60_000), quit('lobby', T0 + 60_500));
      expect(result.player).toMatchObject({
        isOnline: true,
        lastServer: 'survival',
        lastOnline: T0 + 60_500,
        playedTime: 60_000,
        openSession: { server: 'survival', since: T0 + 60_000 },
      });
      expect(result.effects.closedSession).toBeNull();
      const after = playerAfter(
        join('lobby', T0),
        join('survival', T0 + 60_000),
        quit('lobby', T0 + 60_500),
        quit('survival', T0 + 60 * MIN),
      );
      expect(after).toMatchObject({ isOnline: false, playedTime: 60 * MIN, openSession: null });
    });

    it('marks a player offline on a quit without a join, counting no time', () => {
      const result = replay(register(T0), quit('survival', T0 + MIN));
      expect(result.player).toMatchObject({
        isOnline: false,
        lastOnline: T0 + MIN,
        playedTime: 0,
        openSession: null,
      });
      expect(result.effects).toEqual(NO_EFFECTS);
    });

    it('ends the session at the first quit by date, whichever quit arrives first', () => {
      const { player } = inAnyOrder(join('lobby', T0), quit('lobby', T0 + 10 * MIN), quit('lobby', T0 + MIN));
      expect(player.lastOnline).toBe(T0 + 10 * MIN);
      expect(player.playedTime).toBe(MIN);
    });

    it('keeps the player online when a quit older than the open session arrives late', () => {
      // Quit from the lobby at T0+5 is delivered after the join to survival at T0+6.
      const result = inAnyOrder(join('survival', T0 + 6 * MIN), quit('lobby', T0 + 5 * MIN));
      expect(result.player).toMatchObject({
        isOnline: true,
        lastServer: 'survival',
        lastOnline: T0 + 6 * MIN,
        playedTime: 0,
        openSession: { server: 'survival', since: T0 + 6 * MIN },
      });
      expect(result.sessions).toEqual([]);
    });

    it('counts a late join older than the open session as the session it started', () => {
      const result = inAnyOrder(
        join('survival', T0 + 6 * MIN, '1.21.4'),
        join('lobby', T0 + 5 * MIN, '1.8.9'),
      );
      expect(result.player).toMatchObject({
        isOnline: true,
        lastServer: 'survival',
        mcVersion: '1.21.4',
        playedTime: MIN,
        openSession: { server: 'survival', since: T0 + 6 * MIN },
      });
      expect(result.sessions).toEqual([
        { server: 'lobby', joinedAt: T0 + 5 * MIN, quitAt: T0 + 6 * MIN, duration: MIN },
      ]);
    });

    it('counts a quit that arrives before its join: offline, with the session from join to quit', () => {
      const result = inAnyOrder(quit('lobby', T0 + 30 * MIN), join('lobby', T0));
      expect(result.player).toMatchObject({ isOnline: false, playedTime: 30 * MIN, openSession: null });
    });
  });

  describe('PLAYER_UPDATE_LEVEL', () => {
    it('sets the level and experience of that mode only', () => {
      const player = playerAfter(level('skyblock', 12, 3400), level('global', 7, 0));
      expect(player.levels).toEqual({
        global: { level: 7, experience: 0 },
        survival: { level: 0, experience: 0 },
        skyblock: { level: 12, experience: 3400 },
        creative: { level: 0, experience: 0 },
        vanilla: { level: 0, experience: 0 },
        prison: { level: 0, experience: 0 },
        skycloud: { level: 0, experience: 0 },
      });
    });

    it('never touches the deprecated legacy values', () => {
      expect(playerAfter(level('global', 50, 100), balance('VOTETOKENS', 'ADD', 5, T0)).deprecated).toEqual({
        votetokens: 0,
        level: 0,
        experience: 0,
      });
    });
  });

  describe('PLAYER_UPDATE_SOCIAL', () => {
    it('merges the given keys and keeps the others', () => {
      const player = playerAfter(
        social({ status: 'Ahoj', twitch: 'https://twitch.tv/notch' }),
        social({ web: 'https://notch.net' }),
      );
      expect(player.social).toEqual({
        status: 'Ahoj',
        facebook: null,
        twitter: null,
        twitch: 'https://twitch.tv/notch',
        steam: null,
        web: 'https://notch.net',
      });
    });

    it('clears a link given as null and a status given as empty text', () => {
      const player = playerAfter(
        social({ status: 'Ahoj', twitch: 'https://twitch.tv/notch', web: 'https://notch.net' }),
        social({ status: '', twitch: null }),
      );
      expect(player.social).toEqual({
        status: '',
        facebook: null,
        twitter: null,
        twitch: null,
        steam: null,
        web: 'https://notch.net',
      });
    });
  });

  describe('immutability', () => {
    const events: AnyEvent[] = [
      register(T0),
      rename('Renamed', T0 + 1),
      balance('CRAFTCOINS', 'ADD', 10, T0 + 2),
      rank('5'),
      tag('1'),
      discord('1'),
      vote(T0 + 3),
      achievement(),
      join('lobby', T0 + 4),
      quit('lobby', T0 + 5),
      level('prison', 1, 1),
      social({ steam: null }),
    ];

    it.each(events.map((event) => [event.action, event] as const))(
      'returns a new player and leaves the stored one untouched for %s',
      (_action, event) => {
        const current = deepFreeze(playerAfter(join('survival', T0 - MIN)));
        const snapshot = JSON.parse(JSON.stringify(current)) as PlayerProjection;
        const { player } = applyEvent(current, event, CTX);
        expect(player).not.toBe(current);
        expect(current).toEqual(snapshot);
      },
    );

    it('shares no nested object with the stored player', () => {
      const current = playerAfter(join('survival', T0));
      const { player } = applyEvent(current, achievement(), CTX);
      expect(player.balances).not.toBe(current.balances);
      expect(player.balances.KARMA).not.toBe(current.balances.KARMA);
      expect(player.levels.global).not.toBe(current.levels.global);
      expect(player.social).not.toBe(current.social);
      expect(player.openSession).not.toBe(current.openSession);
      expect(player.deprecated).not.toBe(current.deprecated);
    });
  });
});
