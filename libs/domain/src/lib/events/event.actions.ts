// The actions are wire constants, defined once in libs/contracts; the domain adds what it does with them.
import {
  ECONOMY_BALANCE_ACTIONS,
  ECONOMY_OPERATIONS,
  ECONOMY_TYPES,
  type EconomyBalanceAction,
  type EconomyOperation,
  type EconomyType,
} from '@craftstats/contracts';

export { EVENT_ACTIONS, isEventAction, type EventAction } from '@craftstats/contracts';

/** ADD, TAKE, RESET: the `{OPERATION}` of `ECONOMY_{TYPE}_{OPERATION}`. */
export const BALANCE_OPERATIONS = ECONOMY_OPERATIONS;
export type BalanceOperation = EconomyOperation;

/** `ECONOMY_{TYPE}_ADD/_TAKE/_RESET` for every economy type. */
export type BalanceAction = EconomyBalanceAction;

export function balanceAction(economyType: EconomyType, operation: BalanceOperation): BalanceAction {
  return `ECONOMY_${economyType}_${operation}`;
}

/** Every balance action, economy type by economy type (ADD, TAKE, RESET each). */
export const BALANCE_ACTIONS: readonly BalanceAction[] = ECONOMY_BALANCE_ACTIONS;

const BALANCE_ACTION_PARTS: ReadonlyMap<string, { economyType: EconomyType; operation: BalanceOperation }> =
  new Map(
    ECONOMY_TYPES.flatMap((economyType) =>
      BALANCE_OPERATIONS.map(
        (operation) => [balanceAction(economyType, operation), { economyType, operation }] as const,
      ),
    ),
  );

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
