import type { LevelMode } from './events';
import type { LeaderboardName } from './leaderboards';
import { LEADERBOARD_NAMES } from './leaderboards';

/**
 * Paths of the API (`apps/api`), relative to its base URL. Parameterised paths are functions that
 * percent-encode their argument.
 */
export const API_PATHS = {
  /** `GET /economy/leaderboard/:name` (8 leaderboards). */
  leaderboard: (name: LeaderboardName): `/economy/leaderboard/${LeaderboardName}` =>
    `/economy/leaderboard/${name}`,
  /** `GET /economy/leaderboard/levels/:mode` (7 level modes). */
  levelLeaderboard: (mode: LevelMode): `/economy/leaderboard/levels/${LevelMode}` =>
    `/economy/leaderboard/levels/${mode}`,
  playercount: '/server/playercount',
  /** `GET /server/playercount/history?hours=1..720`. */
  playercountHistory: '/server/playercount/history',
  uniqueplayers: '/server/uniqueplayers',
  stafflist: '/server/stafflist',
  economyLog: '/economy/log',
  achievementsLog: '/achievements/log',
  /** Server-Sent Events: every new `/economy/log` entry. */
  economyLogStream: '/economy/log/stream',
  /** Server-Sent Events: every new `/achievements/log` entry. */
  achievementsLogStream: '/achievements/log/stream',
  /** `GET /player/:nick` (case-insensitive). */
  playerByNick: (nick: string): string => `/player/${encodeURIComponent(nick)}`,
  /** `GET /player/uuid/:uuid` (dashed or undashed, any case). */
  playerByUuid: (uuid: string): string => `/player/uuid/${encodeURIComponent(uuid)}`,
  /** `GET /search/players?q=<start of a nick>`: up to 10 players (not under `/player/`, where any word is a nick). */
  searchPlayers: '/search/players',
  register: '/account/register',
  login: '/account/login',
  me: '/account/me',
  panelEconomyLog: '/panel/economy/log',
  panelAchievementsLog: '/panel/achievements/log',
  health: '/health',
  ready: '/health/ready',
  metrics: '/metrics',
  /** OpenAPI document (JSON). */
  docsJson: '/docs-json',
  /** Swagger UI. */
  docs: '/docs',
} as const;

/** Paths of the log ingestor (`apps/log-ingestor`), relative to its base URL. */
export const INGEST_PATHS = {
  events: '/v1/events',
  health: '/health',
  ready: '/health/ready',
  metrics: '/metrics',
} as const;

/** HTTP method of a route. */
export type HttpMethod = 'GET' | 'POST';

/** Who may call a route: anyone, or a staff member presenting the login JWT. */
export type RouteAuth = 'public' | 'staff';

/** A route of the API, with its template as a router writes it (e.g. `/player/:nick`). */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
}

/**
 * Every route of the API as method, route template and access, in the order of the README's API table
 * (operational routes last). The eight leaderboards are concrete paths: no other name exists.
 */
export const API_ROUTE_DEFINITIONS: readonly ApiRoute[] = [
  ...LEADERBOARD_NAMES.map((name): ApiRoute => ({
    method: 'GET',
    path: API_PATHS.leaderboard(name),
    auth: 'public',
  })),
  { method: 'GET', path: '/economy/leaderboard/levels/:mode', auth: 'public' },
  { method: 'GET', path: API_PATHS.playercount, auth: 'public' },
  { method: 'GET', path: API_PATHS.playercountHistory, auth: 'public' },
  { method: 'GET', path: API_PATHS.uniqueplayers, auth: 'public' },
  { method: 'GET', path: API_PATHS.stafflist, auth: 'public' },
  { method: 'GET', path: API_PATHS.economyLog, auth: 'public' },
  { method: 'GET', path: API_PATHS.achievementsLog, auth: 'public' },
  { method: 'GET', path: API_PATHS.economyLogStream, auth: 'public' },
  { method: 'GET', path: API_PATHS.achievementsLogStream, auth: 'public' },
  { method: 'GET', path: '/player/:nick', auth: 'public' },
  { method: 'GET', path: '/player/uuid/:uuid', auth: 'public' },
  { method: 'GET', path: API_PATHS.searchPlayers, auth: 'public' },
  { method: 'POST', path: API_PATHS.register, auth: 'public' },
  { method: 'POST', path: API_PATHS.login, auth: 'public' },
  { method: 'GET', path: API_PATHS.me, auth: 'staff' },
  { method: 'GET', path: API_PATHS.panelEconomyLog, auth: 'staff' },
  { method: 'GET', path: API_PATHS.panelAchievementsLog, auth: 'staff' },
  { method: 'GET', path: API_PATHS.health, auth: 'public' },
  { method: 'GET', path: API_PATHS.ready, auth: 'public' },
  { method: 'GET', path: API_PATHS.metrics, auth: 'public' },
  { method: 'GET', path: API_PATHS.docsJson, auth: 'public' },
  { method: 'GET', path: API_PATHS.docs, auth: 'public' },
];

/** Route templates of every API route (e.g. `/player/:nick`), for docs and tests. */
export const API_ROUTES: readonly string[] = API_ROUTE_DEFINITIONS.map((route) => route.path);
