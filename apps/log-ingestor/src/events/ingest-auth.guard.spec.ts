import * as crypto from 'node:crypto';
import { ExecutionContext, Logger } from '@nestjs/common';
import { DomainError } from '@craftstats/domain';
import { IngestorConfig, toErrorEnvelope } from '@craftstats/platform';
import { IngestAuthGuard, IngestTokens } from './ingest-auth.guard';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});
const timingSafeEqual = jest.mocked(crypto.timingSafeEqual);

const SURVIVAL = 'survival-token-0123456789';
const SKYBLOCK = 'skyblock-token-abcdefghij';
const CREDENTIALS = [
  { server: 'survival', token: SURVIVAL },
  { server: 'skyblock', token: SKYBLOCK },
];

function guardWith(ingestTokens: IngestorConfig['ingestTokens']): IngestAuthGuard {
  return new IngestAuthGuard({ ingestTokens } as IngestorConfig);
}

function contextFor(request: { headers: Record<string, string | undefined> }): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

function expectUnauthorized(run: () => unknown): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  const { envelope } = toErrorEnvelope(thrown);
  expect([envelope.status, envelope.error, envelope.message]).toEqual([
    401,
    'UNAUTHORIZED',
    'Chybí nebo je neplatný přístupový token.',
  ]);
}

afterEach(() => jest.restoreAllMocks());

describe('IngestTokens', () => {
  const tokens = new IngestTokens(CREDENTIALS);

  beforeEach(() => timingSafeEqual.mockClear());

  it('names the server whose token was presented', () => {
    expect(tokens.serverFor(SURVIVAL)).toBe('survival');
    expect(tokens.serverFor(SKYBLOCK)).toBe('skyblock');
  });

  it.each([
    ['a wrong token', 'survival-token-0123456780'],
    ['a prefix of a token', SURVIVAL.slice(0, -1)],
    ['a token with a suffix', `${SURVIVAL}x`],
    ['a token in another letter case', SURVIVAL.toUpperCase()],
    ['the server name', 'survival'],
    ['an empty token', ''],
  ])('matches no server for %s', (_label, presented) => {
    expect(tokens.serverFor(presented)).toBeNull();
  });

  it('compares SHA-256 digests with timingSafeEqual against every token, even after a match', () => {
    expect(tokens.serverFor(SURVIVAL)).toBe('survival');
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
    for (const [a, b] of timingSafeEqual.mock.calls) {
      expect([Buffer.from(a as Uint8Array).length, Buffer.from(b as Uint8Array).length]).toEqual([32, 32]);
    }
    expect(Buffer.from(timingSafeEqual.mock.calls[0][0] as Uint8Array).toString('hex')).toBe(
      crypto.createHash('sha256').update(SURVIVAL).digest('hex'),
    );
  });

  it('reads only the Bearer scheme, in any letter case, with the token alone', () => {
    expect(tokens.authenticate(`Bearer ${SURVIVAL}`)).toBe('survival');
    expect(tokens.authenticate(`bearer ${SKYBLOCK}`)).toBe('skyblock');
    expect(tokens.authenticate(`BEARER  ${SURVIVAL} `)).toBe('survival');
    expect(tokens.authenticate(undefined)).toBeNull();
    expect(tokens.authenticate('')).toBeNull();
    expect(tokens.authenticate(SURVIVAL)).toBeNull();
    expect(tokens.authenticate('Bearer')).toBeNull();
    expect(tokens.authenticate('Bearer ')).toBeNull();
    expect(tokens.authenticate(`Basic ${SURVIVAL}`)).toBeNull();
    expect(tokens.authenticate(`Bearer ${SURVIVAL} ${SKYBLOCK}`)).toBeNull();
    expect(tokens.authenticate(`Bearer ${SURVIVAL},${SKYBLOCK}`)).toBeNull();
  });

  it('is not configured without credentials and then matches nothing', () => {
    const none = new IngestTokens([]);
    expect(none.configured).toBe(false);
    expect(tokens.configured).toBe(true);
    expect(none.serverFor('')).toBeNull();
    expect(none.authenticate(`Bearer ${SURVIVAL}`)).toBeNull();
  });
});

describe('IngestAuthGuard', () => {
  it('admits a request with a configured token and records its server name on the request', () => {
    const request: { headers: Record<string, string | undefined> } = {
      headers: { authorization: `Bearer ${SKYBLOCK}` },
    };
    expect(guardWith(CREDENTIALS).canActivate(contextFor(request))).toBe(true);
    expect(
      Object.getOwnPropertySymbols(request).map((key) => (request as Record<symbol, unknown>)[key]),
    ).toEqual(['skyblock']);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer wrong-token-wrong-token'],
    ['another scheme', `Basic ${SURVIVAL}`],
  ])('refuses %s with 401 UNAUTHORIZED', (_label, authorization) => {
    expectUnauthorized(() => guardWith(CREDENTIALS).canActivate(contextFor({ headers: { authorization } })));
  });

  it('refuses every token when INGEST_TOKENS is empty', () => {
    expectUnauthorized(() =>
      guardWith([]).canActivate(contextFor({ headers: { authorization: `Bearer ${SURVIVAL}` } })),
    );
  });

  it('warns at start when no token is configured, and only then', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    guardWith(CREDENTIALS).onApplicationBootstrap();
    expect(warn).not.toHaveBeenCalled();
    guardWith([]).onApplicationBootstrap();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls[0])).toContain('INGEST_TOKENS is not set');
  });
});
