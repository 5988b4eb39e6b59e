import { ECONOMY_TYPES, type EconomyType } from '../players/player.constants';

export const BALANCE_OPERATIONS = ['ADD', 'TAKE', 'RESET'] as const;
export type BalanceOperation = (typeof BALANCE_OPERATIONS)[number];

/** `ECONOMY_{TYPE}_ADD/_TAKE/_RESET` for every economy type. */
export type BalanceAction = `ECONOMY_${EconomyType}_${BalanceOperation}`;

export type EventAction =
  | 'ECONOMY_REGISTER'
  | 'ECONOMY_CHANGE_NAME'
  | BalanceAction
  | 'PLAYER_UPDATE_RANK'
  | 'PLAYER_SET_TAG'
  | 'PLAYER_DISCORD_CONNECT'
  | 'PLAYER_VOTE'
  | 'ACHIEVEMENT_COMPLETE'
  | 'PLAYER_JOIN'
  | 'PLAYER_QUIT'
  | 'PLAYER_UPDATE_LEVEL'
  | 'PLAYER_UPDATE_SOCIAL';

export function balanceAction(economyType: EconomyType, operation: BalanceOperation): BalanceAction {
  return `ECONOMY_${economyType}_${operation}`;
}

/** Every balance action, economy type by economy type (ADD, TAKE, RESET each). */
export const BALANCE_ACTIONS: readonly BalanceAction[] = ECONOMY_TYPES.flatMap((economyType) =>
  BALANCE_OPERATIONS.map((operation) => balanceAction(economyType, operation)),
);

/** Every action an event may carry, balance actions expanded. */
export const EVENT_ACTIONS: readonly EventAction[] = [
  'ECONOMY_REGISTER',
  'ECONOMY_CHANGE_NAME',
  ...BALANCE_ACTIONS,
  'PLAYER_UPDATE_RANK',
  'PLAYER_SET_TAG',
  'PLAYER_DISCORD_CONNECT',
  'PLAYER_VOTE',
  'ACHIEVEMENT_COMPLETE',
  'PLAYER_JOIN',
  'PLAYER_QUIT',
  'PLAYER_UPDATE_LEVEL',
  'PLAYER_UPDATE_SOCIAL',
];

const EVENT_ACTION_SET: ReadonlySet<string> = new Set(EVENT_ACTIONS);

const BALANCE_ACTION_PARTS: ReadonlyMap<string, { economyType: EconomyType; operation: BalanceOperation }> =
  new Map(
    ECONOMY_TYPES.flatMap((economyType) =>
      BALANCE_OPERATIONS.map(
        (operation) => [balanceAction(economyType, operation), { economyType, operation }] as const,
      ),
    ),
  );

export function isEventAction(value: unknown): value is EventAction {
  return typeof value === 'string' && EVENT_ACTION_SET.has(value);
}

export function isBalanceAction(value: unknown): value is BalanceAction {
  return typeof value === 'string' && BALANCE_ACTION_PARTS.has(value);
}

/** The economy type and operation of a balance action, e.g. KARMA and TAKE of ECONOMY_KARMA_TAKE. */
export function balanceActionParts(action: BalanceAction): {
  economyType: EconomyType;
  operation: BalanceOperation;
} {
  const parts = BALANCE_ACTION_PARTS.get(action);
  if (parts === undefined) throw new RangeError(`Not a balance action: ${action}`);
  return parts;
}
