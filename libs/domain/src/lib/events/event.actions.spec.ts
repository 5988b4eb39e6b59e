import {
  BALANCE_ACTIONS,
  balanceAction,
  balanceActionParts,
  EVENT_ACTIONS,
  isBalanceAction,
  isEventAction,
} from './event.actions';

describe('event actions', () => {
  it('expands the balance actions: ADD, TAKE and RESET for each economy type', () => {
    expect(BALANCE_ACTIONS).toEqual([
      'ECONOMY_CRAFTCOINS_ADD',
      'ECONOMY_CRAFTCOINS_TAKE',
      'ECONOMY_CRAFTCOINS_RESET',
      'ECONOMY_CRAFTTOKENS_ADD',
      'ECONOMY_CRAFTTOKENS_TAKE',
      'ECONOMY_CRAFTTOKENS_RESET',
      'ECONOMY_VOTETOKENS_ADD',
      'ECONOMY_VOTETOKENS_TAKE',
      'ECONOMY_VOTETOKENS_RESET',
      'ECONOMY_KARMA_ADD',
      'ECONOMY_KARMA_TAKE',
      'ECONOMY_KARMA_RESET',
      'ECONOMY_ACHIEVEMENTPOINTS_ADD',
      'ECONOMY_ACHIEVEMENTPOINTS_TAKE',
      'ECONOMY_ACHIEVEMENTPOINTS_RESET',
      'ECONOMY_EVENTPOINTS_ADD',
      'ECONOMY_EVENTPOINTS_TAKE',
      'ECONOMY_EVENTPOINTS_RESET',
    ]);
  });

  it('lists all 29 actions once each', () => {
    expect(EVENT_ACTIONS).toHaveLength(29);
    expect(new Set(EVENT_ACTIONS).size).toBe(29);
    expect(EVENT_ACTIONS.slice(0, 2)).toEqual(['ECONOMY_REGISTER', 'ECONOMY_CHANGE_NAME']);
    expect(EVENT_ACTIONS.slice(20)).toEqual([
      'PLAYER_UPDATE_RANK',
      'PLAYER_SET_TAG',
      'PLAYER_DISCORD_CONNECT',
      'PLAYER_VOTE',
      'ACHIEVEMENT_COMPLETE',
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'PLAYER_UPDATE_LEVEL',
      'PLAYER_UPDATE_SOCIAL',
    ]);
  });

  it('recognizes actions exactly, case included', () => {
    expect(isEventAction('PLAYER_VOTE')).toBe(true);
    expect(isEventAction('ECONOMY_KARMA_RESET')).toBe(true);
    expect(isEventAction('player_vote')).toBe(false);
    expect(isEventAction('ECONOMY_GOLD_ADD')).toBe(false);
    expect(isEventAction(undefined)).toBe(false);
  });

  it('tells balance actions from the other actions', () => {
    expect(isBalanceAction('ECONOMY_EVENTPOINTS_TAKE')).toBe(true);
    expect(isBalanceAction('ECONOMY_REGISTER')).toBe(false);
    expect(isBalanceAction('ECONOMY_KARMA_SET')).toBe(false);
  });

  it('builds a balance action and splits it back into economy type and operation', () => {
    expect(balanceAction('ACHIEVEMENTPOINTS', 'RESET')).toBe('ECONOMY_ACHIEVEMENTPOINTS_RESET');
    expect(balanceActionParts('ECONOMY_CRAFTTOKENS_TAKE')).toEqual({
      economyType: 'CRAFTTOKENS',
      operation: 'TAKE',
    });
  });
});
