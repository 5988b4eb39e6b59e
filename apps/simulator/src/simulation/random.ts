/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence, so the
 * simulation is reproducible in tests. Not for anything secret.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks a key with probability proportional to its weight (weights ≤ 0 are never picked). */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = (Object.entries(weights) as [K, number][]).filter(([, weight]) => weight > 0);
    if (entries.length === 0) throw new RangeError('no positive weight');
    let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` random bytes. */
  bytes(count: number): Uint8Array {
    return Uint8Array.from({ length: count }, () => this.int(0, 255));
  }

  /** A digit string of `length` digits without a leading zero. */
  digits(length: number): string {
    let text = String(this.int(1, 9));
    while (text.length < length) text += String(this.int(0, 9));
    return text;
  }
}
