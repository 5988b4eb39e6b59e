import { ECONOMY_LOG_ACTIONS, type EventAction } from '@craftstats/contracts';

/** The public logs show the latest 50 entries (README, "API"); the size is part of the wire contract. */
export { LOG_SIZE } from '@craftstats/contracts';

/**
 * Actions shown in the public economy/player log (`/economy/log`): the original API's action families
 * only (OpenAPI: the `EconomyLogAction` enum). Votes, achievements, joins, quits, levels and social
 * changes are stored but not shown there.
 */
export const PUBLIC_LOG_ACTIONS: readonly EventAction[] = ECONOMY_LOG_ACTIONS;

const PUBLIC_LOG_ACTION_SET: ReadonlySet<string> = new Set(PUBLIC_LOG_ACTIONS);

export function isPublicLogAction(action: string): boolean {
  return PUBLIC_LOG_ACTION_SET.has(action);
}
