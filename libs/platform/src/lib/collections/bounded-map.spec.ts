import { trimOldest } from './bounded-map';

const mapOf = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('trimOldest', () => {
  it('leaves a map within its bound alone', () => {
    const map = mapOf(16);
    trimOldest(map, 16);
    expect(map.size).toBe(16);
  });

  it('drops the oldest keys of a full map until an eighth of the bound is free', () => {
    const map = mapOf(17);
    trimOldest(map, 16);
    expect([...map.keys()]).toEqual(Array.from({ length: 14 }, (_, i) => `k${i + 3}`));
  });

  it('drops one key at a time when an eighth of the bound is less than one', () => {
    const map = mapOf(4);
    trimOldest(map, 3);
    expect([...map.keys()]).toEqual(['k1', 'k2', 'k3']);
  });

  it('keeps the values it may not drop, whatever their age', () => {
    const map = mapOf(17);
    trimOldest(map, 16, (value) => value % 2 === 1);
    expect([...map.keys()].slice(0, 5)).toEqual(['k0', 'k2', 'k4', 'k6', 'k7']);
    expect(map.size).toBe(14);
  });
});
