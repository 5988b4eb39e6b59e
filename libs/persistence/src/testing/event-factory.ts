import { GameEvent, parseEvent } from '@craftstats/domain';

let sequence = 0;

/** Raw wire event fields (snake_case, as game servers send them). */
export type RawEvent = Record<string, unknown> & { action: string; uuid: string; nick: string };

/**
 * Builds a validated GameEvent through the real parser, so test data is exactly what ingestion
 * would store. `id` defaults to a unique value. The event counts as received at its own `date`
 * unless `receivedAt` says otherwise (the parser refuses dates far after the receipt).
 */
export function gameEvent(raw: RawEvent, receivedAt?: number): GameEvent {
  receivedAt ??= typeof raw['date'] === 'number' ? raw['date'] : Date.now();
  const result = parseEvent({ id: `test-${++sequence}`, ...raw }, { defaultServer: 'test', receivedAt });
  if (!result.ok) throw new Error(`Invalid test event ${JSON.stringify(raw)}: ${result.error}`);
  return result.event;
}

/** A deterministic version-4-looking UUID for player number `n`. */
export function testUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}
