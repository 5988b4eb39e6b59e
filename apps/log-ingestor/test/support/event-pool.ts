import type { IngestResponse } from '@craftstats/contracts';
import { testUuid } from '@craftstats/persistence/testing';

/** A deterministic pseudo-random sequence (LCG), so "random" batches are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface EventPool {
  events: Array<Record<string, unknown>>;
  uuids: string[];
  /** Votes per player in the pool. */
  votesPerPlayer: number;
  /** The KARMA each player must end with: the new_value of its newest-dated KARMA event. */
  finalKarma: Map<string, number>;
}

/**
 * `players` players (numbered from `firstPlayer`), each with `perPlayer` votes and `perPlayer`
 * KARMA balance events at distinct dates (the balance grows with the date), all with distinct ids.
 */
export function eventPool(
  prefix: string,
  firstPlayer: number,
  players: number,
  perPlayer: number,
  t0: number,
): EventPool {
  const events: Array<Record<string, unknown>> = [];
  const uuids: string[] = [];
  const finalKarma = new Map<string, number>();
  for (let p = 0; p < players; p++) {
    const uuid = testUuid(firstPlayer + p);
    const nick = `${prefix}${p}`;
    uuids.push(uuid);
    for (let i = 0; i < perPlayer; i++) {
      events.push({
        id: `${prefix}-${p}-vote-${i}`,
        action: 'PLAYER_VOTE',
        uuid,
        nick,
        site: 'craftlist.org',
        date: t0 + i * 1000,
      });
      events.push({
        id: `${prefix}-${p}-karma-${i}`,
        action: 'ECONOMY_KARMA_ADD',
        uuid,
        nick,
        new_value: 100 * (i + 1),
        date: t0 + i * 1000 + 1,
      });
    }
    finalKarma.set(uuid, 100 * perPlayer);
  }
  return { events, uuids, votesPerPlayer: perPlayer, finalKarma };
}

/** Whether batch `k` leaves out the event at position `i` of the pool. */
export type Exclusion = (i: number, k: number) => boolean;

/**
 * `count` shuffled batches drawn from `pool`. By default batch k leaves out the events whose position
 * i has (i + k) % 3 === 0, so batches overlap heavily and any two together cover the whole pool.
 */
export function overlappingBatches(
  pool: readonly Record<string, unknown>[],
  count: number,
  seed: number,
  excluded: Exclusion = (i, k) => (i + k) % 3 === 0,
): Array<Array<Record<string, unknown>>> {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, k) => {
    const batch = pool.filter((_, i) => !excluded(i, k));
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [batch[i], batch[j]] = [batch[j], batch[i]];
    }
    return batch;
  });
}

export function sentCount(batches: readonly unknown[][]): number {
  return batches.reduce((sum, batch) => sum + batch.length, 0);
}

export type { IngestResponse };
