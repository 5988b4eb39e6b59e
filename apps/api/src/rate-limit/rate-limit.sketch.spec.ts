import { WindowSketch } from './rate-limit.sketch';

describe('WindowSketch', () => {
  it('counts a key exactly while few keys share the sketch, and starts from zero in a new window', () => {
    const sketch = new WindowSketch(1024, 4);
    expect([1, 2, 3].map(() => sketch.add('198.51.100.1', 7))).toEqual([1, 2, 3]);
    expect([sketch.estimate('198.51.100.1', 7), sketch.estimate('198.51.100.2', 7)]).toEqual([3, 0]);
    expect(sketch.add('198.51.100.1', 8)).toBe(1);
    expect(sketch.estimate('198.51.100.1', 7)).toBe(0);
  });

  it('never counts a key below its hits, however many other keys crowd a small sketch', () => {
    const sketch = new WindowSketch(64, 4);
    const hits = new Map<string, number>();
    for (let i = 0; i < 5_000; i++) {
      const key = `k${i % 700}`;
      hits.set(key, sketch.add(key, 1) && (hits.get(key) ?? 0) + 1);
    }
    const under = [...hits].filter(([key, n]) => sketch.estimate(key, 1) < n);
    expect(under).toEqual([]);
  });

  it('takes a reported total as a floor, and ignores a report of a window that has passed', () => {
    const sketch = new WindowSketch(1024, 4);
    sketch.add('u', 5);
    sketch.raise('u', 5, 40);
    sketch.raise('u', 5, 10);
    expect(sketch.estimate('u', 5)).toBe(40);
    sketch.raise('u', 4, 99);
    expect(sketch.estimate('u', 5)).toBe(40);
  });

  it('places keys by seeds of its own: two sketches do not share their collisions', () => {
    const a = new WindowSketch(2, 1, Buffer.from('0102030405060708', 'hex'));
    const b = new WindowSketch(2, 1, Buffer.from('a1b2c3d4e5f60718', 'hex'));
    const keys = Array.from({ length: 32 }, (_, i) => `10.0.0.${i}`);
    const cellsA = keys.map((key) => (a.add(key, 1), a.estimate('10.0.0.0', 1)));
    const cellsB = keys.map((key) => (b.add(key, 1), b.estimate('10.0.0.0', 1)));
    expect(cellsA).not.toEqual(cellsB);
  });

  it('is empty in a window until a key is counted or raised there, and again in the next window', () => {
    const sketch = new WindowSketch(1024, 4);
    const seen: boolean[] = [sketch.isEmpty(3)];
    sketch.raise('u', 3, 2);
    seen.push(sketch.isEmpty(3), sketch.isEmpty(4));
    sketch.add('v', 4);
    seen.push(sketch.isEmpty(4), sketch.isEmpty(3));
    expect(seen).toEqual([true, false, true, false, true]);
  });
});
