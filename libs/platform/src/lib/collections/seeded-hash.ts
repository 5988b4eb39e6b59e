import { randomBytes } from 'node:crypto';

/** MurmurHash3's 32-bit finalizer: every output bit depends on every input bit. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Two 32-bit hashes of a string in one pass, seeded at start so that nobody can choose keys that
 * collide with someone else's: two FNV-1a variants, each finished by a mixer, so that any subset of
 * the bits depends on every character. What the fixed-memory key structures index with (the rate
 * limiter's sketch, ADR 0073; the micro-caches' recent keys, ADR 0083). `of` leaves its result in
 * `h1` and `h2` (odd, never 0) instead of returning a pair: no allocation per key.
 */
export class SeededHash {
  h1 = 0;
  h2 = 1;
  private readonly seed1: number;
  private readonly seed2: number;

  constructor(seed: Buffer = randomBytes(8)) {
    this.seed1 = seed.readUInt32LE(0);
    this.seed2 = seed.readUInt32LE(4) | 1;
  }

  /** Hashes `key` into `h1` and `h2`. */
  of(key: string): void {
    let h1 = 0x811c9dc5 ^ this.seed1;
    let h2 = this.seed2;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    this.h1 = mix(h1);
    this.h2 = (mix(h2) | 1) >>> 0;
  }
}
