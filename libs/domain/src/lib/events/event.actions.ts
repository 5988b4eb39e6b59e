// The actions are wire constants, defined once in libs/contracts; the domain adds what it does with them.
import {
  ECONOMY_BALANCE_ACTIONS,
  ECONOMY_OPERATIONS,
  type EconomyBalanceAction,
  type EconomyOperation,
  type EconomyType,
} from '@craftstats/contracts';

export {
  EVENT_ACTIONS,
  isEventAction,
  type EventAction,
  isEconomyBalanceAction as isBalanceAction,
  economyBalanceActionParts as balanceActionParts,
} from '@craftstats/contracts';

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
