import { API_PATHS, API_ROUTE_DEFINITIONS, API_ROUTES, INGEST_PATHS } from './paths';

describe('API_PATHS', () => {
  it('has the exact path of every endpoint', () => {
    expect({
      ...API_PATHS,
      leaderboard: undefined,
      levelLeaderboard: undefined,
      playerByNick: undefined,
      playerByUuid: undefined,
    }).toEqual({
      leaderboard: undefined,
      levelLeaderboard: undefined,
      playercount: '/server/playercount',
      playercountHistory: '/server/playercount/history',
      uniqueplayers: '/server/uniqueplayers',
      stafflist: '/server/stafflist',
      economyLog: '/economy/log',
      achievementsLog: '/achievements/log',
      economyLogStream: '/economy/log/stream',
      achievementsLogStream: '/achievements/log/stream',
      playerByNick: undefined,
      playerByUuid: undefined,
      searchPlayers: '/search/players',
      register: '/account/register',
      login: '/account/login',
      me: '/account/me',
      panelEconomyLog: '/panel/economy/log',
      panelAchievementsLog: '/panel/achievements/log',
      health: '/health',
      ready: '/health/ready',
      metrics: '/metrics',
      docsJson: '/docs-json',
      docs: '/docs',
    });
  });

  it('builds the parameterised paths, percent-encoding the argument', () => {
    expect(API_PATHS.leaderboard('month-votes')).toBe('/economy/leaderboard/month-votes');
    expect(API_PATHS.levelLeaderboard('skycloud')).toBe('/economy/leaderboard/levels/skycloud');
    expect(API_PATHS.playerByNick('Notch')).toBe('/player/Notch');
    expect(API_PATHS.playerByNick('a/b c#')).toBe('/player/a%2Fb%20c%23');
    expect(API_PATHS.playerByUuid('069A79F444E94726A5BEFCA90E38AAF5')).toBe(
      '/player/uuid/069A79F444E94726A5BEFCA90E38AAF5',
    );
  });

  it('has the ingestion path', () => {
    expect(INGEST_PATHS).toEqual({
      events: '/v1/events',
      health: '/health',
      ready: '/health/ready',
      metrics: '/metrics',
    });
  });
});

describe('API_ROUTES', () => {
  it('lists every route template', () => {
    expect(API_ROUTES).toEqual([
      '/economy/leaderboard/craftcoins',
      '/economy/leaderboard/crafttokens',
      '/economy/leaderboard/votetokens',
      '/economy/leaderboard/achievement-points',
      '/economy/leaderboard/event-points',
      '/economy/leaderboard/total-votes',
      '/economy/leaderboard/month-votes',
      '/economy/leaderboard/week-votes',
      '/economy/leaderboard/levels/:mode',
      '/server/playercount',
      '/server/playercount/history',
      '/server/uniqueplayers',
      '/server/stafflist',
      '/economy/log',
      '/achievements/log',
      '/economy/log/stream',
      '/achievements/log/stream',
      '/player/:nick',
      '/player/uuid/:uuid',
      '/search/players',
      '/account/register',
      '/account/login',
      '/account/me',
      '/panel/economy/log',
      '/panel/achievements/log',
      '/health',
      '/health/ready',
      '/metrics',
      '/docs-json',
      '/docs',
    ]);
  });

  it('marks the two account POSTs and the staff-only routes', () => {
    expect(
      API_ROUTE_DEFINITIONS.filter((route) => route.method === 'POST').map((route) => route.path),
    ).toEqual(['/account/register', '/account/login']);
    expect(
      API_ROUTE_DEFINITIONS.filter((route) => route.auth === 'staff').map((route) => route.path),
    ).toEqual(['/account/me', '/panel/economy/log', '/panel/achievements/log']);
  });
});
