import { playerProfile } from '@craftstats/contracts/testing';
import {
  ECONOMY_BALANCE_ACTIONS,
  ECONOMY_TYPES,
  type EconomyBalanceEvent,
  type IngestEvent,
  type PlayerProfile,
} from '@craftstats/contracts';
import { parseEvent } from '@craftstats/domain';
import { NICKS, STAFF_NICKS } from './catalog';
import { createPlayerPool, offlineUuid } from './players';
import { MAX_PLAYERS, Simulation } from './simulation';

const STAFF_RANKS = ['10', '11', '12', '13', '14', '15'];
const T0 = Date.UTC(2025, 4, 12, 18, 0, 0);

const isBalanceEvent = (event: IngestEvent): event is EconomyBalanceEvent =>
  (ECONOMY_BALANCE_ACTIONS as readonly string[]).includes(event.action);

function counterIds(): () => string {
  let n = 0;
  return () => `test:${++n}`;
}

function simulation(seed = 42, staffRankIds = STAFF_RANKS): Simulation {
  return new Simulation({ seed, staffNick: 'Spravce_Demo', staffRankIds, newId: counterIds() });
}

/** start() and `ticks` ticks one to two seconds apart, as the demo runs them. */
function run(sim: Simulation, ticks: number): { batches: IngestEvent[][]; events: IngestEvent[] } {
  const batches = [sim.start(T0)];
  for (let i = 1; i <= ticks; i++) batches.push(sim.tick(T0 + i * 1500));
  return { batches, events: batches.flat() };
}

/**
 * An independent model of what the ingestor makes of the events: it checks that every event follows
 * from the state the earlier events left (the simulator's coherence promise).
 */
function replay(events: IngestEvent[]) {
  const registered = new Set<string>();
  const online = new Map<string, string>();
  const balances = new Map<string, number>();
  const ranks = new Map<string, string>();
  const votes = new Map<string, number>();
  const achievements = new Set<string>();
  const problems: string[] = [];
  for (const event of events) {
    const who = `${event.nick} ${event.action} #${event.id}`;
    if (event.action === 'ECONOMY_REGISTER') {
      if (registered.has(event.uuid)) problems.push(`${who}: registered twice`);
      registered.add(event.uuid);
      continue;
    }
    if (!registered.has(event.uuid)) problems.push(`${who}: before ECONOMY_REGISTER`);
    if (isBalanceEvent(event)) {
      const [, type, operation] = event.action.split('_');
      const key = `${event.uuid}/${type}`;
      const before = balances.get(key) ?? 0;
      const [oldValue, newValue] = [Number(event.old_value), Number(event.new_value)];
      if (oldValue !== before) problems.push(`${who}: old_value ${oldValue}, balance was ${before}`);
      if (operation === 'ADD' && !(newValue > oldValue))
        problems.push(`${who}: ADD ${oldValue} → ${newValue}`);
      if (operation === 'TAKE' && !(newValue < oldValue && newValue >= 0))
        problems.push(`${who}: TAKE ${oldValue} → ${newValue}`);
      balances.set(key, newValue);
      continue;
    }
    switch (event.action) {
      case 'PLAYER_JOIN':
        if (online.has(event.uuid)) problems.push(`${who}: joined while online`);
        online.set(event.uuid, event.server ?? '');
        break;
      case 'PLAYER_QUIT':
        if (online.get(event.uuid) !== event.server)
          problems.push(`${who}: quit ${event.server} while on ${online.get(event.uuid)}`);
        online.delete(event.uuid);
        break;
      case 'PLAYER_UPDATE_RANK':
        if (String(event.old_value) !== (ranks.get(event.uuid) ?? '0'))
          problems.push(`${who}: old rank ${event.old_value}`);
        ranks.set(event.uuid, String(event.new_value));
        break;
      case 'PLAYER_VOTE':
        votes.set(event.uuid, (votes.get(event.uuid) ?? 0) + 1);
        break;
      case 'ACHIEVEMENT_COMPLETE':
        if (achievements.has(`${event.uuid}/${event.ach_id}`)) problems.push(`${who}: ${event.ach_id} twice`);
        achievements.add(`${event.uuid}/${event.ach_id}`);
        break;
      case 'ECONOMY_CHANGE_NAME':
      case 'PLAYER_DISCORD_CONNECT':
      case 'PLAYER_SET_TAG':
      case 'PLAYER_UPDATE_LEVEL':
      case 'PLAYER_UPDATE_SOCIAL':
        break;
    }
  }
  return { registered, online, balances, ranks, votes, achievements, problems };
}

describe('player pool', () => {
  it('has the 40 community nicks plus the demo staff member, each with its own UUID', () => {
    const pool = createPlayerPool('Spravce_Demo', STAFF_NICKS);
    expect(pool).toHaveLength(41);
    expect(pool[0]).toMatchObject({
      nick: 'Spravce_Demo',
      uuid: offlineUuid('Spravce_Demo'),
      staff: true,
      premium: false,
    });
    expect(pool.slice(1).map((p) => p.nick)).toEqual([...NICKS]);
    expect(new Set(pool.map((p) => p.uuid)).size).toBe(41);
    expect(new Set(pool.map((p) => p.nick.toLowerCase())).size).toBe(41);
  });

  it('gives premium players version 4 UUIDs and offline players the server-derived version 3 UUID', () => {
    const pool = createPlayerPool('Spravce_Demo', STAFF_NICKS);
    const premium = pool.filter((p) => p.premium);
    const offline = pool.filter((p) => !p.premium);
    expect(premium).toHaveLength(24);
    for (const p of premium)
      expect(p.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const p of offline) expect(p.uuid).toBe(offlineUuid(p.nick));
    // The well-known offline UUID of "Notch" (UUID.nameUUIDFromBytes("OfflinePlayer:Notch")).
    expect(offlineUuid('Notch')).toBe('b50ad385-829d-3141-a216-7e7d7539ba7f');
  });

  it('is the same in every run, so a restarted demo keeps its players', () => {
    expect(createPlayerPool('Spravce_Demo', STAFF_NICKS).map((p) => p.uuid)).toEqual(
      createPlayerPool('Spravce_Demo', STAFF_NICKS).map((p) => p.uuid),
    );
  });

  it('makes a pool nick the demo staff member instead of adding a second player', () => {
    const pool = createPlayerPool('krtecek', STAFF_NICKS);
    expect(pool).toHaveLength(40);
    expect(pool.filter((p) => p.staff).map((p) => p.nick)).toEqual([
      'Krtecek',
      'Majda_CZ',
      'Honza_Kral',
      'Rumcajs',
    ]);
  });
});

describe('Simulation', () => {
  it('sends only events the ingestor accepts', () => {
    const { events } = run(simulation(), 400);
    const refused = events
      .map((event) => ({ event, result: parseEvent(event, { defaultServer: 'simulator', receivedAt: T0 }) }))
      .filter(({ result }) => !result.ok)
      .map(({ event, result }) => `${event.action}: ${result.ok ? '' : result.error}`);
    expect(refused).toEqual([]);
  });

  it('keeps every value coherent: register first, balances chain old → new, no double joins or quits', () => {
    const { events } = run(simulation(), 600);
    expect(replay(events).problems).toEqual([]);
  });

  it('gives every event a unique id and a strictly increasing date', () => {
    const sim = new Simulation({ seed: 7, staffNick: 'Spravce_Demo', staffRankIds: STAFF_RANKS });
    const { events } = run(sim, 300);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const e of events) expect(e.id).toMatch(/^sim:[0-9a-f-]{36}$/);
    const dates = events.map((e) => e.date ?? 0);
    const notAfterPrevious = events
      .map((e, i) => ({ id: e.id, date: dates[i], previous: i === 0 ? null : dates[i - 1] }))
      .filter((e) => e.previous !== null && e.date <= e.previous);
    expect(notAfterPrevious).toEqual([]);
    expect(dates[0]).toBe(T0);
  });

  it('sends 3 to 10 events per tick, a few more when an action needs two events', () => {
    const { batches } = run(simulation(), 300);
    const sizes = batches.slice(1).map((b) => b.length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(14);
    const average = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(average).toBeGreaterThan(5);
    expect(average).toBeLessThan(9);
  });

  it('produces every kind of event the demo shows, for every economy type', () => {
    const { events } = run(simulation(), 600);
    const actions = new Set(events.map((e) => e.action));
    for (const type of ECONOMY_TYPES) {
      expect(actions).toContain(`ECONOMY_${type}_ADD`);
      expect(actions).toContain(`ECONOMY_${type}_TAKE`);
    }
    for (const action of [
      'ECONOMY_REGISTER',
      'PLAYER_VOTE',
      'ACHIEVEMENT_COMPLETE',
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'PLAYER_UPDATE_LEVEL',
      'PLAYER_UPDATE_SOCIAL',
      'PLAYER_SET_TAG',
      'PLAYER_DISCORD_CONNECT',
      'PLAYER_UPDATE_RANK',
    ]) {
      expect(actions).toContain(action);
    }
    const discordIds = events.filter((e) => e.action === 'PLAYER_DISCORD_CONNECT').map((e) => e.new_value);
    for (const id of discordIds) expect(id).toMatch(/^[1-9]\d{17,18}$/);
    const sites = new Set(events.flatMap((e) => (e.action === 'PLAYER_VOTE' ? [e.site] : [])));
    expect(sites).toEqual(
      new Set(['czech-craft.eu', 'craftlist.org', 'minecraft-servery.eu', 'minecraftservery.eu']),
    );
    const servers = new Set(events.flatMap((e) => (e.action === 'PLAYER_JOIN' ? [e.server] : [])));
    expect(servers).toEqual(new Set(['lobby', 'survival', 'skyblock', 'creative', 'prison', 'event']));
  });

  it('earns event points only on the event server', () => {
    const { events } = run(simulation(), 400);
    const eventPoints = events.filter((e) => e.action.startsWith('ECONOMY_EVENTPOINTS_ADD'));
    expect(eventPoints.length).toBeGreaterThan(0);
    expect(new Set(eventPoints.map((e) => e.server))).toEqual(new Set(['event']));
  });

  it('registers everybody of the pool within a few minutes', () => {
    const sim = simulation();
    const { events } = run(sim, 200);
    expect(replay(events).registered.size).toBe(41);
  });

  it('opens with the demo staff member registered, given a staff rank and online', () => {
    const sim = simulation();
    const opening = sim.start(T0);
    const staff = opening
      .filter((e) => e.nick === 'Spravce_Demo')
      .map((e) => [e.action, e.action === 'PLAYER_UPDATE_RANK' ? e.new_value : e.server]);
    expect(staff[0]).toEqual(['ECONOMY_REGISTER', 'lobby']);
    expect(staff[1]).toEqual(['PLAYER_UPDATE_RANK', '10']);
    expect(staff[2]).toEqual(['PLAYER_JOIN', 'lobby']);
  });

  it('fills every leaderboard, both logs, the staff list and the online count with the opening burst', () => {
    const sim = simulation();
    const opening = sim.start(T0);
    const state = replay(opening);
    expect(state.problems).toEqual([]);
    for (const type of ECONOMY_TYPES.filter((t) => t !== 'KARMA')) {
      expect(
        [...state.balances].filter(([key, value]) => key.endsWith(`/${type}`) && value > 0).length,
      ).toBeGreaterThan(0);
    }
    expect([...state.votes.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    expect(state.achievements.size).toBeGreaterThan(0);
    expect(state.online.size).toBe(sim.onlineCount());
    expect(sim.onlineCount()).toBeGreaterThanOrEqual(9);
    const staffNicks = opening.filter((e) => e.action === 'PLAYER_UPDATE_RANK').map((e) => e.nick);
    expect(staffNicks).toEqual(['Spravce_Demo', 'Majda_CZ', 'Honza_Kral', 'Rumcajs']);
  });

  it('gives staff ranks only from STAFF_RANK_IDS to staff members and other ranks to everybody else', () => {
    const { events } = run(simulation(3, ['3', '99']), 800);
    const ranks = events.filter((e) => e.action === 'PLAYER_UPDATE_RANK');
    const staff = new Set(['Spravce_Demo', ...STAFF_NICKS]);
    const rank = (e: (typeof ranks)[number]) => ({ nick: e.nick, rank: String(e.new_value) });
    const staffRanks = ranks.filter((e) => staff.has(e.nick)).map(rank);
    expect(staffRanks.length).toBeGreaterThan(0);
    expect(staffRanks.filter((e) => !['3', '99'].includes(e.rank))).toEqual([]);
    const others = ranks.filter((e) => !staff.has(e.nick)).map(rank);
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((e) => !/^[1-9]$/.test(e.rank) || e.rank === '3')).toEqual([]);
  });

  it('reports the simulated online players, at most MAX_PLAYERS', () => {
    const sim = simulation();
    const { events } = run(sim, 250);
    expect(sim.onlineCount()).toBe(replay(events).online.size);
    expect(sim.onlineCount()).toBeGreaterThan(0);
    expect(sim.onlineCount()).toBeLessThanOrEqual(MAX_PLAYERS);
  });

  it('lets everybody quit when it stops', () => {
    const sim = simulation();
    const { events } = run(sim, 50);
    const online = sim.onlineCount();
    const closing = sim.stop(T0 + 60_000);
    expect(closing).toHaveLength(online);
    expect(new Set(closing.map((e) => e.action))).toEqual(new Set(['PLAYER_QUIT']));
    expect(sim.onlineCount()).toBe(0);
    expect(replay([...events, ...closing]).problems).toEqual([]);
  });

  it('is reproducible: the same seed gives the same events', () => {
    expect(run(simulation(11), 100).events).toEqual(run(simulation(11), 100).events);
    expect(run(simulation(11), 100).events).not.toEqual(run(simulation(12), 100).events);
  });

  it('continues from a resumed profile: no second registration, balances go on from the stored values', () => {
    const sim = simulation();
    const pepa = sim.players[1];
    expect(pepa.nick).toBe('Pepa_Novak');
    sim.resume(profile(pepa.uuid, 'Pepa_Novak', { craftcoins: 12_345, votetokens: 7 }), { eventPoints: 42 });
    const { events } = run(sim, 400);
    const mine = events.filter((e) => e.uuid === pepa.uuid);
    expect(mine.some((e) => e.action === 'ECONOMY_REGISTER')).toBe(false);
    const firstCoins = mine.find((e) => e.action.startsWith('ECONOMY_CRAFTCOINS_'));
    expect(firstCoins?.old_value).toBe(12_345);
    const eventPoints = mine.filter((e) => e.action.startsWith('ECONOMY_EVENTPOINTS_'));
    expect(eventPoints.slice(0, 1).map((e) => e.old_value)).toEqual(eventPoints.length > 0 ? [42] : []);
    // The stored player left online by a crashed run plays on and quits on its server.
    expect(mine.find((e) => e.action === 'PLAYER_QUIT' || e.action === 'PLAYER_JOIN')).toMatchObject({
      action: 'PLAYER_QUIT',
      server: 'skyblock',
    });
  });

  it('gives every staff member the same rank in every run, and sends no rank event for an unchanged one', () => {
    const first = simulation(1)
      .start(T0)
      .filter((e) => e.action === 'PLAYER_UPDATE_RANK');
    expect(first.map((e) => [e.nick, e.new_value])).toEqual([
      ['Spravce_Demo', '10'],
      ['Majda_CZ', '11'],
      ['Honza_Kral', '12'],
      ['Rumcajs', '13'],
    ]);
    const restarted = simulation(2);
    const demoStaff = restarted.staffMember;
    restarted.resume(profile(demoStaff.uuid, demoStaff.nick, {}), { rank: '10' });
    const ranks = restarted.start(T0).filter((e) => e.action === 'PLAYER_UPDATE_RANK');
    expect(ranks.map((e) => e.nick)).toEqual(['Majda_CZ', 'Honza_Kral', 'Rumcajs']);
  });

  it('refuses an empty list of staff ranks', () => {
    expect(() => simulation(1, [])).toThrow('staffRankIds must not be empty');
  });
});

function profile(uuid: string, nick: string, economy: Partial<PlayerProfile['economy']>): PlayerProfile {
  return playerProfile({
    id: 1,
    discriminator: '0420',
    nick,
    uuid,
    registred: T0 - 86_400_000,
    last_online: T0 - 60_000,
    last_server: 'skyblock',
    is_online: true,
    played_time: 60,
    mc_version: '1.21.4',
    economy,
    ranked: {
      global_level: 2,
      survival_level: 1,
      survival_experience: 60,
      skyblock_level: 3,
      skyblock_experience: 400,
    },
    votes: { total: 3, month: 1, week: 0, last_vote: T0 - 3_600_000 },
  });
}
