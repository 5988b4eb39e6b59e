import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assertType, type Equal } from '../../test/type-assertions';
import {
  ECONOMY_BALANCE_ACTIONS,
  ECONOMY_LOG_ACTIONS,
  ECONOMY_OPERATIONS,
  ECONOMY_TYPES,
  EVENT_ACTIONS,
  EVENT_ID_PATTERN,
  INGEST_MAX_BYTES,
  INGEST_MAX_EVENTS,
  economyBalanceActionParts,
  isEconomyBalanceAction,
  isEventAction,
  isValidEventId,
  LEVEL_MODES,
  type EconomyBalanceAction,
  type EventAction,
  type IngestEvent,
  type IngestEventOf,
} from './events';

describe('event constants', () => {
  it('lists the economy types, operations and level modes', () => {
    expect(ECONOMY_TYPES).toEqual([
      'CRAFTCOINS',
      'CRAFTTOKENS',
      'VOTETOKENS',
      'KARMA',
      'ACHIEVEMENTPOINTS',
      'EVENTPOINTS',
    ]);
    expect(ECONOMY_OPERATIONS).toEqual(['ADD', 'TAKE', 'RESET']);
    expect(LEVEL_MODES).toEqual([
      'global',
      'survival',
      'skyblock',
      'creative',
      'vanilla',
      'prison',
      'skycloud',
    ]);
  });

  it('expands every ECONOMY_{TYPE}_{OPERATION} action', () => {
    const expected = ECONOMY_TYPES.flatMap((type) => ECONOMY_OPERATIONS.map((op) => `ECONOMY_${type}_${op}`));
    expect(ECONOMY_BALANCE_ACTIONS).toEqual(expected);
    expect(ECONOMY_BALANCE_ACTIONS).toHaveLength(18);
    assertType<Equal<(typeof ECONOMY_BALANCE_ACTIONS)[number], EconomyBalanceAction>>();
  });

  it('splits a balance action into its economy type and operation, and knows no other', () => {
    expect(ECONOMY_BALANCE_ACTIONS.every(isEconomyBalanceAction)).toBe(true);
    expect(economyBalanceActionParts('ECONOMY_KARMA_TAKE')).toEqual({
      economyType: 'KARMA',
      operation: 'TAKE',
    });
    expect(economyBalanceActionParts('ECONOMY_ACHIEVEMENTPOINTS_RESET')).toEqual({
      economyType: 'ACHIEVEMENTPOINTS',
      operation: 'RESET',
    });
    for (const other of ['ECONOMY_REGISTER', 'ECONOMY_GOLD_ADD', 'PLAYER_SET_TAG', 'economy_karma_add', 7])
      expect([other, isEconomyBalanceAction(other)]).toEqual([other, false]);
    expect(() => economyBalanceActionParts('ECONOMY_GOLD_ADD' as EconomyBalanceAction)).toThrow(RangeError);
  });

  it("lists exactly the actions of docs/ingestion.md's table, in its order", () => {
    // The guide's "Actions and their effect" table is what game-server developers read; the contract
    // must not drift from it. `ECONOMY_{TYPE}_ADD` / `_TAKE` / `_RESET` stands for every currency.
    const guide = readFileSync(path.resolve(__dirname, '../../../../docs/ingestion.md'), 'utf8');
    const documented = [...guide.matchAll(/^\| `([A-Z_{}]+)`(?: \/ `_[A-Z]+`)* +\|/gm)].flatMap(
      ([, action]) =>
        action === 'ECONOMY_{TYPE}_ADD'
          ? ECONOMY_TYPES.flatMap((type) => ECONOMY_OPERATIONS.map((op) => `ECONOMY_${type}_${op}`))
          : [action],
    );
    expect(documented).toEqual([...EVENT_ACTIONS]);
    expect(new Set(EVENT_ACTIONS).size).toBe(EVENT_ACTIONS.length);
    assertType<Equal<EventAction, IngestEvent['action']>>();
  });

  it('lists the actions of the public economy log', () => {
    expect(ECONOMY_LOG_ACTIONS).toEqual([
      'ECONOMY_REGISTER',
      'ECONOMY_CHANGE_NAME',
      ...ECONOMY_BALANCE_ACTIONS,
      'PLAYER_UPDATE_RANK',
      'PLAYER_SET_TAG',
      'PLAYER_DISCORD_CONNECT',
    ]);
  });

  it('has the request limits', () => {
    expect([INGEST_MAX_EVENTS, INGEST_MAX_BYTES]).toEqual([1000, 1048576]);
  });

  it('recognises actions and event ids', () => {
    expect(isEventAction('ECONOMY_KARMA_RESET')).toBe(true);
    expect(isEventAction('ECONOMY_GOLD_ADD')).toBe(false);
    expect(isValidEventId('survival:2024-01-01T00.00_1')).toBe(true);
    expect(isValidEventId('a'.repeat(64))).toBe(true);
    expect(isValidEventId('a'.repeat(65))).toBe(false);
    expect(isValidEventId('')).toBe(false);
    expect(isValidEventId('with space')).toBe(false);
    expect(isValidEventId('hráč')).toBe(false);
    expect(EVENT_ID_PATTERN.source).toBe('^[A-Za-z0-9._:-]{1,64}$');
  });
});

describe('IngestEvent', () => {
  it('is discriminated on action', () => {
    const events: IngestEvent[] = [
      { id: '1', action: 'ECONOMY_REGISTER', uuid: 'u', nick: 'n', date: 1 },
      { id: '2', action: 'ECONOMY_VOTETOKENS_TAKE', uuid: 'u', nick: 'n', old_value: 5, new_value: '4' },
      { id: '3', action: 'PLAYER_VOTE', uuid: 'u', nick: 'n', site: 'craftlist.org' },
      {
        id: '4',
        action: 'ACHIEVEMENT_COMPLETE',
        uuid: 'u',
        nick: 'n',
        ach_id: 'game_first_join',
        ach_name: 'Vítej',
        ach_value: 5,
      },
      { id: '5', action: 'PLAYER_JOIN', uuid: 'u', nick: 'n', server: 'lobby', mc_version: '1.21.4' },
      { id: '6', action: 'PLAYER_QUIT', uuid: 'u', nick: 'n' },
      { id: '7', action: 'PLAYER_UPDATE_LEVEL', uuid: 'u', nick: 'n', mode: 'global', level: 3 },
      {
        id: '8',
        action: 'PLAYER_UPDATE_SOCIAL',
        uuid: 'u',
        nick: 'n',
        status: 'Ahoj',
        web: null,
        twitch: 'https://twitch.tv/x',
      },
      { id: '9', action: 'PLAYER_DISCORD_CONNECT', uuid: 'u', nick: 'n', new_value: '123456789012345678901' },
    ];
    const describeEvent = (event: IngestEvent): string => {
      if (event.action === 'PLAYER_VOTE') return `vote on ${event.site}`;
      if (event.action === 'ACHIEVEMENT_COMPLETE') return `achievement ${event.ach_id} +${event.ach_value}`;
      if (event.action === 'PLAYER_UPDATE_LEVEL') return `${event.mode} level ${event.level}`;
      return event.action;
    };
    expect(events.map(describeEvent)).toEqual([
      'ECONOMY_REGISTER',
      'ECONOMY_VOTETOKENS_TAKE',
      'vote on craftlist.org',
      'achievement game_first_join +5',
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'global level 3',
      'PLAYER_UPDATE_SOCIAL',
      'PLAYER_DISCORD_CONNECT',
    ]);
    assertType<Equal<IngestEventOf<'PLAYER_VOTE'>['site'], string>>();
  });

  it('rejects incomplete events at compile time', () => {
    // @ts-expect-error PLAYER_VOTE requires `site`
    const noSite: IngestEvent = { id: '1', action: 'PLAYER_VOTE', uuid: 'u', nick: 'n' };
    // @ts-expect-error a balance change requires `new_value`
    const noValue: IngestEvent = { id: '2', action: 'ECONOMY_KARMA_ADD', uuid: 'u', nick: 'n' };
    const badMode: IngestEvent = {
      id: '3',
      action: 'PLAYER_UPDATE_LEVEL',
      uuid: 'u',
      nick: 'n',
      // @ts-expect-error unknown level mode
      mode: 'lobby',
      level: 1,
    };
    const badAction: IngestEvent = {
      id: '4',
      // @ts-expect-error unknown action
      action: 'ECONOMY_GOLD_ADD',
      uuid: 'u',
      nick: 'n',
      new_value: 1,
    };
    expect([noSite, noValue, badMode, badAction].map((event) => event.id)).toEqual(['1', '2', '3', '4']);
  });
});
