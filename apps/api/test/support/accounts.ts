import { createHmac } from 'node:crypto';
import { testUuid } from '@craftstats/persistence/testing';
import type { Ingestor } from './ingestor';

export type { Ingestor } from './ingestor';
export { startIngestor } from './ingestor';

/** The JWT secret of testConfig() / startAppProcess(). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_ADMIN_KEY = 'admin-key-for-tests-0123456789';
/** A staff rank of the default STAFF_RANK_IDS (10..15) and a rank that is not staff. */
export const STAFF_RANK = '10';
export const PLAYER_RANK = '1';
export const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

export interface TestPlayer {
  uuid: string;
  nick: string;
  rank: string;
}

/**
 * Registers a player and gives it a rank through PLAYER_UPDATE_RANK (staff iff the rank is in
 * STAFF_RANK_IDS), on the server `lobby` so that log filters by server can leave these rows out.
 */
export async function createPlayer(
  ingestor: Ingestor,
  n: number,
  nick: string,
  rank: string,
  date = T0,
): Promise<TestPlayer> {
  const uuid = testUuid(n);
  await ingestor.send([
    { action: 'ECONOMY_REGISTER', uuid, nick, server: 'lobby', date },
    {
      action: 'PLAYER_UPDATE_RANK',
      uuid,
      nick,
      server: 'lobby',
      old_value: '0',
      new_value: rank,
      date: date + 1,
    },
  ]);
  return { uuid, nick, rank };
}

export async function setRank(
  ingestor: Ingestor,
  player: TestPlayer,
  rank: string,
  date = T0 + 10_000,
): Promise<void> {
  await ingestor.send([
    {
      action: 'PLAYER_UPDATE_RANK',
      uuid: player.uuid,
      nick: player.nick,
      server: 'lobby',
      old_value: player.rank,
      new_value: rank,
      date,
    },
  ]);
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined when not JSON). */
  body: unknown;
}

async function answer(res: Response): Promise<HttpAnswer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** POST with a JSON body (or a raw string body with the given content type). */
export async function postJson(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return answer(
    await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    }),
  );
}

export async function get(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return answer(await fetch(`${baseUrl}${path}`, { headers }));
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Sets a password through the API and logs in; returns the token. */
export async function registerAndLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const registered = await postJson(baseUrl, '/account/register', {
    username,
    password,
    adminKey: TEST_ADMIN_KEY,
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const login = await postJson(baseUrl, '/account/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return (login.body as { token: string }).token;
}

const b64url = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Decodes a JWT's payload without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * Builds a JWT by hand, so tests can forge every kind of bad token: any header (alg none, HS512),
 * any claims (iat/exp in the past, no exp), any key. `alg: 'none'` gets an empty signature.
 */
export function craftJwt(
  claims: Record<string, unknown>,
  options: { alg?: 'HS256' | 'HS512' | 'none'; secret?: string; header?: Record<string, unknown> } = {},
): string {
  const alg = options.alg ?? 'HS256';
  const head = b64url({ alg, typ: 'JWT', ...options.header });
  const body = b64url(claims);
  if (alg === 'none') return `${head}.${body}.`;
  const hmac = createHmac(alg === 'HS512' ? 'sha512' : 'sha256', options.secret ?? TEST_JWT_SECRET);
  return `${head}.${body}.${hmac.update(`${head}.${body}`).digest('base64url')}`;
}

/** Claims like the API's for `player`, issued `ageSeconds` ago (exp = iat + 4 h). */
export function claimsFor(player: TestPlayer, ageSeconds = 0): Record<string, unknown> {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return { sub: player.uuid, nick: player.nick, rank: player.rank, iat, exp: iat + 4 * 60 * 60 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** POST from a chosen loopback address (127.0.0.x), so tests can act as several clients. */
export async function postJsonFrom(
  localAddress: string,
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<HttpAnswer> {
  return postRawFrom(localAddress, baseUrl, path, JSON.stringify(body), 'application/json');
}

/** POST of `payload` as is, with the given content type, from a chosen loopback address. */
export async function postRawFrom(
  localAddress: string,
  baseUrl: string,
  path: string,
  payload: string,
  contentType: string,
): Promise<HttpAnswer> {
  const { request } = await import('node:http');
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers, text, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
