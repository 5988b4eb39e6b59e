import type { GameEvent, LegacyImportEvent } from '../events/event.types';
import { parseEvent } from '../events/event.parser';
import { type PlayerProjection, applyEvent } from '../players/player.projection';
import {
  LEGACY_DEFAULT_STATUS,
  type LegacyProfileRow,
  legacyEventFromLog,
  legacyEventId,
  legacyProfileEvent,
} from './legacy-profile';

const AS_OF = Date.UTC(2026, 10, 20, 12); // Friday 2026-11-20, Prague: month 2026-11, week 2026-11-16
const CTX = { timeZone: 'Europe/Prague' };
const UUID = '0123456789abcdef0123456789abcdef';
const DASHED = '01234567-89ab-cdef-0123-456789abcdef';

function row(overrides: LegacyProfileRow = {}): LegacyProfileRow {
  return {
    id: 42,
    discriminator: '0815',
    nick: 'Pepa',
    uuid: UUID.toUpperCase(),
    registred: '1400000000000',
    last_online: '1700000000000',
    last_server: 'survival',
    played_time: '3724', // minutes: 62 h 4 min
    mc_version: '1.20.4',
    craft_coins: '9007199254740991',
    craft_tokens: '0',
    vote_tokens_3: '7',
    karma_points: '-3',
    quest_points: '355',
    event_points: '2',
    global_level: '40',
    survival_118_level: '12',
    survival_118_experience: '1200',
    skyblock_118_level: '3',
    skyblock_118_experience: '30',
    creative_level: '1',
    creative_experience: '0',
    vanilla_level: '5',
    vanilla_experience: '55',
    prison_level: '6',
    prison_experience: '66',
    skycloud_level: '7',
    skycloud_experience: '77',
    vote_tokens: '11',
    level: '9',
    experience: '99',
    total_votes: 120,
    month_votes: 8,
    week_votes: 3,
    last_vote: '1763000000000',
    discord_user_id: '123456789012345678',
    status: 'Žluťoučký kůň',
    ...overrides,
  };
}

function imported(overrides: LegacyProfileRow = {}): LegacyImportEvent {
  const result = legacyProfileEvent(row(overrides), AS_OF);
  if (!result.ok) throw new Error(result.detail);
  return result.event;
}

function live(raw: Record<string, unknown>): GameEvent {
  const result = parseEvent(
    { id: `live-${String(raw['action'])}-${String(raw['date'])}`, uuid: DASHED, nick: 'Pepa', ...raw },
    { defaultServer: 'lobby', receivedAt: AS_OF + 86_400_000 },
  );
  if (!result.ok) throw new Error(result.error);
  return result.event;
}

function replay(events: readonly GameEvent[]): PlayerProjection {
  let player: PlayerProjection | null = null;
  for (const event of events) player = applyEvent(player, event, CTX).player;
  if (player === null) throw new Error('no events');
  return player;
}

describe('legacyProfileEvent', () => {
  it('maps every used column of a row into one LEGACY_IMPORT event dated --as-of', () => {
    const event = imported();
    expect(event).toMatchObject({
      id: 'player_profile:000000000042',
      action: 'LEGACY_IMPORT',
      uuid: DASHED,
      nick: 'Pepa',
      date: AS_OF,
      server: 'legacy',
    });
    expect(event.snapshot).toEqual({
      legacyId: 42,
      discriminator: '0815',
      registred: 1400000000000,
      lastOnline: 1700000000000,
      lastServer: 'survival',
      playedTime: 3724,
      mcVersion: '1.20.4',
      balances: {
        CRAFTCOINS: 9007199254740991,
        VOTETOKENS: 7,
        KARMA: -3,
        ACHIEVEMENTPOINTS: 355,
        EVENTPOINTS: 2,
      },
      levels: {
        global: { level: 40, experience: 0 },
        survival: { level: 12, experience: 1200 },
        skyblock: { level: 3, experience: 30 },
        creative: { level: 1, experience: 0 },
        vanilla: { level: 5, experience: 55 },
        prison: { level: 6, experience: 66 },
        skycloud: { level: 7, experience: 77 },
      },
      votes: { total: 120, month: 8, week: 3, lastVote: 1763000000000 },
      status: 'Žluťoučký kůň',
      discordId: '123456789012345678',
      deprecated: { votetokens: 11, level: 9, experience: 99 },
    });
  });

  it('imports the default status as empty, mc_version "0" as empty and a NULL Discord id as null', () => {
    const { snapshot } = imported({ status: LEGACY_DEFAULT_STATUS, mc_version: '0', discord_user_id: null });
    expect(snapshot).toMatchObject({ status: '', mcVersion: '', discordId: null });
  });

  it.each([[null], [''], ['  '], ['0']])('imports the Discord id %j as null: no linked account', (value) => {
    expect(imported({ discord_user_id: value }).snapshot.discordId).toBeNull();
    expect(applyEvent(null, imported({ discord_user_id: value }), CTX).player.discordId).toBeNull();
  });

  it('reads played_time as minutes: the player gets them as milliseconds, shown as the same minutes', () => {
    expect(imported({ played_time: '0' }).snapshot.playedTime).toBe(0);
    expect(applyEvent(null, imported({ played_time: 4 }), CTX).player.playedTime).toBe(4 * 60_000);
    const most = Math.floor(Number.MAX_SAFE_INTEGER / 60_000);
    const player = applyEvent(null, imported({ played_time: String(most) }), CTX).player;
    expect(player.playedTime).toBe(most * 60_000);
    expect(Number.isSafeInteger(player.playedTime)).toBe(true);
    expect(legacyProfileEvent(row({ played_time: String(most + 1) }), AS_OF)).toMatchObject({
      ok: false,
      problem: 'VALUE_OUT_OF_RANGE',
      detail: `played_time=${most + 1} is outside 0..${most}`,
    });
  });

  it('keeps the derived discriminator when the old one is not four digits', () => {
    expect(imported({ discriminator: '12' }).snapshot.discriminator).toBe('');
    expect(applyEvent(null, imported({ discriminator: '12' }), CTX).player.discriminator).toMatch(/^\d{4}$/);
  });

  it.each([
    [{ uuid: 'abc' }, 'INVALID_UUID'],
    [{ nick: 'Pepa Novák' }, 'INVALID_NICK'],
    [{ nick: 'x'.repeat(33) }, 'INVALID_NICK'],
    [{ craft_coins: '9223372036854775807' }, 'VALUE_OUT_OF_RANGE'],
    [{ survival_118_level: '3000000000' }, 'VALUE_OUT_OF_RANGE'],
    [{ last_online: '-5' }, 'VALUE_OUT_OF_RANGE'],
    [{ discord_user_id: 'pepa#1234' }, 'INVALID_DISCORD_ID'],
  ])('refuses %j with %s, naming the value', (overrides, problem) => {
    expect(legacyProfileEvent(row(overrides), AS_OF)).toMatchObject({
      ok: false,
      legacyId: 42,
      problem,
      detail: expect.stringContaining(String(Object.values(overrides)[0]).slice(0, 10)),
    });
  });

  it('derives the same event id from the same row, sortable by the key', () => {
    expect(legacyEventId(7)).toBe('player_profile:000000000007');
    expect(legacyEventId(7) < legacyEventId(10)).toBe(true);
  });
});

describe('applyEvent of LEGACY_IMPORT', () => {
  it('creates an offline, registered player with the imported values and vote increments', () => {
    const { player, effects } = applyEvent(null, imported(), CTX);
    expect(player).toMatchObject({
      uuid: DASHED,
      nick: 'Pepa',
      nickSince: 1700000000000,
      discriminator: '0815',
      registred: 1400000000000,
      lastOnline: 1700000000000,
      lastServer: 'survival',
      isOnline: false,
      openSession: null,
      playedTime: 3724 * 60_000,
      votesTotal: 120,
      lastVote: 1763000000000,
      discordId: '123456789012345678',
    });
    expect(player.balances.CRAFTCOINS).toEqual({ amount: 9007199254740991, asOf: AS_OF });
    expect(player.balances.CRAFTTOKENS).toEqual({ amount: 0, asOf: 0 });
    expect(effects.votes).toEqual([
      { period: 'total', key: 'all', count: 120 },
      { period: 'month', key: '2026-11', count: 8 },
      { period: 'week', key: '2026-11-16', count: 3 },
    ]);
  });

  it('gives the same player whether live events arrive before or after the import', () => {
    const liveEvents = [
      live({ action: 'ECONOMY_CRAFTCOINS_ADD', date: AS_OF + 1000, new_value: 10 }), // newer: wins
      live({ action: 'ECONOMY_KARMA_ADD', date: AS_OF - 1000, new_value: 50 }), // older: loses
      live({ action: 'PLAYER_VOTE', date: AS_OF + 2000, site: 'craftlist.org' }),
      live({ action: 'PLAYER_UPDATE_LEVEL', date: AS_OF + 3000, mode: 'survival', level: 13, experience: 5 }),
      live({ action: 'PLAYER_DISCORD_CONNECT', date: AS_OF + 4000, new_value: '999' }),
      live({ action: 'ECONOMY_REGISTER', date: AS_OF + 5000 }),
      live({ action: 'PLAYER_JOIN', date: AS_OF + 6000, mc_version: '1.21.4' }),
      live({ action: 'PLAYER_QUIT', date: AS_OF + 66000 }),
    ];
    const importFirst = replay([imported(), ...liveEvents]);
    const importLast = replay([...liveEvents, imported()]);
    expect(importLast).toEqual(importFirst);
    expect(importFirst).toMatchObject({
      registred: 1400000000000,
      votesTotal: 121,
      playedTime: 3724 * 60_000 + 60_000,
      lastServer: 'lobby',
      mcVersion: '1.21.4',
      discordId: '999',
      nick: 'Pepa',
    });
    expect(importFirst.balances.CRAFTCOINS.amount).toBe(10);
    expect(importFirst.balances.KARMA.amount).toBe(-3);
    expect(importFirst.levels.survival).toEqual({ level: 13, experience: 5 });
  });

  it('keeps a newer live nick and takes the old nick only when it is the newest', () => {
    const rename = live({ action: 'ECONOMY_CHANGE_NAME', date: AS_OF - 5000, nick: 'Pepa_Novy' });
    expect(replay([rename, imported()]).nick).toBe('Pepa_Novy');
    expect(replay([imported(), rename]).nick).toBe('Pepa_Novy');
    const older = live({ action: 'ECONOMY_CHANGE_NAME', date: 1_600_000_000_000, nick: 'Pepa_Stary' });
    expect(replay([older, imported()]).nick).toBe('Pepa');
    expect(replay([imported(), older]).nick).toBe('Pepa');
  });
});

describe('legacyEventFromLog', () => {
  it('gives back the stored event from its log row', () => {
    const event = imported();
    const { id, snapshot, kind: _kind, action: _action, ...fields } = event;
    expect(legacyEventFromLog({ ...fields, eventId: id, details: JSON.stringify(snapshot) })).toEqual(event);
  });

  it('refuses a row without a snapshot', () => {
    const { id, snapshot: _s, kind: _k, action: _a, ...fields } = imported();
    expect(() => legacyEventFromLog({ ...fields, eventId: id, details: null })).toThrow(RangeError);
  });

  it('reads a snapshot stored before Discord ids were nullable: "" is no linked account', () => {
    const { id, snapshot, kind: _k, action: _a, ...fields } = imported({ discord_user_id: null });
    const stored = JSON.stringify({ ...snapshot, discordId: '' });
    const event = legacyEventFromLog({ ...fields, eventId: id, details: stored });
    expect(event.snapshot.discordId).toBeNull();
    expect(applyEvent(null, event, CTX).player.discordId).toBeNull();
  });
});
