import { connect } from 'node:net';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { SECURITY_HEADERS } from '@craftstats/platform';
import { get } from './support/http';
import { useReadApi } from './support/read-api';

const INVALID_NICK = { status: 400, error: 'INVALID_NICK', message: 'Neplatný nick hráče.' };
const INVALID_UUID = { status: 400, error: 'INVALID_UUID', message: 'Neplatné UUID hráče.' };
const BAD_REQUEST = { status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' };
const NOT_FOUND = { status: 404, error: 'NOT_FOUND', message: 'Požadovaný zdroj neexistuje.' };
const PLAYER_NOT_FOUND = { status: 404, error: 'PLAYER_NOT_FOUND', message: 'Hráč nebyl nalezen.' };

/** Sends `request` as raw bytes and returns everything the server wrote until it closed the connection. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** [path as sent on the wire (already %-encoded), expected envelope] */
const CASES: [string, object][] = [
  // Nicks
  [`/player/${'a'.repeat(33)}`, INVALID_NICK],
  [`/player/${'a'.repeat(500)}`, INVALID_NICK],
  [`/player/${'a'.repeat(600)}`, BAD_REQUEST], // over the router's 500-character parameter limit
  ['/player/%C5%BDlu%C5%A5ou%C4%8Dk%C3%BD', INVALID_NICK], // "Žluťoučký"
  ['/player/%F0%9F%92%A9', INVALID_NICK], // an emoji
  ['/player/abc%00def', INVALID_NICK],
  ['/player/%00', INVALID_NICK],
  ["/player/'%20OR%201=1--", INVALID_NICK],
  ['/player/x%27%3B%20DROP%20TABLE%20players%3B--', INVALID_NICK],
  ['/player/..%2F..%2Fetc%2Fpasswd', INVALID_NICK],
  ['/player/%3Cscript%3Ealert(1)%3C%2Fscript%3E', INVALID_NICK],
  ['/player/%E0%A4%A', BAD_REQUEST], // a broken %-escape
  ['/player/%', BAD_REQUEST],
  // UUIDs
  ["/player/uuid/'%20OR%20'1'='1", INVALID_UUID],
  ['/player/uuid/not-a-uuid', INVALID_UUID],
  ['/player/uuid/0000000-00000-4000-8000-000000000001', INVALID_UUID], // right length, wrong groups
  ['/player/uuid/00000000-00004-000-8000-000000000001', INVALID_UUID],
  ['/player/uuid/00000000-0000-4000-8000-00000000000g', INVALID_UUID],
  ['/player/uuid/00000000-0000-4000-8000-0000000000011', INVALID_UUID],
  ['/player/uuid/0000000000004000800000000000001', INVALID_UUID], // 31 hex digits
  ['/player/uuid/00000000000040008000000000000001a', INVALID_UUID], // 33 hex digits
  ['/player/uuid/%7B00000000-0000-4000-8000-000000000001%7D', INVALID_UUID], // braces
  ['/player/uuid/urn:uuid:00000000-0000-4000-8000-000000000001', INVALID_UUID],
  ['/player/uuid/%2000000000-0000-4000-8000-000000000001', INVALID_UUID], // leading space
  ['/player/uuid/00000000-0000-4000-8000-000000000001%00', INVALID_UUID],
  [`/player/uuid/${'0'.repeat(600)}`, BAD_REQUEST],
  // Well-formed but unknown
  ['/player/Nikdo', PLAYER_NOT_FOUND],
  ['/player/uuid/00000000-0000-3000-8000-00000000abcd', PLAYER_NOT_FOUND],
  // Paths that do not exist
  ['/player/', NOT_FOUND],
  ['/player', NOT_FOUND],
  ['/player/uuid/', NOT_FOUND],
  ['/player/uuid/00000000-0000-4000-8000-000000000001/extra', NOT_FOUND],
  ['/economy/leaderboard/unknown', NOT_FOUND],
  ['/economy/leaderboard/CRAFTCOINS', NOT_FOUND],
  ['/economy/leaderboard/karma', NOT_FOUND],
  ['/economy/leaderboard/', NOT_FOUND],
  ['/economy/leaderboard/craftcoins/', NOT_FOUND],
  ['/economy/leaderboard/craftcoins%00', NOT_FOUND],
  ['/server/playercount/', NOT_FOUND],
  ['/economy/logs', NOT_FOUND],
  ['/definitely/not/here', NOT_FOUND],
];

describeEachDialect('bad input to the public read API', (fx) => {
  const api = useReadApi(fx, { now: Date.UTC(2026, 10, 18, 12), ingestor: false });

  it.each(CASES)('GET %s answers its 4xx envelope, never a 500', async (path, expected) => {
    const res = await get(`${api.url}${path}`);
    expect(res.body).toEqual(expected);
    expect(res.status).toBe((expected as { status: number }).status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a POST to a read endpoint with the 404 envelope', async () => {
    const res = await fetch(`${api.url}/economy/log`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('ignores query parameters: the endpoints take none (the limit stays 50)', async () => {
    const res = await get(`${api.url}/economy/leaderboard/craftcoins?limit=100000&offset=-1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, data: [] });
  });

  it('answers a request Node cannot parse with a complete raw 400 BAD_REQUEST envelope and closes the connection', async () => {
    const raw = await rawRequest(api.url, 'GARBAGE\r\n\r\n');
    const body = JSON.stringify(BAD_REQUEST);
    expect(raw).toBe(
      [
        'HTTP/1.1 400 Bad Request',
        // helmet's headers, as on every answer
        ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    expect(JSON.parse(body)).toEqual({ status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' });
  });

  it('answers a 20 KB query string (headers over 16 KiB) with 431 and the BAD_REQUEST envelope', async () => {
    const res = await fetch(`${api.url}/economy/log?a=${'x'.repeat(20_000)}`);
    const text = await res.text();
    expect(res.status).toBe(431);
    expect(JSON.parse(text)).toEqual({
      status: 431,
      error: 'BAD_REQUEST',
      message: 'Hlavičky nebo adresa požadavku jsou příliš dlouhé.',
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('connection')).toBe('close');
    // The server itself is fine: the next request on a new connection is answered normally.
    expect((await get(`${api.url}/server/uniqueplayers`)).body).toEqual({ status: 200, data: { amount: 0 } });
  });

  it('survives a burst of hostile requests and still answers normally', async () => {
    const answers = await Promise.all(CASES.map(([path]) => get(`${api.url}${path}`)));
    expect(answers.every((res) => res.status >= 400 && res.status < 500)).toBe(true);
    expect((await get(`${api.url}/server/uniqueplayers`)).body).toEqual({ status: 200, data: { amount: 0 } });
  });
});

describeEachDialect('rate limit of the public read endpoints (RATE_LIMIT_PUBLIC=4)', (fx) => {
  const api = useReadApi(fx, {
    now: Date.UTC(2026, 10, 18, 12),
    ingestor: false,
    env: { RATE_LIMIT_PUBLIC: '4' },
  });
  const limits = (headers: Headers) => ({
    limit: headers.get('ratelimit-limit'),
    remaining: headers.get('ratelimit-remaining'),
  });

  it('counts every public read of a client in one budget, 304 and 4xx answers included, then answers 429', async () => {
    const first = await get(`${api.url}/economy/leaderboard/craftcoins`);
    expect(first.status).toBe(200);
    expect(limits(first.headers)).toEqual({ limit: '4', remaining: '3' });
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    const notModified = await get(`${api.url}/economy/leaderboard/craftcoins`, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    expect(notModified.status).toBe(304);
    expect(limits(notModified.headers)).toEqual({ limit: '4', remaining: '2' });

    const invalid = await get(`${api.url}/player/uuid/nope`);
    expect(invalid.status).toBe(400);
    expect(limits(invalid.headers)).toEqual({ limit: '4', remaining: '1' });

    const last = await get(`${api.url}/server/playercount`);
    expect(last.status).toBe(200);
    expect(limits(last.headers)).toEqual({ limit: '4', remaining: '0' });

    for (const path of [
      // Its answer is fresh and remembered for this target (ADR 0075): refused all the same.
      '/economy/leaderboard/craftcoins',
      '/economy/log',
      '/achievements/log',
      '/server/stafflist',
      '/server/uniqueplayers',
      '/player/Pepa',
    ]) {
      const res = await get(`${api.url}${path}`);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        status: 429,
        error: 'RATE_LIMITED',
        message: 'Příliš mnoho požadavků. Zkus to znovu za chvíli.',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limits(res.headers)).toEqual({ limit: '4', remaining: '0' });
    }
  });
});
