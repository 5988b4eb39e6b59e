import { assertType, type Equal } from '../../test/type-assertions';
import {
  ECONOMY_LEADERBOARDS,
  isLeaderboardName,
  LEADERBOARD_NAMES,
  LEADERBOARD_SIZE,
  VOTE_LEADERBOARDS,
  type LeaderboardName,
} from './leaderboards';

describe('leaderboard names', () => {
  it('lists the five economy and three vote leaderboards of the original API', () => {
    expect(ECONOMY_LEADERBOARDS).toEqual([
      'craftcoins',
      'crafttokens',
      'votetokens',
      'achievement-points',
      'event-points',
    ]);
    expect(VOTE_LEADERBOARDS).toEqual(['total-votes', 'month-votes', 'week-votes']);
    expect(LEADERBOARD_NAMES).toEqual([...ECONOMY_LEADERBOARDS, ...VOTE_LEADERBOARDS]);
    expect(LEADERBOARD_SIZE).toBe(50);
    assertType<
      Equal<
        LeaderboardName,
        | 'craftcoins'
        | 'crafttokens'
        | 'votetokens'
        | 'achievement-points'
        | 'event-points'
        | 'total-votes'
        | 'month-votes'
        | 'week-votes'
      >
    >();
  });

  it('recognises leaderboard names', () => {
    expect(isLeaderboardName('week-votes')).toBe(true);
    expect(isLeaderboardName('karma')).toBe(false);
    expect(isLeaderboardName(undefined)).toBe(false);
  });
});
