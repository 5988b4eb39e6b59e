import { Logger } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@craftstats/contracts';
import { DomainError, StaffAccountRepository, StaffCredentials } from '@craftstats/domain';
import { Clock } from '@craftstats/platform';
import { testConfig } from '@craftstats/platform/testing';
import { AuthTokenService } from '../auth/auth-token.service';
import { toAccountError } from './accounts.errors';
import { PasswordHasher } from './accounts.credentials';
import { AccountsService } from './accounts.service';

/** The injected Clock's now: what a password's set time and a token's iat are taken from. */
const NOW = 1_795_000_000_000;

const STAFF: StaffCredentials = {
  playerId: 7,
  nick: 'Admin_Pepa',
  uuid: '00000000-0000-4000-8000-000000000001',
  rank: '10',
  passwordHash: 'stored-hash',
  passwordSetAt: 1_790_000_000_000,
};

function setup(found: StaffCredentials | null = STAFF) {
  const accounts = {
    findByNick: jest.fn().mockResolvedValue(found),
    setPasswordHash: jest.fn().mockResolvedValue(undefined),
  };
  const passwords = {
    hash: jest.fn().mockResolvedValue('new-hash'),
    verify: jest.fn().mockResolvedValue(true),
  };
  const tokens = { issue: jest.fn().mockResolvedValue('jwt') };
  const service = new AccountsService(
    testConfig({ ADMIN_KEY: 'the-admin-key' }),
    accounts as unknown as StaffAccountRepository,
    passwords as unknown as PasswordHasher,
    tokens as unknown as AuthTokenService,
    { now: () => NOW } as Clock,
  );
  return { service, accounts, passwords, tokens };
}

async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  const { status, body, headers } = toAccountError(error);
  return { status, body, headers };
}

beforeAll(() => Logger.overrideLogger(false));

/** The request's logger the controller passes (`@RequestLogger('Accounts')`). */
const log = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('AccountsService.register', () => {
  const request = { username: 'admin_pepa', password: 'dlouhe-heslo', adminKey: 'the-admin-key' };

  it('hashes the password and stores it for the staff member', async () => {
    const { service, accounts, passwords } = setup();
    await service.register(request, log);
    expect(passwords.hash).toHaveBeenCalledWith('dlouhe-heslo');
    expect(accounts.setPasswordHash).toHaveBeenCalledWith(7, 'new-hash', NOW);
    // Written to the request's logger (its lines carry the request id), never the password.
    expect(log.log).toHaveBeenCalledWith({ msg: 'Staff password set', nick: 'Admin_Pepa', uuid: STAFF.uuid });
  });

  it('checks the admin key before anything else: no lookup, no policy check', async () => {
    const { service, accounts } = setup();
    expect(
      await failure(service.register({ ...request, adminKey: 'wrong', password: 'short' }, log)),
    ).toEqual({
      status: 403,
      body: { success: false, message: ACCOUNT_MESSAGES.ADMIN_KEY_MISMATCH },
      headers: {},
    });
    expect(accounts.findByNick).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown nick and for a player whose rank is not staff', async () => {
    for (const found of [null, { ...STAFF, rank: '1' }]) {
      const { service, accounts } = setup(found);
      expect((await failure(service.register(request, log))).body).toEqual({
        success: false,
        message: ACCOUNT_MESSAGES.UNKNOWN_USERNAME,
      });
      expect(accounts.setPasswordHash).not.toHaveBeenCalled();
    }
  });

  it('answers 503 "update failed" with Retry-After when the lookup or the update throws', async () => {
    const lookupFails = setup();
    lookupFails.accounts.findByNick.mockRejectedValue(new Error('connection lost'));
    const updateFails = setup();
    updateFails.accounts.setPasswordHash.mockRejectedValue(new Error('deadlock'));
    for (const { service } of [lookupFails, updateFails]) {
      expect(await failure(service.register(request, log))).toEqual({
        status: 503,
        body: { success: false, message: ACCOUNT_MESSAGES.UPDATE_FAILED },
        headers: { 'retry-after': '5' },
      });
    }
  });
});

describe('AccountsService.login', () => {
  it('issues a token with the stored uuid, nick, rank and password version for a matching password', async () => {
    const { service, passwords, tokens } = setup();
    expect(await service.login({ username: 'ADMIN_PEPA', password: 'heslo' }, log)).toBe('jwt');
    expect(passwords.verify).toHaveBeenCalledWith('stored-hash', 'heslo', log);
    expect(log.log).toHaveBeenCalledWith({ msg: 'Staff logged in', nick: 'Admin_Pepa', uuid: STAFF.uuid });
    expect(tokens.issue).toHaveBeenCalledWith(
      { uuid: STAFF.uuid, nick: 'Admin_Pepa', rank: '10', passwordSetAt: STAFF.passwordSetAt },
      NOW,
    );
  });

  it('verifies against the dummy (null) hash for an unknown user, a non-staff player and a staff member without password', async () => {
    for (const found of [null, { ...STAFF, rank: '1' }, { ...STAFF, passwordHash: null }]) {
      const { service, passwords, tokens } = setup(found);
      expect(await failure(service.login({ username: 'x', password: 'heslo' }, log))).toEqual({
        status: 401,
        body: { success: false, message: ACCOUNT_MESSAGES.LOGIN_FAILED },
        headers: {},
      });
      expect(passwords.verify).toHaveBeenCalledTimes(1);
      expect(passwords.verify).toHaveBeenCalledWith(null, 'heslo', log);
      expect(tokens.issue).not.toHaveBeenCalled();
    }
  });

  it('fails a wrong password with the same 401', async () => {
    const { service, passwords } = setup();
    passwords.verify.mockResolvedValue(false);
    expect((await failure(service.login({ username: 'Admin_Pepa', password: 'spatne' }, log))).status).toBe(
      401,
    );
  });
});
