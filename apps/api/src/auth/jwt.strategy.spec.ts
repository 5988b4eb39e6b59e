import { StaffAccountRepository, StaffCredentials } from '@craftstats/domain';
import { testConfig } from '@craftstats/platform/testing';
import { JwtStrategy } from './jwt.strategy';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const STAFF: StaffCredentials = {
  playerId: 1,
  nick: 'Admin_Pepa',
  uuid: UUID,
  rank: '10',
  passwordHash: 'h',
};
const IAT = 1_800_000_000;
const CLAIMS = { sub: UUID, nick: 'Admin_Pepa', rank: '10', iat: IAT, exp: IAT + 14_400 };

function strategy(found: StaffCredentials | null = STAFF) {
  const accounts = { findByNick: jest.fn().mockResolvedValue(found), setPasswordHash: jest.fn() };
  return { strategy: new JwtStrategy(testConfig(), accounts as unknown as StaffAccountRepository), accounts };
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
    expect(accounts.findByNick).toHaveBeenCalledWith('Admin_Pepa');
  });

  it('refuses malformed claims without looking anything up', async () => {
    const { exp: _exp, ...noExp } = CLAIMS;
    const { iat: _iat, ...noIat } = CLAIMS;
    const bad: unknown[] = [
      null,
      'text',
      noExp,
      noIat,
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
    expect(accounts.findByNick).not.toHaveBeenCalled();
  });

  it('refuses a subject that is unknown, another player, or no longer staff', async () => {
    for (const found of [
      null,
      { ...STAFF, uuid: '00000000-0000-4000-8000-000000000002' },
      { ...STAFF, rank: '1' },
    ]) {
      expect(await strategy(found).strategy.validate(CLAIMS)).toBe(false);
    }
  });
});
