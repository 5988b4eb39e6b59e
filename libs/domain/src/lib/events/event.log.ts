import { BALANCE_ACTIONS, type EventAction } from './event.actions';

/** The public logs show the latest 50 entries (seed 8). */
export const LOG_SIZE = 50;

/**
 * Actions shown in the public economy/player log (`/economy/log`): the seed's action families only
 * (seed 6). Votes, achievements, joins, quits, levels and social changes are stored but not shown there.
 */
export const PUBLIC_LOG_ACTIONS: readonly EventAction[] = [
  'ECONOMY_REGISTER',
  'ECONOMY_CHANGE_NAME',
  ...BALANCE_ACTIONS,
  'PLAYER_UPDATE_RANK',
  'PLAYER_SET_TAG',
  'PLAYER_DISCORD_CONNECT',
];

const PUBLIC_LOG_ACTION_SET: ReadonlySet<string> = new Set(PUBLIC_LOG_ACTIONS);

export function isPublicLogAction(action: string): boolean {
  return PUBLIC_LOG_ACTION_SET.has(action);
}
