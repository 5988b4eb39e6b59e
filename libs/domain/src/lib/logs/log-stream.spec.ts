import { TAIL_HOLE_GRACE_MS, deliverableUpTo } from './log-stream';

describe('deliverableUpTo', () => {
  it('moves over a contiguous run of committed ids', () => {
    expect(deliverableUpTo(10, { committed: [11, 12, 13], inFlight: [] }, new Map(), 0)).toBe(13);
    expect(deliverableUpTo(10, { committed: [], inFlight: [] }, new Map(), 0)).toBe(10);
  });

  it('stops before a hole whose row is still being written, however long it takes', () => {
    const holes = new Map<number, number>();
    const snapshot = { committed: [11, 13, 14], inFlight: [12] };
    expect(deliverableUpTo(10, snapshot, holes, 0)).toBe(11);
    expect(deliverableUpTo(11, snapshot, holes, 60_000)).toBe(11);
    // The writer commits: the run continues.
    expect(deliverableUpTo(11, { committed: [12, 13, 14], inFlight: [] }, holes, 60_001)).toBe(14);
  });

  it('waits TAIL_HOLE_GRACE_MS on an empty hole, then skips it (a rolled-back insert)', () => {
    const holes = new Map<number, number>();
    const snapshot = { committed: [11, 14], inFlight: [] };
    expect(deliverableUpTo(10, snapshot, holes, 1_000)).toBe(11);
    expect(deliverableUpTo(11, snapshot, holes, 1_000 + TAIL_HOLE_GRACE_MS - 1)).toBe(11);
    expect(deliverableUpTo(11, snapshot, holes, 1_000 + TAIL_HOLE_GRACE_MS)).toBe(14);
    expect(holes.size).toBe(0);
  });

  it('delivers the late row if it commits within the grace', () => {
    const holes = new Map<number, number>();
    expect(deliverableUpTo(10, { committed: [12], inFlight: [] }, holes, 0)).toBe(10);
    expect(deliverableUpTo(10, { committed: [11, 12], inFlight: [] }, holes, 100)).toBe(12);
  });
});
