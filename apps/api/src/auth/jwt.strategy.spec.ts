import { StaffAccountRepository, StaffCredentials } from '@craftstats/domain';
import { Clock } from '@craftstats/platform';
import { testConfig } from '@craftstats/platform/testing';
import { JwtStrategy } from './jwt.strategy';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const STAFF: StaffCredentials = {
  playerId: 1,
  nick: 'Admin_Pepa',
  uuid: UUID,
  rank: '10',
  passwordHash: 'h',
  passwordSetAt: (1_800_000_000 - 3600) * 1000,
};
const IAT = 1_800_000_000;
const CLAIMS = {
  sub: UUID,
  nick: 'Admin_Pepa',
  rank: '10',
  iat: IAT,
  exp: IAT + 14_400,
  pwd_at: STAFF.passwordSetAt as number,
};
/** "Now" of these tests: one minute after the token was issued. */
const NOW_MS = (IAT + 60) * 1000;

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW_MS));
afterEach(() => jest.restoreAllMocks());

function strategy(found: StaffCredentials | null = STAFF) {
  const accounts = {
    findByNick: jest.fn(),
    findByUuid: jest.fn().mockResolvedValue(found),
    setPasswordHash: jest.fn(),
  };
  const clock = { now: () => Date.now() } as Clock;
  return {
    strategy: new JwtStrategy(testConfig(), accounts as unknown as StaffAccountRepository, clock),
    accounts,
  };
}

describe('JwtStrategy.validate', () => {
  it('returns the current staff member with the token expiry in ms', async () => {
    const { strategy: s, accounts } = strategy({ ...STAFF, rank: '12' });
    expect(await s.validate(CLAIMS)).toEqual({
      uuid: UUID,
      nick: 'Admin_Pepa',
      rank: '12',
      expiresAt: (IAT + 14_400) * 1000,
    });
    expect(accounts.findByUuid).toHaveBeenCalledWith(UUID);
    expect(accounts.findByNick).not.toHaveBeenCalled();
  });

  it('refuses malformed claims without looking anything up', async () => {
    const { exp: _exp, ...noExp } = CLAIMS;
    const { iat: _iat, ...noIat } = CLAIMS;
    const { pwd_at: _pwdAt, ...noPasswordVersion } = CLAIMS;
    const bad: unknown[] = [
      null,
      'text',
      noExp,
      noIat,
      noPasswordVersion,
      { ...CLAIMS, pwd_at: String(CLAIMS.pwd_at) },
      { ...CLAIMS, pwd_at: CLAIMS.pwd_at + 0.5 },
      { ...CLAIMS, pwd_at: null },
      { ...CLAIMS, exp: IAT + 14_401 },
      { ...CLAIMS, exp: String(IAT + 14_400) },
      { ...CLAIMS, iat: 1.5, exp: 14_401.5 },
      { ...CLAIMS, sub: UUID.toUpperCase() },
      { ...CLAIMS, sub: UUID.replace(/-/g, '') },
      { ...CLAIMS, nick: '' },
      { ...CLAIMS, nick: 7 },
      { ...CLAIMS, rank: 10 },
    ];
    const { strategy: s, accounts } = strategy();
    for (const [index, payload] of bad.entries())
      expect({ index, result: await s.validate(payload) }).toEqual({ index, result: false });
    expect(accounts.findByUuid).not.toHaveBeenCalled();
  });

  it('accepts an iat up to 5 s ahead of the clock and refuses one further ahead without looking anything up', async () => {
    const at = (iat: number) => ({ ...CLAIMS, iat, exp: iat + 14_400 });
    jest.spyOn(Date, 'now').mockReturnValue(IAT * 1000);
    const { strategy: s, accounts } = strategy();
    expect(await s.validate(at(IAT))).toMatchObject({ uuid: UUID });
    expect(await s.validate(at(IAT + 5))).toMatchObject({ uuid: UUID });
    expect(accounts.findByUuid).toHaveBeenCalledTimes(2);
    for (const iat of [IAT + 6, IAT + 60, IAT + 100 * 3600])
      expect({ iat, result: await s.validate(at(iat)) }).toEqual({ iat, result: false });
    expect(accounts.findByUuid).toHaveBeenCalledTimes(2);
  });

  it('accepts only the password version (pwd_at) that is stored now, whatever the iat', async () => {
    const setAt = (IAT + 10) * 1000 + 250; // the password was set 10.25 s after IAT
    const { strategy: s } = strategy({ ...STAFF, passwordSetAt: setAt });
    const at = (iat: number, pwdAt: number) => ({ ...CLAIMS, iat, exp: iat + 14_400, pwd_at: pwdAt });
    // Issued under the current password, even from an instance whose clock is a few seconds behind.
    expect(await s.validate(at(IAT + 10, setAt))).toMatchObject({ uuid: UUID });
    expect(await s.validate(at(IAT + 8, setAt))).toMatchObject({ uuid: UUID });
    // Issued under the previous password — in the same second as the change, or any other.
    for (const [iat, pwdAt] of [
      [IAT + 10, setAt - 1],
      [IAT + 10, STAFF.passwordSetAt as number],
      [IAT + 11, setAt - 1],
      [IAT, STAFF.passwordSetAt as number],
      [IAT + 10, setAt + 1],
    ])
      expect({ iat, pwdAt, result: await s.validate(at(iat, pwdAt)) }).toEqual({ iat, pwdAt, result: false });
  });

  it('refuses a subject that is unknown, no longer staff, or without a staff account', async () => {
    for (const found of [
      null,
      { ...STAFF, rank: '1' },
      // The staff account was deleted: still staff by rank, but no password any more.
      { ...STAFF, passwordHash: null, passwordSetAt: null },
    ]) {
      expect(await strategy(found).strategy.validate(CLAIMS)).toBe(false);
    }
  });

  it('keeps a renamed staff member signed in, under the current nick', async () => {
    const { strategy: s } = strategy({ ...STAFF, nick: 'Admin_Pepa2' });
    expect(await s.validate(CLAIMS)).toMatchObject({ uuid: UUID, nick: 'Admin_Pepa2' });
  });
});
