import { RecentKeys } from './recent-keys';
import { SeededHash } from './seeded-hash';

describe('RecentKeys', () => {
  it('says a key was seen only from its second note on', () => {
    const recent = new RecentKeys();
    expect(recent.noteAndCheck('uuid:1')).toBe(false);
    expect(recent.noteAndCheck('uuid:2')).toBe(false);
    expect(recent.noteAndCheck('uuid:1')).toBe(true);
    expect(recent.noteAndCheck('uuid:2')).toBe(true);
  });

  it('forgets a key once another key took its slot', () => {
    const recent = new RecentKeys(1);
    expect(recent.noteAndCheck('a')).toBe(false);
    expect(recent.noteAndCheck('b')).toBe(false);
    expect(recent.noteAndCheck('a')).toBe(false);
    expect(recent.noteAndCheck('a')).toBe(true);
  });

  it('takes a million distinct keys in its fixed slots and passes almost none of them for seen', () => {
    const recent = new RecentKeys();
    let passed = 0;
    for (let i = 0; i < 1_000_000; i++) if (recent.noteAndCheck(`uuid:${i}`)) passed++;
    // Two keys pass for each other only when both seeded hashes agree: about 2^-47 per pair here.
    expect(passed).toBeLessThanOrEqual(1);
  });

  it('remembers most of the last keys as many as it has slots', () => {
    const recent = new RecentKeys(1 << 12);
    for (let i = 0; i < 100_000; i++) recent.noteAndCheck(`old:${i}`);
    const keys = Array.from({ length: 1 << 10 }, (_, i) => `new:${i}`);
    for (const key of keys) recent.noteAndCheck(key);
    const remembered = keys.filter((key) => recent.noteAndCheck(key)).length;
    // 1,024 keys in 4,096 slots: a key is remembered unless another of them shares its slot (about
    // 1 − (1 − 1/4096)^1023 ≈ 22 % do), whatever the 100,000 keys before them.
    expect(remembered).toBeGreaterThan(keys.length * 0.7);
  });

  it('refuses a slot count that is not a power of two', () => {
    expect(() => new RecentKeys(3)).toThrow(RangeError);
  });
});

describe('SeededHash', () => {
  it('gives the same hashes for the same seed and key, others for another seed', () => {
    const seed = Buffer.from('0123456789abcdef', 'hex');
    const a = new SeededHash(seed);
    const b = new SeededHash(seed);
    const c = new SeededHash(Buffer.from('fedcba9876543210', 'hex'));
    a.of('Pepa_20');
    b.of('Pepa_20');
    c.of('Pepa_20');
    expect([a.h1, a.h2]).toEqual([b.h1, b.h2]);
    expect([c.h1, c.h2]).not.toEqual([a.h1, a.h2]);
  });

  it('gives an odd, unsigned h2 and spreads the low bits of h1 over every slot', () => {
    const hash = new SeededHash();
    const slots = new Uint32Array(256);
    for (let i = 0; i < 256 * 64; i++) {
      hash.of(`key:${i}`);
      expect(hash.h2 % 2).toBe(1);
      expect(hash.h1).toBeGreaterThanOrEqual(0);
      slots[hash.h1 & 255]++;
    }
    // 64 keys per slot on average: a hash that ignored characters would leave slots empty.
    expect(Math.min(...slots)).toBeGreaterThan(30);
    expect(Math.max(...slots)).toBeLessThan(110);
  });
});
