import { API_ROUTES } from './paths';
import {
  WEB_ASSETS_PREFIX,
  WEB_LEADERBOARD_SLUGS,
  WEB_PATHS,
  isWebLeaderboardSlug,
  isWebPagePath,
} from './web';

describe('the website paths', () => {
  it('has a slug for each of the eight boards and each level mode', () => {
    expect(WEB_LEADERBOARD_SLUGS).toEqual([
      'craftcoins',
      'crafttokens',
      'votetokens',
      'achievement-points',
      'event-points',
      'total-votes',
      'month-votes',
      'week-votes',
      'levels-global',
      'levels-survival',
      'levels-skyblock',
      'levels-creative',
      'levels-vanilla',
      'levels-prison',
      'levels-skycloud',
    ]);
    expect(isWebLeaderboardSlug('levels-prison')).toBe(true);
    expect(isWebLeaderboardSlug('levels')).toBe(false);
    expect(isWebLeaderboardSlug('karma')).toBe(false);
  });

  it('builds the page addresses, percent-encoding the argument', () => {
    expect(WEB_PATHS.leaderboard('levels-survival')).toBe('/zebricky/levels-survival');
    expect(WEB_PATHS.playerByNick('Pepa_Novak')).toBe('/hrac/Pepa_Novak');
    expect(WEB_PATHS.playerByNick('a/b?')).toBe('/hrac/a%2Fb%3F');
    expect(WEB_PATHS.playerByUuid('069a79f4-44e9-4726-a5be-fca90e38aaf5')).toBe(
      '/hrac/uuid/069a79f4-44e9-4726-a5be-fca90e38aaf5',
    );
  });

  it('recognises exactly the page routes', () => {
    for (const path of [
      '/',
      '/zebricky',
      '/zebricky/craftcoins',
      '/hrac/Pepa',
      '/hrac/uuid/x',
      '/zive',
      '/panel',
    ])
      expect([path, isWebPagePath(path)]).toEqual([path, true]);
    for (const path of ['/hrac', '/zive/', '/panel/economy/log', '/player/Pepa', '/assets/x.js', '/docs', ''])
      expect([path, isWebPagePath(path)]).toEqual([path, false]);
  });

  it('never shadows a path of the API', () => {
    const concrete = API_ROUTES.map((route) => route.replace(/:[a-z]+/g, 'x'));
    expect(concrete.filter((path) => isWebPagePath(path) || path.startsWith(WEB_ASSETS_PREFIX))).toEqual([]);
  });
});
