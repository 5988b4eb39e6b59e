import type { GameEvent } from '../events/event.types';
import {
  applyEventInPlace,
  copyPlayer,
  newPlayer,
  type ClosedSession,
  type EventKey,
  type PlayerProjection,
  type ProjectionContext,
  type VoteIncrement,
  type VotePeriod,
} from './player.projection';

/** An event as the log keeps it: with the server (ingest credential) that sent it. */
export interface SourcedEvent {
  source: string;
  event: GameEvent;
}

/** A vote counter's value (the projection of every vote of the player in that period). */
export interface VoteCount {
  period: VotePeriod;
  key: string;
  votes: number;
}

export interface FoldResult {
  player: PlayerProjection;
  /** Vote counters the folded events increment, one entry per vote. */
  votes: VoteIncrement[];
  /** Sessions the folded events closed, in date order. */
  sessions: ClosedSession[];
}

/** Plain code-unit order: the same in every process, locale and database. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The total order of a player's history: `date`, then event id, then sending server. */
export function compareEventKeys(a: EventKey, b: EventKey): number {
  return a.date - b.date || compareText(a.id, b.id) || compareText(a.source, b.source);
}

export function keyOf({ source, event }: SourcedEvent): EventKey {
  return { date: event.date, id: event.id, source };
}

/** A sorted copy, in history order. */
export function sortHistory(events: readonly SourcedEvent[]): SourcedEvent[] {
  return [...events].sort((a, b) => compareEventKeys(keyOf(a), keyOf(b)));
}

/**
 * Whether `fresh` events can be folded onto the stored projection as they are: only when every one
 * of them sorts after the newest event the projection has seen. Otherwise an older event arrived late
 * and the player must be replayed from the log (`foldEvents(null, wholeLog)`), never patched.
 */
export function canAppend(current: PlayerProjection | null, fresh: readonly SourcedEvent[]): boolean {
  const last = current?.lastEvent ?? null;
  if (last === null) return true;
  return fresh.every((event) => compareEventKeys(keyOf(event), last) > 0);
}

/**
 * Folds `events` (any order; sorted here) into `current` (null = the player's first events).
 * `foldEvents(null, log)` is the projection of a player's whole log: a pure function of the set of
 * events, whatever order or batches they arrived in. Folding onto `current` gives the same result
 * as a replay only when `canAppend(current, events)`; this throws RangeError otherwise.
 */
export function foldEvents(
  current: PlayerProjection | null,
  events: readonly SourcedEvent[],
  ctx: ProjectionContext,
): FoldResult {
  if (!canAppend(current, events)) {
    throw new RangeError('An event sorts before the newest one already applied: replay the player.');
  }
  // One copy of `current` per fold (or a new player), changed in place by every event: the caller's
  // value is never changed, as with applyEvent, without a copy per event.
  let player: PlayerProjection | null = null;
  const votes: VoteIncrement[] = [];
  const sessions: ClosedSession[] = [];
  for (const sourced of sortHistory(events)) {
    const event = sourced.event;
    let created = false;
    if (player === null) {
      created = current === null;
      player = current === null ? newPlayer(event.uuid, event.nick) : copyPlayer(current);
    }
    const effects = applyEventInPlace(player, event, created, ctx);
    player.lastEvent = keyOf(sourced);
    votes.push(...effects.votes);
    if (effects.closedSession !== null) sessions.push(effects.closedSession);
  }
  if (player === null) throw new RangeError('No events to fold.');
  return { player, votes, sessions };
}

/** Sums vote increments into counters, ordered by period and key. */
export function countVotes(votes: readonly VoteIncrement[]): VoteCount[] {
  const counts = new Map<string, VoteCount>();
  for (const vote of votes) {
    const id = `${vote.period}|${vote.key}`;
    const count = counts.get(id) ?? { period: vote.period, key: vote.key, votes: 0 };
    count.votes += vote.count ?? 1;
    counts.set(id, count);
  }
  return [...counts.values()].sort((a, b) => compareText(a.period, b.period) || compareText(a.key, b.key));
}
