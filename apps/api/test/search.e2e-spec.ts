import { PlayerSearchResult, createApiClient, isApiError } from '@craftstats/contracts';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { get } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

/** Nicks that share prefixes in different letter cases, and a player that changed its nick. */
const NICKS = [
  'Pepa',
  'pepik_2',
  'PEPAN',
  'Pepa.Novak',
  'Pep',
  'Petr',
  'Karel',
  'pe_pa',
  'Pe-Pa',
  '*Pepa_Bedrock',
  ...Array.from({ length: 12 }, (_, i) => `Pepe${String(i).padStart(2, '0')}`),
];
const RENAMED = testUuid(900);

function registrations(): WireEvent[] {
  return [
    ...NICKS.map((nick, i) => ({
      action: 'ECONOMY_REGISTER',
      uuid: testUuid(i + 1),
      nick,
      date: T0 - 60_000 + i,
    })),
    { action: 'ECONOMY_REGISTER', uuid: RENAMED, nick: 'PepaOld', date: T0 - 50_000 },
    { action: 'ECONOMY_CHANGE_NAME', uuid: RENAMED, nick: 'Zdenek', date: T0 - 40_000 },
  ];
}

/** What the endpoint must answer for `prefix`: the registered nicks that start with it, in key order. */
function expected(prefix: string): PlayerSearchResult[] {
  const current = [
    ...NICKS.map((nick, i) => ({ nick, uuid: testUuid(i + 1) })),
    { nick: 'Zdenek', uuid: RENAMED },
  ];
  return current
    .filter((p) => p.nick.toLowerCase().startsWith(prefix.toLowerCase()))
    .sort((a, b) =>
      a.nick.toLowerCase() < b.nick.toLowerCase() ? -1 : a.nick.toLowerCase() > b.nick.toLowerCase() ? 1 : 0,
    )
    .slice(0, 10);
}

describeEachDialect('GET /search/players', (fx) => {
  const api = useReadApi(fx, { now: T0 });

  beforeAll(async () => {
    await api.ingest(registrations());
  }, 60_000);

  it('finds the players whose nick starts with q, any letter case, at most 10, ordered by nick', async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const q of ['pep', 'PEPA', 'Pepa.', 'pe', 'Pe-', 'pe_', '*', 'karel', 'Z']) {
      const found = await client.searchPlayers(q);
      expect({ q, found }).toEqual({ q, found: expected(q) });
    }
    // More than ten match "pe": the first ten by nick.
    expect(expected('pe')).toHaveLength(10);
    expect((await client.searchPlayers('Pep')).map((p) => p.nick)).toEqual([
      'Pep',
      'Pepa',
      'Pepa.Novak',
      'PEPAN',
      'Pepe00',
      'Pepe01',
      'Pepe02',
      'Pepe03',
      'Pepe04',
      'Pepe05',
    ]);
  });

  it('answers an empty list when no nick starts with q, and finds a renamed player by its new nick only', async () => {
    const client = createApiClient({ baseUrl: api.url });
    await expect(client.searchPlayers('Xyz')).resolves.toEqual([]);
    await expect(client.searchPlayers('PepaOld')).resolves.toEqual([]);
    await expect(client.searchPlayers('zden')).resolves.toEqual([{ nick: 'Zdenek', uuid: RENAMED }]);
  });

  it('treats _ . * - as ordinary characters, not as patterns', async () => {
    const client = createApiClient({ baseUrl: api.url });
    // "_" is a LIKE wildcard, "*" a GLOB one: neither may match another character.
    await expect(client.searchPlayers('p_')).resolves.toEqual([]);
    expect((await client.searchPlayers('pe_')).map((p) => p.nick)).toEqual(['pe_pa']);
    expect((await client.searchPlayers('*')).map((p) => p.nick)).toEqual(['*Pepa_Bedrock']);
  });

  it('is a cached public read: envelope, ETag, Cache-Control and 304', async () => {
    const first = await get<{ status: number; data: PlayerSearchResult[] }>(
      `${api.url}/search/players?q=Karel`,
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 200, data: [{ nick: 'Karel', uuid: testUuid(7) }] });
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=[0-2]$/);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`${api.url}/search/players?q=Karel`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it.each([
    ['no q', '/search/players', 'Neplatný parametr q'],
    ['an empty q', '/search/players?q=', 'Neplatný parametr q'],
    ['a space', '/search/players?q=Pe%20pa', 'Neplatný parametr q'],
    ['a percent sign', '/search/players?q=Pe%25', 'Neplatný parametr q'],
    ['33 characters', `/search/players?q=${'a'.repeat(33)}`, 'Neplatný parametr q'],
    ['q twice', '/search/players?q=Pe&q=Ka', 'Parametr „q“ je v dotazu vícekrát.'],
    ['another parameter', '/search/players?q=Pe&limit=50', 'Neznámý parametr dotazu „limit“'],
  ])('answers 400 VALIDATION_FAILED in Czech for %s', async (_name, path, message) => {
    const answer = await get<{ status: number; error: string; message: string }>(`${api.url}${path}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, error: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(answer.body.message).toContain(message);
  });

  it('is not a profile lookup: /player/search is still the player named "search"', async () => {
    const answer = await get<{ error: string }>(`${api.url}/player/search`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('PLAYER_NOT_FOUND');
  });
});

describeEachDialect('GET /search/players under the public rate limit', (fx) => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, RATE_LIMIT_PUBLIC: '3' }),
    );
  });
  afterAll(async () => {
    await running?.close();
  });

  it('counts with the other public reads and answers 429 with Retry-After over the limit', async () => {
    const client = createApiClient({ baseUrl: running.url });
    await client.searchPlayers('a');
    await client.leaderboard('craftcoins');
    const third = await get(`${running.url}/search/players?q=b`);
    expect(third.status).toBe(200);
    expect(third.headers.get('ratelimit-remaining')).toBe('0');
    const error = await client.searchPlayers('c').catch((e: unknown) => e);
    expect(isApiError(error) && { status: error.status, code: error.code }).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(isApiError(error) && error.retryAfter).toBeGreaterThan(0);
  });
});
