import { SeededHash } from './seeded-hash';

/** Slots of a {@link RecentKeys} by default: 65,536 × 4 bytes = 256 KiB. */
export const RECENT_KEYS_SLOTS = 1 << 16;

/**
 * Whether a key was seen lately, in fixed memory whatever the number of distinct keys (ADR 0083). Each
 * key owns one slot, chosen by a seeded hash, and a slot remembers the fingerprint (a second hash) of
 * the last key noted there. A key counts as seen until another key sharing its slot is noted: with
 * `slots` slots and keys arriving at random, a key is forgotten after about `slots` other keys. Two
 * different keys pass for each other only when both hashes agree (about 1 in 2^47 pairs with the
 * default size), and the seeds are drawn at start, so nobody can choose a key that passes for another.
 */
export class RecentKeys {
  private readonly fingerprints: Uint32Array;
  private readonly mask: number;

  constructor(
    slots = RECENT_KEYS_SLOTS,
    private readonly hash = new SeededHash(),
  ) {
    if (slots <= 0 || (slots & (slots - 1)) !== 0) throw new RangeError('slots must be a power of two');
    this.fingerprints = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** Notes `key`; true when it was noted before and has not been forgotten since. */
  noteAndCheck(key: string): boolean {
    this.hash.of(key);
    const at = this.hash.h1 & this.mask;
    // h2 is odd, so an empty slot (0) never matches.
    if (this.fingerprints[at] === this.hash.h2) return true;
    this.fingerprints[at] = this.hash.h2;
    return false;
  }
}
