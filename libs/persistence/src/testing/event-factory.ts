import { GameEvent, parseEvent } from '@craftstats/domain';

let sequence = 0;

/** Raw wire event fields (snake_case, as game servers send them). */
export type RawEvent = Record<string, unknown> & { action: string; uuid: string; nick: string };

/**
 * Builds a validated GameEvent through the real parser, so test data is exactly what ingestion
 * would store. `id` defaults to a unique value; `date` to `receivedAt`.
 */
export function gameEvent(raw: RawEvent, receivedAt = 1_700_000_000_000): GameEvent {
  const result = parseEvent({ id: `test-${++sequence}`, ...raw }, { defaultServer: 'test', receivedAt });
  if (!result.ok) throw new Error(`Invalid test event ${JSON.stringify(raw)}: ${result.error}`);
  return result.event;
}

/** A deterministic version-4-looking UUID for player number `n`. */
export function testUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}
