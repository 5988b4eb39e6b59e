import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '../messages';
import type { PlayerProfile } from '../players';
import {
  dataReply,
  sequence,
  startTestServer,
  unusedBaseUrl,
  type Reply,
  type TestServer,
} from '../../../test/test-server';
import { playerProfile } from '../../testing';
import { createApiClient, type ApiClient } from './api-client';
import { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from './http';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';

const PROFILE: PlayerProfile = playerProfile({
  id: 7,
  discriminator: '0420',
  nick: 'Notch',
  uuid: UUID,
  registred: 1386892800000,
  last_online: 1700000000000,
  last_server: 'survival',
  played_time: 60,
  mc_version: '1.21.4',
  economy: { craftcoins: 1500, crafttokens: 3, votetokens: 12, achievement_points: 40 },
  ranked: { global_level: 5, survival_level: 3, survival_experience: 120 },
  votes: { total: 10, month: 2, week: 1, last_vote: 1700000000000 },
  social: { web: 'https://example.cz' },
  discord: { id: '123456789012345678901' },
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('createApiClient', () => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function clientFor(...replies: Reply[]): Promise<{ api: ApiClient; server: TestServer }> {
    server = await startTestServer(sequence(...replies));
    return { api: createApiClient({ baseUrl: server.baseUrl }), server };
  }

  it('GETs a leaderboard with JSON accept header and no credentials, resolving to data', async () => {
    const entries = [{ index: 1, nick: 'Notch', uuid: UUID, value: 1500 }];
    const { api, server } = await clientFor(dataReply(entries));

    await expect(api.leaderboard('achievement-points')).resolves.toEqual(entries);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/economy/leaderboard/achievement-points');
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.headers['authorization']).toBeUndefined();
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.body).toBe('');
  });

  it.each([
    [
      'monthVotes',
      '/economy/leaderboard/month-votes?month=2026-10',
      (api: ApiClient) => api.monthVotes('2026-10'),
    ],
    [
      'weekVotes',
      '/economy/leaderboard/week-votes?week=2026-11-09',
      (api: ApiClient) => api.weekVotes('2026-11-09'),
    ],
    [
      'levelLeaderboard',
      '/economy/leaderboard/levels/skyblock',
      (api: ApiClient) => api.levelLeaderboard('skyblock'),
    ],
    ['playerCount', '/server/playercount', (api: ApiClient) => api.playerCount()],
    ['playerCountHistory', '/server/playercount/history', (api: ApiClient) => api.playerCountHistory()],
    [
      'playerCountHistory',
      '/server/playercount/history?hours=168',
      (api: ApiClient) => api.playerCountHistory(168),
    ],
    ['uniquePlayers', '/server/uniqueplayers', (api: ApiClient) => api.uniquePlayers()],
    ['staffList', '/server/stafflist', (api: ApiClient) => api.staffList()],
    ['economyLog', '/economy/log', (api: ApiClient) => api.economyLog()],
    ['achievementsLog', '/achievements/log', (api: ApiClient) => api.achievementsLog()],
    ['playerByNick', '/player/Notch', (api: ApiClient) => api.playerByNick('Notch')],
    ['playerByUuid', `/player/uuid/${UUID}`, (api: ApiClient) => api.playerByUuid(UUID)],
    ['searchPlayers', '/search/players?q=Pep_a', (api: ApiClient) => api.searchPlayers('Pep_a')],
    ['searchPlayers', '/search/players?q=a%2Fb%26c', (api: ApiClient) => api.searchPlayers('a/b&c')],
    ['me', '/account/me', (api: ApiClient) => api.me()],
  ])('%s GETs %s and resolves to data', async (_name, path, call) => {
    const marker = { marker: path };
    const { api, server } = await clientFor(dataReply(marker));

    await expect(call(api)).resolves.toEqual(marker);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${path}`]);
  });

  it('resolves a player profile with every field', async () => {
    const { api } = await clientFor(dataReply(PROFILE));
    await expect(api.playerByNick('Notch')).resolves.toEqual(PROFILE);
  });

  it('percent-encodes the nick in the path', async () => {
    const { api, server } = await clientFor(dataReply(PROFILE));
    await api.playerByNick('Jan Novák/?');
    expect(server.requests[0]?.url).toBe('/player/Jan%20Nov%C3%A1k%2F%3F');
  });

  it('joins a base URL with a path prefix and trailing slash', async () => {
    server = await startTestServer(sequence(dataReply({ amount: 1 })));
    const api = createApiClient({ baseUrl: `${server.baseUrl}/craftstats/` });
    await expect(api.uniquePlayers()).resolves.toEqual({ amount: 1 });
    expect(server.requests[0]?.url).toBe('/craftstats/server/uniqueplayers');
  });

  it('sends the token as Authorization: Bearer, and withToken returns a new client', async () => {
    server = await startTestServer(
      sequence(dataReply({ nick: 'Notch', uuid: UUID, rank: '10', expiresAt: 1 })),
    );
    const anonymous = createApiClient({ baseUrl: server.baseUrl });
    const staff = anonymous.withToken('jwt.token.value');

    await staff.me();
    await anonymous.me();
    await staff.withToken(null).me();

    expect(server.requests.map((r) => r.headers['authorization'])).toEqual([
      'Bearer jwt.token.value',
      undefined,
      undefined,
    ]);
  });

  it('serializes the panel query in a fixed order and resolves the whole page envelope', async () => {
    const page = {
      status: 200,
      data: [
        {
          event_id: 'survival:1',
          nick: 'Notch',
          uuid: UUID,
          action: 'ECONOMY_CRAFTCOINS_ADD',
          sender: 'survival',
          server: 'survival',
          old_value: '0',
          new_value: '100',
          date: '1700000000000',
        },
      ],
      nextCursor: 'opaque-cursor',
    };
    server = await startTestServer(sequence({ status: 200, body: page }));
    const api = createApiClient({ baseUrl: server.baseUrl, token: 't' });

    await expect(
      api.panelEconomyLog({
        cursor: 'c 1',
        limit: 200,
        to: 20,
        from: 10,
        nick: 'Notch',
        action: 'ECONOMY_KARMA_ADD',
      }),
    ).resolves.toEqual(page);
    await api.panelAchievementsLog();

    expect(server.requests.map((r) => r.url)).toEqual([
      '/panel/economy/log?nick=Notch&action=ECONOMY_KARMA_ADD&from=10&to=20&limit=200&cursor=c+1',
      '/panel/achievements/log',
    ]);
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer t');
  });

  it('throws ApiError with the fields of the error envelope', async () => {
    const { api } = await clientFor({
      status: 404,
      body: { status: 404, error: 'PLAYER_NOT_FOUND', message: 'Hráč nebyl nalezen.' },
    });

    const error = await rejection(api.playerByNick('Nobody'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('PLAYER_NOT_FOUND');
    expect(apiError.message).toBe('Hráč nebyl nalezen.');
    expect(apiError.retryAfter).toBeUndefined();
    expect(apiError.body).toEqual({ status: 404, error: 'PLAYER_NOT_FOUND', message: 'Hráč nebyl nalezen.' });
  });

  it('reads Retry-After into ApiError.retryAfter on 429 RATE_LIMITED', async () => {
    const { api } = await clientFor({
      status: 429,
      headers: { 'retry-after': '17' },
      body: { status: 429, error: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED },
    });

    const error = (await rejection(api.leaderboard('craftcoins'))) as ApiError;

    expect([error.status, error.code, error.message, error.retryAfter]).toEqual([
      429,
      'RATE_LIMITED',
      'Příliš mnoho požadavků. Zkus to znovu za chvíli.',
      17,
    ]);
  });

  it('derives the code and Czech message from the status when the answer has no envelope', async () => {
    const { api } = await clientFor({ status: 502, body: '<html>Bad Gateway</html>' });

    const error = (await rejection(api.staffList())) as ApiError;

    expect([error.status, error.code, error.message]).toEqual([
      502,
      'UNAVAILABLE',
      'Služba je dočasně nedostupná, zkus to za chvíli.',
    ]);
    expect(error.body).toBe('<html>Bad Gateway</html>');
  });

  it('throws INTERNAL_ERROR for a 200 answer that is not a data envelope', async () => {
    const { api } = await clientFor({ status: 200, body: 'not json' });

    const error = (await rejection(api.playerCount())) as ApiError;

    expect([error.status, error.code, error.message]).toEqual([
      200,
      'INTERNAL_ERROR',
      'Nastala neočekávaná chyba.',
    ]);
  });

  it('throws NETWORK_ERROR with status 0 when nothing listens', async () => {
    const api = createApiClient({ baseUrl: await unusedBaseUrl() });

    const error = (await rejection(api.uniquePlayers())) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message]).toEqual([0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE]);
    // undici's TypeError comes from Node's realm, not Jest's, so compare by name.
    expect((error.cause as Error).name).toBe('TypeError');
    expect((error.cause as Error).message).toBe('fetch failed');
  });

  it('throws NETWORK_ERROR when the answer takes longer than timeoutMs', async () => {
    server = await startTestServer(sequence({ ...dataReply({ amount: 1 }), delayMs: 2000 }));
    const api = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 50 });

    const error = (await rejection(api.uniquePlayers())) as ApiError;

    expect(error.code).toBe('NETWORK_ERROR');
    expect(String((error.cause as Error).message)).toBe(
      `Request timed out after 50 ms: GET ${server.baseUrl}/server/uniqueplayers`,
    );
  });

  it("rejects with the caller's abort reason, not an ApiError", async () => {
    const { api } = await clientFor({ ...dataReply({ amount: 1 }), delayMs: 2000 });
    const controller = new AbortController();

    const pending = rejection(api.uniquePlayers({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;

    expect(isApiError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
  });

  it('accepts an injected fetch', async () => {
    const calls: Array<{ url: string; method: string }> = [];
    const api = createApiClient({
      baseUrl: 'https://api.example.cz',
      fetch: async (url, init) => {
        calls.push({ url, method: init.method });
        return new Response(JSON.stringify({ status: 200, data: { amount: 42 } }), { status: 200 });
      },
    });

    await expect(api.uniquePlayers()).resolves.toEqual({ amount: 42 });
    expect(calls).toEqual([{ url: 'https://api.example.cz/server/uniqueplayers', method: 'GET' }]);
  });

  describe('account endpoints', () => {
    it('POSTs exactly username, password and adminKey as JSON to /account/register', async () => {
      const { api, server } = await clientFor({
        status: 200,
        body: { success: true, message: ACCOUNT_MESSAGES.PASSWORD_SET },
      });
      const body = { username: 'Notch', password: 'heslo123', adminKey: 'k', extra: 'dropped' };

      await expect(api.register(body)).resolves.toEqual({
        httpStatus: 200,
        body: { success: true, message: 'Heslo bylo úspěšně nastaveno!' },
      });

      const [request] = server.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/account/register');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.body).toBe('{"username":"Notch","password":"heslo123","adminKey":"k"}');
    });

    it.each([
      [403, ACCOUNT_MESSAGES.ADMIN_KEY_MISMATCH],
      [404, ACCOUNT_MESSAGES.UNKNOWN_USERNAME],
      [503, ACCOUNT_MESSAGES.UPDATE_FAILED],
      [400, ACCOUNT_MESSAGES.INVALID_BODY],
    ])('resolves register answered %i with { success: false } as a value', async (status, message) => {
      const { api } = await clientFor({ status, body: { success: false, message } });

      await expect(api.register({ username: 'Notch', password: 'x', adminKey: 'wrong' })).resolves.toEqual({
        httpStatus: status,
        body: { success: false, message },
      });
    });

    it('resolves a successful login with the token', async () => {
      const { api, server } = await clientFor({
        status: 200,
        body: { success: true, message: ACCOUNT_MESSAGES.LOGIN_OK, token: 'a.b.c' },
      });

      const result = await api.login({ username: 'Notch', password: 'heslo123' });

      expect(result).toEqual({
        httpStatus: 200,
        body: { success: true, message: 'Přihlášení proběhlo úspěšně!', token: 'a.b.c' },
      });
      expect(server.requests[0]?.url).toBe('/account/login');
      expect(server.requests[0]?.body).toBe('{"username":"Notch","password":"heslo123"}');
    });

    it('resolves a failed login (401) as a value', async () => {
      const { api } = await clientFor({
        status: 401,
        body: { success: false, message: ACCOUNT_MESSAGES.LOGIN_FAILED },
      });

      await expect(api.login({ username: 'Notch', password: 'wrong' })).resolves.toEqual({
        httpStatus: 401,
        body: { success: false, message: 'Neplatné uživatelské jméno nebo heslo!' },
      });
    });

    it('resolves a rate-limited login (429) as a value with retryAfter', async () => {
      const { api } = await clientFor({
        status: 429,
        headers: { 'retry-after': '60' },
        body: { success: false, message: ACCOUNT_MESSAGES.RATE_LIMITED },
      });

      await expect(api.login({ username: 'Notch', password: 'x' })).resolves.toEqual({
        httpStatus: 429,
        body: { success: false, message: 'Příliš mnoho pokusů. Zkus to znovu za chvíli.' },
        retryAfter: 60,
      });
    });

    it('throws ApiError when an account endpoint answers an error envelope', async () => {
      const { api } = await clientFor({
        status: 500,
        body: { status: 500, error: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR },
      });

      const error = (await rejection(api.login({ username: 'Notch', password: 'x' }))) as ApiError;

      expect([error.status, error.code, error.message]).toEqual([
        500,
        'INTERNAL_ERROR',
        'Nastala neočekávaná chyba.',
      ]);
    });
  });
});
