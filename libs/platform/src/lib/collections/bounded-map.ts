/**
 * Keeps an insertion-ordered Map at most `max` keys: once it holds more, its oldest keys (those
 * `droppable` allows) go until an eighth of the bound is free. In batches because a Map keeps its
 * deleted slots at the front until it is rebuilt: dropping one oldest key per insert would walk over up
 * to half the map each time, a cost per request for keys that never repeat (random profiles); a batch
 * pays that walk once per max/8 inserts (docs/performance.md, "Request logs without AsyncLocalStorage").
 */
export function trimOldest<K, V>(
  map: Map<K, V>,
  max: number,
  droppable: (value: V) => boolean = () => true,
): void {
  if (map.size <= max) return;
  const keep = max - Math.floor(max / 8);
  for (const [key, value] of map) {
    if (map.size <= keep) return;
    if (droppable(value)) map.delete(key);
  }
}
