import fc from 'fast-check';
import { eventSpecificArbitrary as specific } from '../../testing';
import { parseEvent } from '../events/event.parser';
import {
  canAppend,
  compareEventKeys,
  countVotes,
  foldEvents,
  type FoldResult,
  keyOf,
  type SourcedEvent,
} from './player.history';
import {
  applyEvent,
  type ClosedSession,
  type PlayerProjection,
  type VoteIncrement,
} from './player.projection';

const CTX = { timeZone: 'Europe/Prague' };
/** Sun 29 Mar 2026 00:30 UTC: the histories cross a DST change, a month and a week boundary. */
const T0 = Date.parse('2026-03-29T00:30:00Z');
const UUIDS = [
  '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  '61699b2e-d327-4a01-9f1e-0ea8c3f06bc6',
  '853c80ef-3c37-49fd-aa49-938b674adae6',
];
const NICKS = ['Pepa', 'pepa', 'Jana', 'Admin_Karel'];
const SERVERS = ['lobby', 'survival', 'Lobby'];
const SOURCES = ['lobby', 'survival'];

/** Parses a raw event the way the ingestor does; the generators only build valid ones. */
function parsed(raw: Record<string, unknown>, source: string): SourcedEvent {
  const result = parseEvent(raw, { defaultServer: source, receivedAt: T0 + 10 * 86_400_000 });
  if (!result.ok) throw new Error(`${result.error}: ${JSON.stringify(raw)}`);
  return { source, event: result.event };
}

/** A history of a few players: every action, equal dates, renames onto other players' nicks. */
const history = fc
  .array(
    fc.record({
      specific,
      player: fc.nat({ max: UUIDS.length - 1 }),
      nick: fc.constantFrom(...NICKS),
      server: fc.constantFrom(...SERVERS),
      source: fc.constantFrom(...SOURCES),
      // Few distinct dates, so that many events share one; the span crosses midnight and a DST change.
      date: fc.integer({ min: 0, max: 40 }).map((n) => T0 + n * 7 * 60_000),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((items) =>
    items.map((item, index) =>
      parsed(
        {
          ...item.specific,
          id: `e${index}`,
          uuid: UUIDS[item.player],
          nick: item.nick,
          server: item.server,
          date: item.date,
        },
        item.source,
      ),
    ),
  );

/** Deliveries: the history shuffled, some events repeated, cut into batches. */
function deliveries(events: readonly SourcedEvent[]) {
  return fc
    .tuple(
      fc.shuffledSubarray([...events.keys()], { minLength: events.length, maxLength: events.length }),
      fc.array(fc.nat({ max: events.length - 1 }), { maxLength: 5 }),
      fc.array(fc.nat({ max: events.length + 5 }), { maxLength: 6 }),
    )
    .map(([order, repeats, cuts]) => {
      const sequence = [...order, ...repeats].map((index) => events[index] as SourcedEvent);
      const bounds = [...new Set([0, ...cuts.filter((c) => c < sequence.length), sequence.length])].sort(
        (a, b) => a - b,
      );
      return bounds.slice(1).map((end, i) => sequence.slice(bounds[i], end));
    });
}

interface Projected {
  player: PlayerProjection;
  votes: VoteIncrement[];
  sessions: ClosedSession[];
}

/** What the event store does: append when it can, else replay the player's log. */
function deliver(batches: SourcedEvent[][]): Map<string, Projected> {
  const log = new Map<string, SourcedEvent>();
  const state = new Map<string, Projected>();
  for (const batch of batches) {
    const fresh = new Map<string, SourcedEvent>();
    for (const sourced of batch) {
      const id = `${sourced.source}|${sourced.event.id}`;
      if (!log.has(id) && !fresh.has(id)) fresh.set(id, sourced);
    }
    for (const [id, sourced] of fresh) log.set(id, sourced);
    for (const uuid of new Set([...fresh.values()].map((s) => s.event.uuid))) {
      const mine = [...fresh.values()].filter((s) => s.event.uuid === uuid);
      const stored = state.get(uuid) ?? null;
      if (stored !== null && canAppend(stored.player, mine)) {
        const result = foldEvents(stored.player, mine, CTX);
        state.set(uuid, {
          player: result.player,
          votes: [...stored.votes, ...result.votes],
          sessions: [...stored.sessions, ...result.sessions],
        });
      } else {
        const all = [...log.values()].filter((s) => s.event.uuid === uuid);
        state.set(uuid, foldEvents(null, all, CTX));
      }
    }
  }
  return state;
}

function comparable({ player, votes, sessions }: Projected | FoldResult) {
  const bySession = (a: ClosedSession, b: ClosedSession) =>
    a.joinedAt - b.joinedAt || a.quitAt - b.quitAt || a.server.localeCompare(b.server);
  return { player, votes: countVotes(votes), sessions: [...sessions].sort(bySession) };
}

function replayAll(events: readonly SourcedEvent[]): Map<string, FoldResult> {
  const out = new Map<string, FoldResult>();
  for (const uuid of new Set(events.map((s) => s.event.uuid))) {
    out.set(
      uuid,
      foldEvents(
        null,
        events.filter((s) => s.event.uuid === uuid),
        CTX,
      ),
    );
  }
  return out;
}

describe('player histories in any order (property)', () => {
  it('give exactly the replay of the whole log sorted by date, however they are batched, ordered and repeated', () => {
    fc.assert(
      fc.property(
        history.chain((events) => fc.tuple(fc.constant(events), deliveries(events))),
        ([events, batches]) => {
          const expected = replayAll(events);
          const actual = deliver(batches);
          expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
          for (const [uuid, replayed] of expected) {
            expect(comparable(actual.get(uuid) as Projected)).toEqual(comparable(replayed));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('folds a log into the same player whatever order the log is given in', () => {
    fc.assert(
      fc.property(
        history.chain((events) =>
          fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length })),
        ),
        ([events, shuffled]) => {
          expect(replayAll(shuffled)).toEqual(replayAll(events));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('foldEvents changing one copy in place (property)', () => {
  /** The fold as it was before: applyEvent, a copy of the player per event. */
  function foldByCopies(current: PlayerProjection | null, events: readonly SourcedEvent[]): FoldResult {
    const sorted = [...events].sort((a, b) => compareEventKeys(keyOf(a), keyOf(b)));
    let player = current;
    const votes: VoteIncrement[] = [];
    const sessions: ClosedSession[] = [];
    for (const sourced of sorted) {
      const result = applyEvent(player, sourced.event, CTX);
      player = result.player;
      player.lastEvent = keyOf(sourced);
      votes.push(...result.effects.votes);
      if (result.effects.closedSession !== null) sessions.push(result.effects.closedSession);
    }
    return { player: player as PlayerProjection, votes, sessions };
  }

  it('gives what an applyEvent per event gives, and changes neither the current player nor the events', () => {
    fc.assert(
      fc.property(
        history.chain((events) => fc.tuple(fc.constant(events), fc.nat({ max: events.length }))),
        ([events, cut]) => {
          const uuid = events[0]?.event.uuid;
          const mine = events.filter((s) => s.event.uuid === uuid);
          const [first, rest] = [mine.slice(0, cut), mine.slice(cut)];
          const current = first.length === 0 ? null : foldEvents(null, first, CTX).player;
          if (current !== null && !canAppend(current, rest)) return;
          const currentBefore = structuredClone(current);
          const eventsBefore = structuredClone(rest);
          if (rest.length === 0) return;
          const folded = foldEvents(current, rest, CTX);
          expect(folded).toEqual(foldByCopies(structuredClone(current), rest));
          expect(current).toEqual(currentBefore);
          expect(rest).toEqual(eventsBefore);
          // The result shares no object with the caller's player: changing it changes nothing there.
          folded.player.levels.survival.level += 1;
          folded.player.balances.CRAFTCOINS.amount += 1;
          folded.player.social.status += '!';
          expect(current).toEqual(currentBefore);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('foldEvents and canAppend', () => {
  const uuid = UUIDS[0] as string;
  const ev = (raw: Record<string, unknown>, source = 'lobby'): SourcedEvent =>
    parsed({ uuid, nick: 'Pepa', server: 'lobby', ...raw }, source);

  it('orders equal dates by event id, then by sending server, code unit by code unit', () => {
    const keys = [
      { date: 2, id: 'a', source: 'x' },
      { date: 1, id: 'b', source: 'x' },
      { date: 1, id: 'B', source: 'x' },
      { date: 1, id: 'b', source: 'X' },
    ];
    expect([...keys].sort(compareEventKeys)).toEqual([keys[2], keys[3], keys[1], keys[0]]);
  });

  it('records the newest folded event and refuses to append an older one', () => {
    const { player } = foldEvents(null, [ev({ id: 'b', action: 'PLAYER_QUIT', date: T0 })], CTX);
    expect(player.lastEvent).toEqual({ date: T0, id: 'b', source: 'lobby' });
    const older = ev({ id: 'a', action: 'PLAYER_JOIN', date: T0 });
    expect(canAppend(player, [older])).toBe(false);
    expect(() => foldEvents(player, [older], CTX)).toThrow(RangeError);
    expect(canAppend(player, [ev({ id: 'a', action: 'PLAYER_JOIN', date: T0 }, 'survival')])).toBe(false);
    expect(canAppend(player, [ev({ id: 'c', action: 'PLAYER_JOIN', date: T0 })])).toBe(true);
  });

  it('counts a quit that arrives before its join as the end of that session', () => {
    const join = ev({ id: 'j', action: 'PLAYER_JOIN', date: T0 });
    const quit = ev({ id: 'q', action: 'PLAYER_QUIT', date: T0 + 30 * 60_000 });
    const afterQuit = foldEvents(null, [quit], CTX);
    expect(canAppend(afterQuit.player, [join])).toBe(false);
    const replayed = foldEvents(null, [quit, join], CTX);
    expect(replayed.player).toMatchObject({ isOnline: false, playedTime: 30 * 60_000, openSession: null });
    expect(replayed.sessions).toEqual([
      { server: 'lobby', joinedAt: T0, quitAt: T0 + 30 * 60_000, duration: 30 * 60_000 },
    ]);
  });

  it('takes tag, Discord id, levels and social links from the newest event by date, not the last delivered', () => {
    const newer = [
      ev({ id: 'n1', action: 'PLAYER_SET_TAG', new_value: '3', date: T0 + 2 }),
      ev({ id: 'n2', action: 'PLAYER_DISCORD_CONNECT', new_value: '222222222222222222', date: T0 + 2 }),
      ev({
        id: 'n3',
        action: 'PLAYER_UPDATE_LEVEL',
        mode: 'survival',
        level: 9,
        experience: 5,
        date: T0 + 2,
      }),
      ev({ id: 'n4', action: 'PLAYER_UPDATE_SOCIAL', twitch: 'https://twitch.tv/new', date: T0 + 2 }),
    ];
    const older = [
      ev({ id: 'o1', action: 'PLAYER_SET_TAG', new_value: '1', date: T0 + 1 }),
      ev({ id: 'o2', action: 'PLAYER_DISCORD_CONNECT', new_value: '111111111111111111', date: T0 + 1 }),
      ev({
        id: 'o3',
        action: 'PLAYER_UPDATE_LEVEL',
        mode: 'survival',
        level: 2,
        experience: 1,
        date: T0 + 1,
      }),
      ev({ id: 'o4', action: 'PLAYER_UPDATE_SOCIAL', twitch: 'https://twitch.tv/old', date: T0 + 1 }),
    ];
    const { player } = foldEvents(null, [...newer, ...older], CTX);
    expect(player.tag).toBe('3');
    expect(player.discordId).toBe('222222222222222222');
    expect(player.levels.survival).toEqual({ level: 9, experience: 5 });
    expect(player.social.twitch).toBe('https://twitch.tv/new');
  });

  it('breaks equal dates by event id, whichever arrives first', () => {
    const a = ev({ id: 'a', action: 'ECONOMY_CRAFTCOINS_ADD', new_value: 5, date: T0 });
    const b = ev({ id: 'b', action: 'ECONOMY_CRAFTCOINS_ADD', new_value: 7, date: T0 });
    expect(foldEvents(null, [b, a], CTX).player.balances.CRAFTCOINS.amount).toBe(7);
    expect(foldEvents(null, [a, b], CTX).player.balances.CRAFTCOINS.amount).toBe(7);
  });

  it('gives a nick only through a registration or a rename: other events never claim it', () => {
    const vote = foldEvents(
      null,
      [ev({ id: 'v', action: 'PLAYER_VOTE', site: 's', nick: 'Admin_Karel', date: T0 })],
      CTX,
    );
    expect(vote.player).toMatchObject({ nick: 'Admin_Karel', nickSince: 0 });
    const registered = foldEvents(
      vote.player,
      [ev({ id: 'w', action: 'ECONOMY_REGISTER', nick: 'Pepa', date: T0 + 1 })],
      CTX,
    );
    expect(registered.player).toMatchObject({ nick: 'Pepa', nickSince: T0 + 1, registred: T0 + 1 });
    const again = foldEvents(
      registered.player,
      [ev({ id: 'x', action: 'ECONOMY_REGISTER', nick: 'Jana', date: T0 + 2 })],
      CTX,
    );
    expect(again.player).toMatchObject({ nick: 'Pepa', nickSince: T0 + 1, registred: T0 + 1 });
  });

  it('sums votes into one counter per period and key', () => {
    const votes = [
      ev({ id: 'v1', action: 'PLAYER_VOTE', site: 's', date: T0 }),
      ev({ id: 'v2', action: 'PLAYER_VOTE', site: 's', date: T0 + 1 }),
    ];
    expect(countVotes(foldEvents(null, votes, CTX).votes)).toEqual([
      { period: 'month', key: '2026-03', votes: 2 },
      { period: 'total', key: 'all', votes: 2 },
      { period: 'week', key: expect.any(String), votes: 2 },
    ]);
    expect(keyOf(votes[0] as SourcedEvent)).toEqual({ date: T0, id: 'v1', source: 'lobby' });
  });
});
