import { randomBytes } from 'node:crypto';
import { SeededHash } from '@craftstats/platform';

/** Cells per row of a sketch (a power of two) and rows: 4 × 65,536 × 4 bytes = 1 MiB per sketch. */
export const SKETCH_WIDTH = 1 << 16;
export const SKETCH_DEPTH = 4;

/**
 * Per-key hit counts of one fixed window in fixed memory, whatever the number of distinct keys: a
 * count-min sketch with conservative update (ADR 0073). A key's count is never under-estimated,
 * so flooding it with other keys cannot reset anyone's count; it may be over-estimated by the hits of
 * keys sharing all of its cells, on average at most (hits in the window) / width. The cells a key maps
 * to depend on seeds drawn at start, so nobody can choose keys that collide with someone else's.
 * When the window passes, the counts start from zero.
 */
export class WindowSketch {
  private readonly cells: Uint32Array;
  private readonly mask: number;
  private readonly hash: SeededHash;
  private readonly positions: Int32Array;
  private window = Number.NaN;
  /** Whether a key was counted or raised in `window`: while not, every estimate is 0. */
  private used = false;

  constructor(
    private readonly width = SKETCH_WIDTH,
    private readonly depth = SKETCH_DEPTH,
    seed: Buffer = randomBytes(8),
  ) {
    if ((width & (width - 1)) !== 0) throw new RangeError('width must be a power of two');
    this.cells = new Uint32Array(width * depth);
    this.mask = width - 1;
    this.hash = new SeededHash(seed);
    this.positions = new Int32Array(depth);
  }

  /** Counts `count` hits of `key` in `window`; returns the key's count in that window after them. */
  add(key: string, window: number, count = 1): number {
    this.enter(window);
    this.locate(key);
    this.used = true;
    const next = this.min() + count;
    // Conservative update: raise only the cells below the new count.
    for (let row = 0; row < this.depth; row++) {
      const at = this.positions[row] as number;
      if ((this.cells[at] as number) < next) this.cells[at] = next;
    }
    return next;
  }

  /**
   * Makes the key's count in `window` at least `count` (what another instance reported for it); a
   * report of a window that has passed changes nothing.
   */
  raise(key: string, window: number, count: number): void {
    if (window < this.window) return;
    this.enter(window);
    this.used = true;
    this.locate(key);
    for (let row = 0; row < this.depth; row++) {
      const at = this.positions[row] as number;
      if ((this.cells[at] as number) < count) this.cells[at] = count;
    }
  }

  /** The key's count in `window`, without counting. */
  estimate(key: string, window: number): number {
    if (window !== this.window) return 0;
    this.locate(key);
    return this.min();
  }

  /** True while no key was counted or raised in `window`: every estimate there is 0, without hashing. */
  isEmpty(window: number): boolean {
    return window !== this.window || !this.used;
  }

  private enter(window: number): void {
    if (window === this.window) return;
    this.window = window;
    this.used = false;
    this.cells.fill(0);
  }

  private min(): number {
    let min = 0xffffffff;
    for (let row = 0; row < this.depth; row++) {
      const value = this.cells[this.positions[row] as number] as number;
      if (value < min) min = value;
    }
    return min;
  }

  /** The key's cell in each row: its two seeded hashes (SeededHash) combined as h1 + row × h2. */
  private locate(key: string): void {
    this.hash.of(key);
    const { h1, h2 } = this.hash;
    for (let row = 0; row < this.depth; row++) {
      this.positions[row] = row * this.width + ((h1 + Math.imul(row, h2)) & this.mask);
    }
  }
}
