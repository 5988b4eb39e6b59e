/**
 * Tailing a log in the order of its row ids (the entry's position, the SSE `id`) without gaps or
 * repeats. On MySQL/MariaDB an auto-increment id is taken when a row is inserted, not when its
 * transaction commits: a later id can become visible before an earlier one. A reader that moved its
 * cursor past the earlier id would never see it. So the cursor only moves over a contiguous run of
 * ids; at a hole it stops while the hole may still fill, and skips it only once it is known to be
 * empty (docs/log-streams.md).
 */

/** How a poll saw the ids after the cursor. */
export interface TailSnapshot {
  /** Committed ids after the cursor, ascending. */
  committed: readonly number[];
  /**
   * Ids in the holes between them that exist but are not committed yet (MySQL's READ UNCOMMITTED
   * view); always empty on SQLite, whose writers commit one after another.
   */
  inFlight: readonly number[];
}

/** How long a hole nobody is writing into is waited for before it is taken as a rolled-back insert. */
export const TAIL_HOLE_GRACE_MS = 300;

/**
 * The id up to which the log can be delivered, given the cursor `after` and a snapshot: the end of
 * the contiguous prefix, extended over holes that have been empty (no row, not even an uncommitted
 * one) for at least TAIL_HOLE_GRACE_MS. `holes` remembers when each hole (by its first id) was first
 * seen; the function updates it.
 */
export function deliverableUpTo(
  after: number,
  snapshot: TailSnapshot,
  holes: Map<number, number>,
  now: number,
): number {
  const inFlight = new Set(snapshot.inFlight);
  let upTo = after;
  for (const id of snapshot.committed) {
    if (id <= upTo) continue;
    if (id > upTo + 1) {
      const start = upTo + 1;
      let pending = false;
      for (let hole = start; hole < id; hole++) if (inFlight.has(hole)) pending = true;
      if (pending) break;
      const seen = holes.get(start);
      if (seen === undefined) {
        holes.set(start, now);
        break;
      }
      if (now - seen < TAIL_HOLE_GRACE_MS) break;
    }
    upTo = id;
  }
  for (const start of holes.keys()) if (start <= upTo) holes.delete(start);
  return upTo;
}
