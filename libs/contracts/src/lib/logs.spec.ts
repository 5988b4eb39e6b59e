import { assertType, type Equal } from '../../test/type-assertions';
import type { AccountMe, JwtClaims } from './accounts';
import type { RankId } from './common';
import { ECONOMY_LOG_ACTIONS, type EconomyLogAction, type EventAction, isEconomyLogAction } from './events';
import type { EconomyLogEntry } from './logs';
import type { PanelEconomyLogEntry, PanelLogQuery } from './panel';
import type { StaffMember } from './server-status';

describe('log and staff types', () => {
  it('types the public economy log action as the economy log actions, the panel one as any event action', () => {
    assertType<Equal<EconomyLogEntry['action'], EconomyLogAction>>();
    assertType<Equal<PanelEconomyLogEntry['action'], EventAction>>();
    assertType<Equal<NonNullable<PanelLogQuery['action']>, EventAction>>();
    // @ts-expect-error an arbitrary string is not a log action
    const wrong: EconomyLogEntry['action'] = 'PLAYER_FLY';
    expect(wrong).toBe('PLAYER_FLY');
  });

  it('types every rank as the documented RankId text', () => {
    assertType<Equal<StaffMember['rank'], RankId>>();
    assertType<Equal<AccountMe['rank'], RankId>>();
    assertType<Equal<JwtClaims['rank'], RankId>>();
  });

  it('narrows strings to economy log actions', () => {
    for (const action of ECONOMY_LOG_ACTIONS) expect(isEconomyLogAction(action)).toBe(true);
    expect(isEconomyLogAction('PLAYER_VOTE')).toBe(false);
    expect(isEconomyLogAction(42)).toBe(false);
  });
});
