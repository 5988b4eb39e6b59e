import type { AccountMe, LoginRequest, LoginResponse, RegisterRequest, RegisterResponse } from '../accounts';
import type { LevelMode } from '../events';
import type {
  LeaderboardEntry,
  LeaderboardName,
  LevelLeaderboardEntry,
  VoteMonthKey,
  VoteWeekKey,
} from '../leaderboards';
import type { AchievementLogEntry, EconomyLogEntry } from '../logs';
import type { PagedEnvelope, PanelAchievementLogEntry, PanelEconomyLogEntry, PanelLogQuery } from '../panel';
import { panelQueryToSearchParams } from '../panel';
import { API_PATHS } from '../paths';
import type { PlayerProfile } from '../players';
import type { PlayerSearchResult } from '../search';
import type { PlayerCount, PlayerCountHistoryPoint, StaffMember, UniquePlayers } from '../server-status';
import type { FetchLike, HttpRequest, HttpResponse, RequestOptions } from './http';
import {
  errorFromResponse,
  invalidResponseError,
  isSuccessStatus,
  parseRetryAfter,
  sendHttpRequest,
  unwrapData,
} from './http';

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /**
   * Base URL of the API: absolute (`https://api.example.cz`), or relative to the page (`/api` behind a
   * dev-server proxy, `""` for the same origin). Trailing slashes are ignored.
   */
  baseUrl: string;
  /** `fetch` implementation; defaults to the global `fetch`, looked up per call. */
  fetch?: FetchLike | undefined;
  /** Staff JWT from {@link ApiClient.login}, sent as `Authorization: Bearer <token>` on every call. */
  token?: string | null | undefined;
  /** Abort a call after this many ms (it then fails as `NETWORK_ERROR`). Default: no timeout. */
  timeoutMs?: number | undefined;
}

/**
 * Result of the account endpoints. Unlike the other methods these do not throw on 4xx/5xx answers that
 * carry a `{ success, message }` body (wrong adminKey 403, unknown username 404, wrong password 401,
 * update failed 503, invalid body 400, too many attempts 429): the body's Czech `message` is what the
 * user should see, so the answer is returned as a value. Narrow on `body.success`.
 *
 * Answers without such a body (e.g. a 500 error envelope, a proxy's HTML page) and network failures
 * still throw {@link ApiError}.
 */
export interface AccountResult<T extends { success: boolean; message: string }> {
  /** HTTP status of the answer: 200 on success, 400/401/403/404/429/503 on failure. */
  httpStatus: number;
  body: T;
  /** Seconds from the `Retry-After` header, when present (429). */
  retryAfter?: number;
}

/**
 * Typed client of the craftstats API. Data methods resolve to the envelope's `data` (panel methods to
 * the whole page envelope, account methods to an {@link AccountResult}) and reject with {@link ApiError}
 * for error answers and network failures.
 */
export interface ApiClient {
  /** Base URL the client sends to. */
  readonly baseUrl: string;
  /** `GET /economy/leaderboard/:name`: up to 50 entries, highest value first. */
  leaderboard(name: LeaderboardName, options?: RequestOptions): Promise<LeaderboardEntry[]>;
  /**
   * `GET /economy/leaderboard/month-votes?month=YYYY-MM`: the top voters of any month (empty for a month
   * without votes). A closed month's answer is immutable. A malformed key rejects with `VALIDATION_FAILED`.
   */
  monthVotes(month: VoteMonthKey, options?: RequestOptions): Promise<LeaderboardEntry[]>;
  /** `GET /economy/leaderboard/week-votes?week=YYYY-MM-DD`: the week that starts on that Monday. */
  weekVotes(week: VoteWeekKey, options?: RequestOptions): Promise<LeaderboardEntry[]>;
  /** `GET /economy/leaderboard/levels/:mode`: top 50 by level, then experience. */
  levelLeaderboard(mode: LevelMode, options?: RequestOptions): Promise<LevelLeaderboardEntry[]>;
  /** `GET /server/playercount`. */
  playerCount(options?: RequestOptions): Promise<PlayerCount>;
  /**
   * `GET /server/playercount/history?hours=N` (1..720, default 24): the per-minute Server List Ping
   * history downsampled to at most 500 points, oldest first.
   */
  playerCountHistory(hours?: number, options?: RequestOptions): Promise<PlayerCountHistoryPoint[]>;
  /** `GET /server/uniqueplayers`. */
  uniquePlayers(options?: RequestOptions): Promise<UniquePlayers>;
  /** `GET /server/stafflist`. */
  staffList(options?: RequestOptions): Promise<StaffMember[]>;
  /** `GET /economy/log`: the latest 50 entries, newest first. */
  economyLog(options?: RequestOptions): Promise<EconomyLogEntry[]>;
  /** `GET /achievements/log`: the latest 50 entries, newest first. */
  achievementsLog(options?: RequestOptions): Promise<AchievementLogEntry[]>;
  /** `GET /player/:nick` (case-insensitive); unknown nick → `ApiError` 404 `PLAYER_NOT_FOUND`. */
  playerByNick(nick: string, options?: RequestOptions): Promise<PlayerProfile>;
  /** `GET /player/uuid/:uuid` (dashed or undashed); malformed → 400 `INVALID_UUID`, unknown → 404 `PLAYER_NOT_FOUND`. */
  playerByUuid(uuid: string, options?: RequestOptions): Promise<PlayerProfile>;
  /**
   * `GET /search/players?q=…`: up to 10 players whose nick starts with `prefix` (case-insensitive),
   * ordered by nick. A prefix with characters no nick has (or longer than 32) rejects with 400
   * `VALIDATION_FAILED`.
   */
  searchPlayers(prefix: string, options?: RequestOptions): Promise<PlayerSearchResult[]>;
  /** `POST /account/register`: sets a staff member's password; see {@link AccountResult}. */
  register(body: RegisterRequest, options?: RequestOptions): Promise<AccountResult<RegisterResponse>>;
  /**
   * `POST /account/login`; see {@link AccountResult}. On success use the token with
   * {@link ApiClient.withToken}.
   */
  login(body: LoginRequest, options?: RequestOptions): Promise<AccountResult<LoginResponse>>;
  /** `GET /account/me` (token required; otherwise `ApiError` 401 `UNAUTHORIZED`). */
  me(options?: RequestOptions): Promise<AccountMe>;
  /** `GET /panel/economy/log` (token required): one page of the full history. */
  panelEconomyLog(
    query?: PanelLogQuery,
    options?: RequestOptions,
  ): Promise<PagedEnvelope<PanelEconomyLogEntry>>;
  /** `GET /panel/achievements/log` (token required): one page of the full history. */
  panelAchievementsLog(
    query?: PanelLogQuery,
    options?: RequestOptions,
  ): Promise<PagedEnvelope<PanelAchievementLogEntry>>;
  /** A new client with the same options and another token (`null` for none); this one is unchanged. */
  withToken(token: string | null): ApiClient;
}

function isAccountBody(body: unknown): body is { success: boolean; message: string } {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate['success'] === 'boolean' && typeof candidate['message'] === 'string';
}

function isPagedBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return (
    Array.isArray(candidate['data']) &&
    (candidate['nextCursor'] === null || typeof candidate['nextCursor'] === 'string')
  );
}

/**
 * Creates a typed client of the craftstats API.
 *
 * @example
 * ```ts
 * const api = createApiClient({ baseUrl: 'https://api.example.cz' });
 * const top = await api.leaderboard('craftcoins');
 * const login = await api.login({ username: 'Notch', password: 'secret' });
 * if (login.body.success) {
 *   const staff = api.withToken(login.body.token);
 *   const page = await staff.panelEconomyLog({ nick: 'Notch', limit: 200 });
 * }
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const token = options.token ?? undefined;
  const transport = {
    baseUrl: options.baseUrl,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };

  const call = (
    request: Omit<HttpRequest, 'token' | 'signal'>,
    callOptions?: RequestOptions,
  ): Promise<HttpResponse> =>
    sendHttpRequest(transport, {
      ...request,
      ...(token === undefined ? {} : { token }),
      ...(callOptions?.signal === undefined ? {} : { signal: callOptions.signal }),
    });

  const getData = async <T>(
    path: string,
    callOptions?: RequestOptions,
    query?: Record<string, string>,
  ): Promise<T> =>
    unwrapData<T>(
      await call(
        { method: 'GET', path, ...(query === undefined ? {} : { query: new URLSearchParams(query) }) },
        callOptions,
      ),
    );

  const getPage = async <T>(
    path: string,
    query: PanelLogQuery,
    callOptions?: RequestOptions,
  ): Promise<PagedEnvelope<T>> => {
    const response = await call({ method: 'GET', path, query: panelQueryToSearchParams(query) }, callOptions);
    if (!isSuccessStatus(response.status)) throw errorFromResponse(response);
    if (!isPagedBody(response.body)) throw invalidResponseError(response, '{ status, data: [], nextCursor }');
    return response.body as PagedEnvelope<T>;
  };

  const postAccount = async <T extends { success: boolean; message: string }>(
    path: string,
    body: unknown,
    callOptions?: RequestOptions,
  ): Promise<AccountResult<T>> => {
    const response = await call({ method: 'POST', path, body: JSON.stringify(body) }, callOptions);
    if (!isAccountBody(response.body)) {
      throw isSuccessStatus(response.status)
        ? invalidResponseError(response, '{ success, message }')
        : errorFromResponse(response);
    }
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    return {
      httpStatus: response.status,
      body: response.body as T,
      ...(retryAfter === undefined ? {} : { retryAfter }),
    };
  };

  return {
    baseUrl: options.baseUrl,
    leaderboard: (name, o) => getData<LeaderboardEntry[]>(API_PATHS.leaderboard(name), o),
    monthVotes: (month, o) => getData<LeaderboardEntry[]>(API_PATHS.leaderboard('month-votes'), o, { month }),
    weekVotes: (week, o) => getData<LeaderboardEntry[]>(API_PATHS.leaderboard('week-votes'), o, { week }),
    levelLeaderboard: (mode, o) => getData<LevelLeaderboardEntry[]>(API_PATHS.levelLeaderboard(mode), o),
    playerCount: (o) => getData<PlayerCount>(API_PATHS.playercount, o),
    playerCountHistory: (hours, o) =>
      getData<PlayerCountHistoryPoint[]>(
        API_PATHS.playercountHistory,
        o,
        hours === undefined ? undefined : { hours: String(hours) },
      ),
    uniquePlayers: (o) => getData<UniquePlayers>(API_PATHS.uniqueplayers, o),
    staffList: (o) => getData<StaffMember[]>(API_PATHS.stafflist, o),
    economyLog: (o) => getData<EconomyLogEntry[]>(API_PATHS.economyLog, o),
    achievementsLog: (o) => getData<AchievementLogEntry[]>(API_PATHS.achievementsLog, o),
    playerByNick: (nick, o) => getData<PlayerProfile>(API_PATHS.playerByNick(nick), o),
    playerByUuid: (uuid, o) => getData<PlayerProfile>(API_PATHS.playerByUuid(uuid), o),
    searchPlayers: (prefix, o) => getData<PlayerSearchResult[]>(API_PATHS.searchPlayers, o, { q: prefix }),
    register: ({ username, password, adminKey }, o) =>
      postAccount<RegisterResponse>(API_PATHS.register, { username, password, adminKey }, o),
    login: ({ username, password }, o) =>
      postAccount<LoginResponse>(API_PATHS.login, { username, password }, o),
    me: (o) => getData<AccountMe>(API_PATHS.me, o),
    panelEconomyLog: (query = {}, o) => getPage<PanelEconomyLogEntry>(API_PATHS.panelEconomyLog, query, o),
    panelAchievementsLog: (query = {}, o) =>
      getPage<PanelAchievementLogEntry>(API_PATHS.panelAchievementsLog, query, o),
    withToken: (nextToken) => createApiClient({ ...options, token: nextToken }),
  };
}
