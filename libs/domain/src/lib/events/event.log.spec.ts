import { BALANCE_ACTIONS } from './event.actions';
import { isPublicLogAction, LOG_SIZE, PUBLIC_LOG_ACTIONS } from './event.log';

describe('public log actions', () => {
  it('shows 50 entries', () => {
    expect(LOG_SIZE).toBe(50);
  });

  it('shows every ECONOMY_* action', () => {
    expect(isPublicLogAction('ECONOMY_REGISTER')).toBe(true);
    expect(isPublicLogAction('ECONOMY_CHANGE_NAME')).toBe(true);
    for (const action of BALANCE_ACTIONS) expect(isPublicLogAction(action)).toBe(true);
  });

  it('shows rank, tag and Discord changes', () => {
    expect(isPublicLogAction('PLAYER_UPDATE_RANK')).toBe(true);
    expect(isPublicLogAction('PLAYER_SET_TAG')).toBe(true);
    expect(isPublicLogAction('PLAYER_DISCORD_CONNECT')).toBe(true);
  });

  it.each([
    'PLAYER_VOTE',
    'ACHIEVEMENT_COMPLETE',
    'PLAYER_JOIN',
    'PLAYER_QUIT',
    'PLAYER_UPDATE_LEVEL',
    'PLAYER_UPDATE_SOCIAL',
    'ECONOMY_GOLD_ADD',
    'economy_register',
    '',
  ])('hides %p', (action) => {
    expect(isPublicLogAction(action)).toBe(false);
  });

  it('lists the 23 public actions', () => {
    expect(PUBLIC_LOG_ACTIONS).toHaveLength(23);
  });
});
