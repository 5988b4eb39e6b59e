import * as contracts from '@craftstats/contracts';
import {
  BALANCE_ACTIONS,
  balanceAction,
  balanceActionParts,
  EVENT_ACTIONS,
  isBalanceAction,
  isEventAction,
} from './event.actions';

describe('event actions', () => {
  it('uses the wire constants of the contracts, not copies of them', () => {
    expect(BALANCE_ACTIONS).toBe(contracts.ECONOMY_BALANCE_ACTIONS);
    expect(EVENT_ACTIONS).toBe(contracts.EVENT_ACTIONS);
    expect(isEventAction).toBe(contracts.isEventAction);
    expect(isBalanceAction).toBe(contracts.isEconomyBalanceAction);
    expect(balanceActionParts).toBe(contracts.economyBalanceActionParts);
  });

  it('recognizes actions exactly, case included', () => {
    expect(isEventAction('PLAYER_VOTE')).toBe(true);
    expect(isEventAction('ECONOMY_KARMA_RESET')).toBe(true);
    expect(isEventAction('player_vote')).toBe(false);
    expect(isEventAction('ECONOMY_GOLD_ADD')).toBe(false);
    expect(isEventAction(undefined)).toBe(false);
  });

  it('builds a balance action that splits back into its economy type and operation', () => {
    expect(balanceAction('ACHIEVEMENTPOINTS', 'RESET')).toBe('ECONOMY_ACHIEVEMENTPOINTS_RESET');
    expect(balanceActionParts(balanceAction('CRAFTTOKENS', 'TAKE'))).toEqual({
      economyType: 'CRAFTTOKENS',
      operation: 'TAKE',
    });
  });
});
