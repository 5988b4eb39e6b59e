import { TypeOrmStaffAccountRepository } from '@craftstats/persistence';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import {
  PLAYER_RANK,
  postJson,
  STAFF_RANK,
  TEST_ADMIN_KEY,
  TestPlayer,
  bearer,
  claimsFor,
  craftJwt,
  Ingestor,
  createPlayer,
  get,
  jwtPayload,
  registerAndLogin,
  setRank,
  startIngestor,
} from './support/accounts';

const ME = '/account/me';
const UNAUTHORIZED = {
  status: 401,
  error: 'UNAUTHORIZED',
  message: 'Chybí nebo je neplatný přístupový token.',
};
const EXPIRED = {
  status: 401,
  error: 'UNAUTHORIZED',
  message: 'Platnost přístupového tokenu vypršela, přihlas se znovu.',
};
const HOUR = 60 * 60;

/** Resolves once the wall clock has entered a later second than `second` (at most ~1 s). */
async function afterSecond(second: number): Promise<void> {
  while (Math.floor(Date.now() / 1000) <= second) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  }
}

describeEachDialect('staff authentication: JWT on /account/me', (fx) => {
  let running: RunningApp;
  let pepa: TestPlayer;
  let jana: TestPlayer;
  let nobody: TestPlayer;
  let token: string;

  const me = (headers: Record<string, string>) => get(running.url, ME, headers);
  /** The stored password version (set time, ms) of a staff member, as a login puts it in `pwd_at`. */
  const passwordVersion = async (player: TestPlayer): Promise<number> => {
    const stored = await new TypeOrmStaffAccountRepository(fx.dataSource).findByUuid(player.uuid);
    if (typeof stored?.passwordSetAt !== 'number') throw new Error(`${player.nick} has no password`);
    return stored.passwordSetAt;
  };
  /** Claims like a login's for `player` now, issued `ageSeconds` ago, under the current password. */
  const currentClaims = async (player: TestPlayer, ageSeconds = 0): Promise<Record<string, unknown>> => ({
    ...claimsFor(player, ageSeconds),
    pwd_at: await passwordVersion(player),
  });

  let ingestor: Ingestor;

  beforeAll(async () => {
    ingestor = await startIngestor(fx.db.url);
    pepa = await createPlayer(ingestor, 1, 'Admin_Pepa', STAFF_RANK);
    jana = await createPlayer(ingestor, 2, 'Mod_Jana', '12');
    nobody = await createPlayer(ingestor, 6, 'Jen_Hrac', PLAYER_RANK);
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, ADMIN_KEY: TEST_ADMIN_KEY }),
    );
    token = await registerAndLogin(running.url, 'Admin_Pepa', 'Pepa-heslo-2026!');
  });
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
  });

  it('answers /account/me with nick, uuid, rank and the token expiry in ms for a Bearer token', async () => {
    const res = await me(bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const exp = jwtPayload(token)['exp'] as number;
    expect(res.body).toEqual({
      status: 200,
      data: { nick: 'Admin_Pepa', uuid: pepa.uuid, rank: STAFF_RANK, expiresAt: exp * 1000 },
    });
  });

  it('accepts the token in the x-access-token header too, and a lower-case bearer scheme', async () => {
    const styles: Array<Record<string, string>> = [
      { 'x-access-token': token },
      { authorization: `bearer ${token}` },
    ];
    for (const headers of styles) {
      const res = await me(headers);
      expect(res.status).toBe(200);
      expect((res.body as { data: { uuid: string } }).data.uuid).toBe(pepa.uuid);
    }
  });

  it('issues tokens that live exactly 4 hours: exp - iat = 14400', () => {
    const claims = jwtPayload(token);
    expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(14_400);
  });

  it('accepts a token issued 3 h 59 min ago and refuses one issued 4 h ago or earlier as expired', async () => {
    const young = await me(bearer(craftJwt(await currentClaims(pepa, 4 * HOUR - 60))));
    expect(young.status).toBe(200);
    expect((young.body as { data: { expiresAt: number } }).data.expiresAt).toBeGreaterThan(Date.now());

    for (const age of [4 * HOUR, 4 * HOUR + 1, 5 * HOUR, 30 * 24 * HOUR]) {
      const res = await me(bearer(craftJwt(await currentClaims(pepa, age))));
      expect({ age, status: res.status, body: res.body }).toEqual({ age, status: 401, body: EXPIRED });
    }
  });

  it('answers 401 UNAUTHORIZED with WWW-Authenticate for a missing, malformed or forged token', async () => {
    const claims = await currentClaims(pepa);
    const [head, , signature] = token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...jwtPayload(token), rank: '15' })).toString('base64url')}.${signature}`;
    const { exp: _exp, ...noExp } = claims;
    const cases: Record<string, Record<string, string>> = {
      'no header': {},
      'empty bearer': { authorization: 'Bearer ' },
      'basic scheme': { authorization: `Basic ${token}` },
      'token without scheme': { authorization: token },
      garbage: bearer('not-a-jwt'),
      'three dots of garbage': bearer('a.b.c'),
      'alg none': bearer(craftJwt(claims, { alg: 'none' })),
      'alg none with a signature': bearer(`${craftJwt(claims, { alg: 'none' })}${signature}`),
      'HS512 with the right secret': bearer(craftJwt(claims, { alg: 'HS512' })),
      'wrong secret': bearer(craftJwt(claims, { secret: 'another-secret-another-secret-0123456' })),
      'tampered payload': bearer(tampered),
      'missing exp': bearer(craftJwt(noExp)),
      'lifetime longer than 4 h': bearer(craftJwt({ ...claims, exp: (claims['iat'] as number) + 8 * HOUR })),
      'sub is not a uuid': bearer(craftJwt({ ...claims, sub: 'Admin_Pepa' })),
      'sub of an unknown player': bearer(
        craftJwt({ ...claims, sub: '00000000-0000-4000-8000-00000000ffff' }),
      ),
      'sub of a player who is not staff': bearer(craftJwt({ ...claims, sub: nobody.uuid })),
      'bad x-access-token': { 'x-access-token': 'garbage' },
      'tampered x-access-token': { 'x-access-token': tampered },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const res = await me(headers);
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: UNAUTHORIZED });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('refuses a correctly signed 4 h token whose iat lies in the future', async () => {
    for (const ahead of [60, HOUR, 100 * HOUR]) {
      const res = await me(bearer(craftJwt(await currentClaims(pepa, -ahead))));
      expect({ ahead, status: res.status, body: res.body }).toEqual({
        ahead,
        status: 401,
        body: UNAUTHORIZED,
      });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    // The same claims issued now are fine: only the future iat is refused.
    expect((await me(bearer(craftJwt(await currentClaims(pepa))))).status).toBe(200);
  });

  it('refuses tokens issued before a password change and accepts the login that follows it', async () => {
    const olga = await createPlayer(ingestor, 4, 'Helper_Olga', '11');
    const tokenA = await registerAndLogin(running.url, 'Helper_Olga', 'Olzino-prvni-heslo');
    expect((await me(bearer(tokenA))).status).toBe(200);

    // The new password is set in a later second than token A was issued.
    await afterSecond(jwtPayload(tokenA)['iat'] as number);
    const tokenB = await registerAndLogin(running.url, 'Helper_Olga', 'Olzino-druhe-heslo');
    const revoked = await me(bearer(tokenA));
    expect({ status: revoked.status, body: revoked.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    const current = await me(bearer(tokenB));
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      status: 200,
      data: {
        nick: 'Helper_Olga',
        uuid: olga.uuid,
        rank: '11',
        expiresAt: (jwtPayload(tokenB)['exp'] as number) * 1000,
      },
    });
    expect(
      (
        await postJson(running.url, '/account/login', {
          username: 'Helper_Olga',
          password: 'Olzino-prvni-heslo',
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a token issued in the same second as the password change, before it, and accepts the login right after it', async () => {
    const karel = await createPlayer(ingestor, 5, 'Helper_Karel', '11');
    let password = 'Karlovo-heslo-2026';
    await registerAndLogin(running.url, 'Helper_Karel', password);
    // Log in, change the password, log in again — all within one wall-clock second (retried when a
    // second boundary falls in between), so `iat` alone cannot tell the two tokens apart.
    let before = '';
    let after = '';
    for (let attempt = 0; attempt < 5; attempt++) {
      await afterSecond(Math.floor(Date.now() / 1000));
      const login = await postJson(running.url, '/account/login', { username: 'Helper_Karel', password });
      before = (login.body as { token: string }).token;
      password = `Karlovo-heslo-${attempt}`;
      after = await registerAndLogin(running.url, 'Helper_Karel', password);
      if (jwtPayload(before)['iat'] === jwtPayload(after)['iat']) break;
    }
    expect(jwtPayload(before)['iat']).toBe(jwtPayload(after)['iat']);

    const revoked = await me(bearer(before));
    expect({ status: revoked.status, body: revoked.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    const current = await me(bearer(after));
    expect({
      status: current.status,
      uuid: (current.body as { data?: { uuid: string } }).data?.uuid,
    }).toEqual({
      status: 200,
      uuid: karel.uuid,
    });
  });

  it('refuses a correctly signed token without the current password version, whatever its iat', async () => {
    const vit = await createPlayer(ingestor, 8, 'Helper_Vit', '11');
    await registerAndLogin(running.url, 'Helper_Vit', 'Vitovo-heslo-2026');
    const version = await passwordVersion(vit);
    const claims = claimsFor(vit);
    expect((await me(bearer(craftJwt({ ...claims, pwd_at: version })))).status).toBe(200);
    const cases: Record<string, Record<string, unknown>> = {
      'no pwd_at': claims,
      'an earlier version': { ...claims, pwd_at: version - 1 },
      'a later version': { ...claims, pwd_at: version + 1 },
      'the version as text': { ...claims, pwd_at: String(version) },
    };
    for (const [name, payload] of Object.entries(cases)) {
      const res = await me(bearer(craftJwt(payload)));
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: UNAUTHORIZED });
    }
  });

  it('refuses a valid token of a staff member who was demoted, and accepts it again after promotion', async () => {
    const janaToken = await registerAndLogin(running.url, 'Mod_Jana', 'Janino tajne heslo');
    expect((await me(bearer(janaToken))).status).toBe(200);

    await setRank(ingestor, jana, PLAYER_RANK, Date.now());
    const demoted = await me(bearer(janaToken));
    expect({ status: demoted.status, body: demoted.body }).toEqual({ status: 401, body: UNAUTHORIZED });

    await setRank(ingestor, { ...jana, rank: PLAYER_RANK }, '13', Date.now() + 1);
    const promoted = await me(bearer(janaToken));
    expect(promoted.status).toBe(200);
    // /account/me shows the current rank, not the one in the token.
    expect((promoted.body as { data: { rank: string } }).data.rank).toBe('13');
  });

  it('keeps the account and every token when the staff member changes nick: same password under the new nick', async () => {
    const eva = await createPlayer(ingestor, 3, 'Tester_Eva', '14');
    const evaToken = await registerAndLogin(running.url, 'Tester_Eva', 'Evino-heslo-42');
    await ingestor.send([
      { action: 'ECONOMY_CHANGE_NAME', uuid: eva.uuid, nick: 'Tester_Eva2', date: Date.now() },
    ]);
    const res = await me(bearer(evaToken));
    expect({ status: res.status, nick: (res.body as { data: { nick: string } }).data.nick }).toEqual({
      status: 200,
      nick: 'Tester_Eva2',
    });
    const login = await postJson(running.url, '/account/login', {
      username: 'Tester_Eva2',
      password: 'Evino-heslo-42',
    });
    expect(login.status).toBe(200);
    expect(jwtPayload((login.body as { token: string }).token)).toMatchObject({
      sub: eva.uuid,
      nick: 'Tester_Eva2',
    });
    // The old nick no longer logs in: nobody holds it.
    expect(
      (await postJson(running.url, '/account/login', { username: 'Tester_Eva', password: 'Evino-heslo-42' }))
        .status,
    ).toBe(401);
  });

  it('locks nobody out when another player shows up under a staff member’s nick: login, tokens and the profile stay theirs', async () => {
    const marta = await createPlayer(ingestor, 17, 'Admin_Marta', '15');
    const martaToken = await registerAndLogin(running.url, 'Admin_Marta', 'Martino-heslo-2026');
    // A different uuid (e.g. a cracked client) plays and votes under the same nick, later.
    const impostor = '7b8c3b0e-1d2f-3a4b-9c5d-6e7f8a9b0c1d';
    await ingestor.send([
      { action: 'PLAYER_JOIN', uuid: impostor, nick: 'Admin_Marta', server: 'lobby', date: Date.now() },
      {
        action: 'PLAYER_VOTE',
        uuid: impostor,
        nick: 'admin_marta',
        site: 'craftlist.org',
        date: Date.now() + 1,
      },
    ]);
    expect((await me(bearer(martaToken))).status).toBe(200);
    const login = await postJson(running.url, '/account/login', {
      username: 'Admin_Marta',
      password: 'Martino-heslo-2026',
    });
    expect(login.status).toBe(200);
    expect(jwtPayload((login.body as { token: string }).token)['sub']).toBe(marta.uuid);
    const profile = await get(running.url, '/player/admin_marta', {});
    expect((profile.body as { data: { uuid: string } }).data.uuid).toBe(marta.uuid);
  });

  it('logs in the staff member with a password even when another player has since registered under that nick', async () => {
    const filip = await createPlayer(ingestor, 18, 'Mod_Filip', '12');
    const filipToken = await registerAndLogin(running.url, 'Mod_Filip', 'Filipovo-heslo-77');
    const newcomer = '5a1e2b3c-4d5e-4f60-8172-8394a5b6c7d8';
    await ingestor.send([
      { action: 'ECONOMY_REGISTER', uuid: newcomer, nick: 'Mod_Filip', date: Date.now() },
    ]);
    // The newcomer holds the nick now (a registration claims it) …
    const profile = await get(running.url, '/player/Mod_Filip', {});
    expect((profile.body as { data: { uuid: string } }).data.uuid).toBe(newcomer);
    // … but the login resolves among the players with a staff password first, and tokens go by uuid.
    const login = await postJson(running.url, '/account/login', {
      username: 'mod_filip',
      password: 'Filipovo-heslo-77',
    });
    expect(login.status).toBe(200);
    expect(jwtPayload((login.body as { token: string }).token)['sub']).toBe(filip.uuid);
    expect((await me(bearer(filipToken))).status).toBe(200);
  });

  it('refuses the token once the staff account row is deleted, on the account and the panel', async () => {
    const ema = await createPlayer(ingestor, 7, 'Helper_Ema', '11');
    const emaToken = await registerAndLogin(running.url, 'Helper_Ema', 'Emino-heslo-2026');
    expect((await me(bearer(emaToken))).status).toBe(200);
    expect((await get(running.url, '/panel/economy/log', bearer(emaToken))).status).toBe(200);

    await fx.dataSource.query(
      'DELETE FROM staff_accounts WHERE player_id = (SELECT id FROM players WHERE uuid = ?)',
      [ema.uuid],
    );
    for (const path of [ME, '/panel/economy/log']) {
      const res = await get(running.url, path, bearer(emaToken));
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: UNAUTHORIZED });
    }
  });

  it('logs no warning about JWT_SECRET when one is configured', () => {
    expect(running.logger.lines.filter((line) => line.includes('JWT_SECRET'))).toEqual([]);
  });

  it('logs a warning at start when JWT_SECRET is missing, and its random key rejects tokens of other instances', async () => {
    const unkeyed = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, JWT_SECRET: undefined }),
    );
    try {
      const warnings = unkeyed.logger.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l['level'] === 'warn' && String(l['msg']).includes('JWT_SECRET'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ context: 'Auth', variable: 'JWT_SECRET' });
      expect(warnings[0]['msg']).toContain('JWT_SECRET is not set');
      const res = await get(unkeyed.url, ME, bearer(token));
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    } finally {
      await unkeyed.close();
    }
  });
});
