import { TypeOrmStaffAccountRepository } from '@craftstats/persistence';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import {
  PLAYER_RANK,
  STAFF_RANK,
  TEST_ADMIN_KEY,
  TestPlayer,
  Ingestor,
  createPlayer,
  jwtPayload,
  median,
  postJson,
  setRank,
  startIngestor,
} from './support/accounts';

const REGISTER = '/account/register';
const LOGIN = '/account/login';

const PASSWORD_SET = { success: true, message: 'Heslo bylo úspěšně nastaveno!' };
const ADMIN_KEY_MISMATCH = { success: false, message: 'Adminkey se neshoduje s server AdminKey!' };
const UNKNOWN_USERNAME = { success: false, message: 'Neznámé uživatelské jméno!' };
const UPDATE_FAILED = { success: false, message: 'Update hesla selhal v API! Zkus to zachvilku!' };
const LOGIN_FAILED = { success: false, message: 'Neplatné uživatelské jméno nebo heslo!' };
const LOGIN_INVALID = { success: false, message: 'Neplatný požadavek: vyplň uživatelské jméno a heslo.' };
const REGISTER_INVALID = {
  success: false,
  message: 'Neplatný požadavek: vyplň uživatelské jméno, heslo a adminKey.',
};
const LOGIN_BODY = '{"username","password"}';
const REGISTER_BODY = '{"username","password","adminKey"}';
const missing = (field: string, shape: string) => ({
  success: false as const,
  message: `Neplatný požadavek: chybí pole "${field}" (tělo je ${shape}).`,
});
const notAllowed = (field: string, shape: string) => ({
  success: false as const,
  message: `Neplatný požadavek: pole "${field}" není povolené (tělo je ${shape}).`,
});
const notText = (field: string, max: number) => ({
  success: false as const,
  message: `Neplatný požadavek: pole "${field}" musí být text o 1 až ${max} znacích.`,
});
const MALFORMED = { success: false, message: 'Neplatný požadavek: tělo musí být JSON objekt.' };
const PASSWORD_POLICY = { success: false, message: 'Heslo musí mít 8 až 128 znaků.' };
const TOO_LARGE = { success: false, message: 'Tělo požadavku je příliš velké.' };
const UNSUPPORTED = {
  success: false,
  message: 'Nepodporovaný typ obsahu, použij application/json nebo application/x-www-form-urlencoded.',
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** An unknown field whose name is not shown (it is not a plain name). */
const NOT_ALLOWED_UNNAMED = {
  success: false,
  message: `Neplatný požadavek: tělo obsahuje pole, které není povolené (tělo je ${REGISTER_BODY}).`,
};
/** A form body as clients build it (URLSearchParams, PHP's http_build_query): UTF-8, percent-escaped. */
const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** Every password any test sends; none may ever appear in a log line or a response. */
const PASSWORDS = {
  pepa: 'Pepa-heslo-2026!',
  pepaNew: 'Nove-heslo-Pepy-77',
  jana: 'Janino tajne heslo',
  wrong: 'spatne-heslo-123',
  probe: 'heslo-ktere-se-neulozi',
  timing: 'mereni-casu-heslo',
  tom: 'Tomovo-heslo-99',
  short: 'Kratke7',
  ota: 'Otovo+heslo&2026=ok',
  otaCzech: 'Otovo žluťoučké heslo+1',
};

describeEachDialect('staff accounts: /account/register and /account/login', (fx) => {
  let running: RunningApp;
  let pepa: TestPlayer;
  let jana: TestPlayer;
  let karel: TestPlayer;
  let player: TestPlayer;
  /** Staff who never gets a password. */
  let eva: TestPlayer;
  const responses: string[] = [];

  const register = async (body: unknown, headers?: Record<string, string>) => {
    const res = await postJson(running.url, REGISTER, body, headers);
    responses.push(res.text);
    return res;
  };
  const login = async (body: unknown, headers?: Record<string, string>) => {
    const res = await postJson(running.url, LOGIN, body, headers);
    responses.push(res.text);
    return res;
  };

  let ingestor: Ingestor;

  beforeAll(async () => {
    ingestor = await startIngestor(fx.db.url);
    pepa = await createPlayer(ingestor, 1, 'Admin_Pepa', STAFF_RANK);
    jana = await createPlayer(ingestor, 2, 'Mod_Jana', '12');
    karel = await createPlayer(ingestor, 3, 'Helper_Karel', '15');
    player = await createPlayer(ingestor, 4, 'Obycejny_Hrac', PLAYER_RANK);
    eva = await createPlayer(ingestor, 6, 'Tester_Eva', '14');
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, ADMIN_KEY: TEST_ADMIN_KEY }),
    );
  });
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
  });

  describe('POST /account/register', () => {
    it('sets the password of a staff member: 200 with the message of the original API, stored only as an argon2id hash', async () => {
      const res = await register({
        username: 'Admin_Pepa',
        password: PASSWORDS.pepa,
        adminKey: TEST_ADMIN_KEY,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(PASSWORD_SET);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');

      const rows: Array<{ password_hash: string }> = await fx.dataSource.query(
        'SELECT s.password_hash FROM staff_accounts s JOIN players p ON p.id = s.player_id WHERE p.uuid = ?',
        [pepa.uuid],
      );
      expect(rows).toHaveLength(1);
      // The PHC string's parameters, in whatever order the argon2 build writes them.
      const params = /^\$argon2id\$v=19\$([^$]+)\$/.exec(rows[0].password_hash)?.[1]?.split(',').sort();
      expect(params).toEqual(['m=19456', 'p=1', 't=2']);
      expect(rows[0].password_hash).not.toContain(PASSWORDS.pepa);
    });

    it('answers 403 with the adminKey message for a wrong key, checked before the username (even an unknown one)', async () => {
      for (const adminKey of [
        'wrong',
        `${TEST_ADMIN_KEY}x`,
        TEST_ADMIN_KEY.slice(0, -1),
        TEST_ADMIN_KEY.toUpperCase(),
        'x'.repeat(1000),
      ]) {
        for (const username of ['Admin_Pepa', 'Nikdo_Takovy']) {
          const res = await register({ username, password: PASSWORDS.probe, adminKey });
          expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: ADMIN_KEY_MISMATCH });
        }
      }
      // The wrong key did not change Pepa's password.
      expect((await login({ username: 'Admin_Pepa', password: PASSWORDS.pepa })).status).toBe(200);
    });

    it('answers 404 with the unknown-username message for a nick nobody has and for a player who is not staff', async () => {
      for (const username of ['Nikdo_Takovy', player.nick, 'obycejny_hrac']) {
        const res = await register({ username, password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: UNKNOWN_USERNAME });
      }
    });

    it('finds the staff member case-insensitively and replaces an existing password', async () => {
      const res = await register({
        username: 'ADMIN_pepa',
        password: PASSWORDS.pepaNew,
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: PASSWORD_SET });
      expect((await login({ username: 'Admin_Pepa', password: PASSWORDS.pepa })).status).toBe(401);
      expect((await login({ username: 'admin_PEPA', password: PASSWORDS.pepaNew })).status).toBe(200);
    });

    it('enforces the password policy of 8 to 128 characters (counted as characters, not bytes) after the adminKey', async () => {
      const cases: Array<[string, number]> = [
        [PASSWORDS.short, 400],
        ['x'.repeat(129), 400],
        ['😀'.repeat(129), 400],
        ['Osm8znak', 200],
        ['x'.repeat(128), 200],
        ['😀'.repeat(8), 200],
        ['čřžýáíéů', 200],
      ];
      for (const [password, status] of cases) {
        const res = await register({ username: 'Helper_Karel', password, adminKey: TEST_ADMIN_KEY });
        expect({ password, status: res.status, body: res.body }).toEqual({
          password,
          status,
          body: status === 200 ? PASSWORD_SET : PASSWORD_POLICY,
        });
      }
      // A short password with a wrong adminKey is a 403: the key is checked first.
      const res = await register({ username: 'Helper_Karel', password: PASSWORDS.short, adminKey: 'wrong' });
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: ADMIN_KEY_MISMATCH });
      expect((await login({ username: karel.nick, password: 'čřžýáíéů' })).status).toBe(200);
    });

    it('answers 400 naming the missing, empty, mistyped or oversized field, with the expected body', async () => {
      const valid = { username: 'Mod_Jana', password: PASSWORDS.jana, adminKey: TEST_ADMIN_KEY };
      const cases: [unknown, { success: boolean; message: string }][] = [
        [{}, missing('username', REGISTER_BODY)],
        [{ username: 'Mod_Jana', password: PASSWORDS.jana }, missing('adminKey', REGISTER_BODY)],
        [{ username: 'Mod_Jana', adminKey: TEST_ADMIN_KEY }, missing('password', REGISTER_BODY)],
        [{ password: PASSWORDS.jana, adminKey: TEST_ADMIN_KEY }, missing('username', REGISTER_BODY)],
        [{ ...valid, username: '' }, notText('username', 64)],
        [{ ...valid, adminKey: '' }, notText('adminKey', 1024)],
        [{ ...valid, password: '' }, notText('password', 1024)],
        [{ ...valid, username: 42 }, notText('username', 64)],
        [{ ...valid, password: ['a', 'b'] }, notText('password', 1024)],
        [{ ...valid, adminKey: null }, notText('adminKey', 1024)],
        [{ ...valid, password: { value: PASSWORDS.jana } }, notText('password', 1024)],
        [{ ...valid, username: 'x'.repeat(65) }, notText('username', 64)],
        [{ ...valid, adminKey: 'k'.repeat(1025) }, notText('adminKey', 1024)],
      ];
      for (const [body, answer] of cases) {
        const res = await register(body);
        expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer });
      }
    });

    it('answers 400 for extra fields, including constructor and prototype keys, and for bodies that are not JSON objects', async () => {
      const valid = { username: 'Mod_Jana', password: PASSWORDS.jana, adminKey: TEST_ADMIN_KEY };
      for (const [raw, field] of [
        [JSON.stringify({ ...valid, role: 'admin' }), 'role'],
        [JSON.stringify({ ...valid, constructor: 'x' }), 'constructor'],
        [JSON.stringify({ ...valid, prototype: {} }), 'prototype'],
      ]) {
        const res = await register(raw);
        expect({ raw, status: res.status, body: res.body }).toEqual({
          raw,
          status: 400,
          body: notAllowed(field, REGISTER_BODY),
        });
      }
      for (const raw of [
        `{"username":"Mod_Jana","password":"${PASSWORDS.jana}","adminKey":"${TEST_ADMIN_KEY}","__proto__":{"admin":true}}`,
        `{"username":"Mod_Jana","password":"x","adminKey":"y","constructor":{"prototype":{"admin":true}}}`,
        '{"broken',
        '',
      ]) {
        const res = await register(raw);
        expect({ raw, status: res.status, body: res.body }).toEqual({ raw, status: 400, body: MALFORMED });
      }
      for (const raw of ['[]', '"text"', '42', 'null', JSON.stringify([valid])]) {
        const res = await register(raw);
        expect({ raw, status: res.status, body: res.body }).toEqual({
          raw,
          status: 400,
          body: REGISTER_INVALID,
        });
      }
      expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
      // None of this set Jana's password.
      expect((await login({ username: jana.nick, password: PASSWORDS.jana })).status).toBe(401);
    });

    it('answers 413 for a body over 16 KiB and 415 for a body that is neither JSON nor a form, in the account shape', async () => {
      const big = await register({
        username: 'Mod_Jana',
        password: 'x'.repeat(17 * 1024),
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: big.status, body: big.body }).toEqual({ status: 413, body: TOO_LARGE });

      const body = JSON.stringify({
        username: 'Mod_Jana',
        password: PASSWORDS.jana,
        adminKey: TEST_ADMIN_KEY,
      });
      for (const contentType of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
        const res = await register(body, { 'content-type': contentType });
        expect({ contentType, status: res.status, body: res.body }).toEqual({
          contentType,
          status: 415,
          body: UNSUPPORTED,
        });
      }
      const withCharset = await register(body, { 'content-type': 'application/json; charset=utf-8' });
      expect({ status: withCharset.status, body: withCharset.body }).toEqual({
        status: 200,
        body: PASSWORD_SET,
      });
    });

    it('answers 503 with the update-failed message when storing the hash fails, and 200 once storage works again', async () => {
      const mysql = fx.dialect === 'mysql';
      await fx.dataSource.query(
        mysql
          ? "CREATE TRIGGER fail_staff_insert BEFORE INSERT ON staff_accounts FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'simulated failure'"
          : "CREATE TRIGGER fail_staff_insert BEFORE INSERT ON staff_accounts BEGIN SELECT RAISE(ABORT, 'simulated failure'); END",
      );
      try {
        const sam = await createPlayer(ingestor, 5, 'Builder_Sam', '13');
        const res = await register({
          username: sam.nick,
          password: PASSWORDS.probe,
          adminKey: TEST_ADMIN_KEY,
        });
        expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: UPDATE_FAILED });
        expect(res.headers.get('retry-after')).toBe('5');
      } finally {
        await fx.dataSource.query('DROP TRIGGER fail_staff_insert');
      }
      const retry = await register({
        username: 'Builder_Sam',
        password: PASSWORDS.probe,
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: PASSWORD_SET });
    });

    it('answers the adminKey message to every key when the server has no ADMIN_KEY', async () => {
      const keyless = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: fx.db.url }));
      try {
        for (const adminKey of [TEST_ADMIN_KEY, 'anything', 'undefined', 'null']) {
          const res = await postJson(keyless.url, REGISTER, {
            username: 'Admin_Pepa',
            password: PASSWORDS.probe,
            adminKey,
          });
          responses.push(res.text);
          expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: ADMIN_KEY_MISMATCH });
        }
      } finally {
        await keyless.close();
      }
    });
  });

  describe('POST /account/login', () => {
    it('answers 200 with a message in the style of the original API and an HS256 token for sub, nick, rank and the password version, valid exactly 4 hours', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await login({ username: 'admin_pepa', password: PASSWORDS.pepaNew });
      const after = Math.floor(Date.now() / 1000);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = res.body as { success: boolean; message: string; token: string };
      expect(Object.keys(body).sort()).toEqual(['message', 'success', 'token']);
      expect(body.success).toBe(true);
      expect(body.message).toBe('Přihlášení proběhlo úspěšně!');

      const [header] = body.token.split('.');
      expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toEqual({
        alg: 'HS256',
        typ: 'JWT',
      });
      const claims = jwtPayload(body.token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'nick', 'pwd_at', 'rank', 'sub']);
      expect(claims).toMatchObject({ sub: pepa.uuid, nick: 'Admin_Pepa', rank: STAFF_RANK });
      // pwd_at: the stored set time of the password the login checked (ADR 0044).
      const stored = await new TypeOrmStaffAccountRepository(fx.dataSource).findByUuid(pepa.uuid);
      expect(claims['pwd_at']).toBe(stored?.passwordSetAt);
      expect(claims['exp'] as number).toBe((claims['iat'] as number) + 14_400);
      expect(claims['iat']).toBeGreaterThanOrEqual(before);
      expect(claims['iat']).toBeLessThanOrEqual(after);
    });

    it('answers 401 with one and the same message for an unknown user, a non-staff player, no password yet and a wrong password', async () => {
      const attempts = [
        { username: 'Nikdo_Takovy', password: PASSWORDS.wrong },
        { username: player.nick, password: PASSWORDS.wrong },
        { username: eva.nick, password: PASSWORDS.jana },
        { username: 'Admin_Pepa', password: PASSWORDS.wrong },
        { username: 'Admin_Pepa', password: PASSWORDS.pepaNew.toUpperCase() },
        { username: 'Admin_Pepa', password: `${PASSWORDS.pepaNew} ` },
      ];
      for (const attempt of attempts) {
        const res = await login(attempt);
        expect({ username: attempt.username, status: res.status, text: res.text }).toEqual({
          username: attempt.username,
          status: 401,
          text: JSON.stringify(LOGIN_FAILED),
        });
      }
    });

    it('refuses a staff member who was demoted, and accepts them again when promoted back', async () => {
      await setRank(ingestor, karel, PLAYER_RANK, Date.now());
      const demoted = await login({ username: karel.nick, password: 'čřžýáíéů' });
      expect({ status: demoted.status, body: demoted.body }).toEqual({ status: 401, body: LOGIN_FAILED });
      await setRank(ingestor, { ...karel, rank: PLAYER_RANK }, '15', Date.now() + 1);
      expect((await login({ username: karel.nick, password: 'čřžýáíéů' })).status).toBe(200);
    });

    it('answers 400 naming the missing, mistyped or extra field (the body is {"username","password"}), and for bodies that are not JSON objects', async () => {
      const cases: [unknown, { success: boolean; message: string }][] = [
        [{}, missing('username', LOGIN_BODY)],
        [{ username: 'Admin_Pepa' }, missing('password', LOGIN_BODY)],
        [{ password: PASSWORDS.pepaNew }, missing('username', LOGIN_BODY)],
        [{ username: '', password: PASSWORDS.pepaNew }, notText('username', 64)],
        [{ username: 'Admin_Pepa', password: '' }, notText('password', 1024)],
        [{ username: ['Admin_Pepa'], password: PASSWORDS.pepaNew }, notText('username', 64)],
        [{ username: 'Admin_Pepa', password: 12345678 }, notText('password', 1024)],
        [{ username: 'Admin_Pepa', password: true }, notText('password', 1024)],
        // What a newcomer guesses from the player endpoints: `nick` is not the login field.
        [{ nick: 'Admin_Pepa', password: PASSWORDS.pepaNew }, notAllowed('nick', LOGIN_BODY)],
        ['[]', LOGIN_INVALID],
        ['"Admin_Pepa"', LOGIN_INVALID],
      ];
      for (const [body, answer] of cases) {
        const res = await login(body);
        expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer });
      }
      const extra = await login({
        username: 'Admin_Pepa',
        password: PASSWORDS.pepaNew,
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: extra.status, body: extra.body }).toEqual({
        status: 400,
        body: notAllowed('adminKey', LOGIN_BODY),
      });
      const proto = await login(
        `{"username":"Admin_Pepa","password":"${PASSWORDS.pepaNew}","__proto__":{"x":1}}`,
      );
      expect({ status: proto.status, body: proto.body }).toEqual({ status: 400, body: MALFORMED });
      const text = await login('username=Admin_Pepa', { 'content-type': 'text/plain' });
      expect({ status: text.status, body: text.body }).toEqual({ status: 415, body: UNSUPPORTED });
      const big = await login({ username: 'Admin_Pepa', password: 'p'.repeat(20_000) });
      expect({ status: big.status, body: big.body }).toEqual({ status: 413, body: TOO_LARGE });
    });

    it('takes about as long for an unknown user as for a wrong password (medians within 25 %)', async () => {
      const timed = async (username: string): Promise<number> => {
        const start = process.hrtime.bigint();
        const res = await login({ username, password: PASSWORDS.timing });
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        expect(res.status).toBe(401);
        return ms;
      };
      // A staff member of its own with a password, so a wrong password really costs a verification.
      const tom = await createPlayer(ingestor, 7, 'Timer_Tom', STAFF_RANK);
      const set = await register({ username: tom.nick, password: PASSWORDS.tom, adminKey: TEST_ADMIN_KEY });
      expect(set.status).toBe(200);
      await timed('Nikdo_Takovy');
      await timed(tom.nick);
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 15; i++) {
        unknown.push(await timed(`Nikdo_${i}`));
        wrong.push(await timed(tom.nick));
      }
      const ratio = median(unknown) / median(wrong);
      expect(ratio).toBeGreaterThan(0.75);
      expect(ratio).toBeLessThan(1.25);
    });
  });

  describe('form bodies (application/x-www-form-urlencoded), as the old API took them', () => {
    const registerForm = (fields: Record<string, string> | string, headers = FORM) =>
      register(typeof fields === 'string' ? fields : form(fields), headers);
    const loginForm = (fields: Record<string, string> | string, headers = FORM) =>
      login(typeof fields === 'string' ? fields : form(fields), headers);

    it('sets a password and logs in with form bodies: the same answers, the same stored password as JSON', async () => {
      const ota = await createPlayer(ingestor, 8, 'Staff_Ota', '11');
      const set = await registerForm({
        username: 'staff_OTA',
        password: PASSWORDS.ota,
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: set.status, body: set.body }).toEqual({ status: 200, body: PASSWORD_SET });
      expect(set.headers.get('cache-control')).toBe('no-store');

      const viaForm = await loginForm({ username: 'Staff_Ota', password: PASSWORDS.ota });
      expect(viaForm.status).toBe(200);
      const token = (viaForm.body as { token: string }).token;
      expect(jwtPayload(token)).toMatchObject({ sub: ota.uuid, nick: 'Staff_Ota', rank: '11' });
      expect((await login({ username: 'Staff_Ota', password: PASSWORDS.ota })).status).toBe(200);

      const withCharset = await loginForm(
        { username: 'Staff_Ota', password: PASSWORDS.ota },
        { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      );
      expect(withCharset.status).toBe(200);
      // Czech letters and "+" arrive percent-escaped, and come out as the same password.
      const czech = await registerForm({
        username: 'Staff_Ota',
        password: PASSWORDS.otaCzech,
        adminKey: TEST_ADMIN_KEY,
      });
      expect(czech.status).toBe(200);
      expect((await login({ username: 'Staff_Ota', password: PASSWORDS.otaCzech })).status).toBe(200);
    });

    it('answers every failure with the status and message the same JSON body gets', async () => {
      const registerCases: Array<[Record<string, string>, number, { success: boolean; message: string }]> = [
        [{ username: 'Staff_Ota', password: PASSWORDS.probe, adminKey: 'wrong' }, 403, ADMIN_KEY_MISMATCH],
        [
          { username: 'Nikdo_Takovy', password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY },
          404,
          UNKNOWN_USERNAME,
        ],
        [
          { username: player.nick, password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY },
          404,
          UNKNOWN_USERNAME,
        ],
        [{ username: 'Staff_Ota', password: PASSWORDS.probe }, 400, missing('adminKey', REGISTER_BODY)],
        [{ username: '', password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY }, 400, notText('username', 64)],
        [
          { username: 'x'.repeat(65), password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY },
          400,
          notText('username', 64),
        ],
        [
          { username: 'Staff_Ota', password: PASSWORDS.short, adminKey: TEST_ADMIN_KEY },
          400,
          PASSWORD_POLICY,
        ],
        [
          { username: 'Staff_Ota', password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY, role: 'admin' },
          400,
          notAllowed('role', REGISTER_BODY),
        ],
      ];
      for (const [fields, status, body] of registerCases) {
        const viaForm = await registerForm(fields);
        const viaJson = await register(fields);
        expect({
          fields,
          form: [viaForm.status, viaForm.body],
          json: [viaJson.status, viaJson.body],
        }).toEqual({
          fields,
          form: [status, body],
          json: [status, body],
        });
      }
      const loginCases: Array<[Record<string, string>, number, { success: boolean; message: string }]> = [
        [{ username: 'Staff_Ota', password: PASSWORDS.wrong }, 401, LOGIN_FAILED],
        [{ username: 'Nikdo_Takovy', password: PASSWORDS.wrong }, 401, LOGIN_FAILED],
        [{ password: PASSWORDS.wrong }, 400, missing('username', LOGIN_BODY)],
        [{ nick: 'Staff_Ota', password: PASSWORDS.wrong }, 400, notAllowed('nick', LOGIN_BODY)],
      ];
      for (const [fields, status, body] of loginCases) {
        const viaForm = await loginForm(fields);
        const viaJson = await login(fields);
        expect({
          fields,
          form: [viaForm.status, viaForm.body],
          json: [viaJson.status, viaJson.body],
        }).toEqual({
          fields,
          form: [status, body],
          json: [status, body],
        });
      }
      // None of this changed the password.
      expect((await loginForm({ username: 'Staff_Ota', password: PASSWORDS.otaCzech })).status).toBe(200);
    });

    it('refuses a field sent twice and fields named __proto__ or constructor, polluting nothing', async () => {
      const valid = form({ username: 'Staff_Ota', password: PASSWORDS.probe, adminKey: TEST_ADMIN_KEY });
      const cases: Array<[string, { success: boolean; message: string }]> = [
        [`${valid}&username=Admin_Pepa`, notText('username', 64)],
        [`${valid}&adminKey=${TEST_ADMIN_KEY}`, notText('adminKey', 1024)],
        [`${valid}&__proto__=x`, notAllowed('__proto__', REGISTER_BODY)],
        [`__proto__%5Badmin%5D=1&${valid}`, NOT_ALLOWED_UNNAMED],
        [`${valid}&constructor=x`, notAllowed('constructor', REGISTER_BODY)],
      ];
      for (const [raw, body] of cases) {
        const res = await registerForm(raw);
        expect({ raw, status: res.status, body: res.body }).toEqual({ raw, status: 400, body });
      }
      expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
      expect((await loginForm({ username: 'Staff_Ota', password: PASSWORDS.probe })).status).toBe(401);
    });

    it('does not echo a JSON body sent as a form (its one field name holds the password and adminKey)', async () => {
      const json = JSON.stringify({
        username: 'Staff_Ota',
        password: PASSWORDS.probe,
        adminKey: TEST_ADMIN_KEY,
      });
      const res = await registerForm(json);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: NOT_ALLOWED_UNNAMED });
      expect(res.text).not.toContain(TEST_ADMIN_KEY);
    });

    it('keeps the 16 KiB body limit and refuses another charset than UTF-8 with 415', async () => {
      const big = await registerForm({
        username: 'Staff_Ota',
        password: 'x'.repeat(17 * 1024),
        adminKey: TEST_ADMIN_KEY,
      });
      expect({ status: big.status, body: big.body }).toEqual({ status: 413, body: TOO_LARGE });
      const latin2 = await loginForm(
        { username: 'Staff_Ota', password: PASSWORDS.otaCzech },
        { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-2' },
      );
      expect({ status: latin2.status, body: latin2.body }).toEqual({ status: 415, body: UNSUPPORTED });
    });
  });

  it('never writes a password into a log line or a response', () => {
    const logs = running.logger.lines.join('\n');
    expect(running.logger.lines.length).toBeGreaterThan(0);
    const everything = `${logs}\n${responses.join('\n')}`;
    for (const password of [...Object.values(PASSWORDS), 'čřžýáíéů', 'Osm8znak']) {
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(JSON.stringify(password).slice(1, -1));
    }
    // The log does record the requests themselves (so the check above looked at real lines).
    expect(logs).toContain('"route":"/account/login"');
    expect(logs).toContain('"route":"/account/register"');
  });
});
