import { Logger } from '@nestjs/common';
import { AdminKeyVerifier, PasswordHasher } from './accounts.credentials';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  const log = { warn: jest.fn() };
  beforeAll(async () => {
    Logger.overrideLogger(false);
    await hasher.onModuleInit();
  });

  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const hash = await hasher.hash('Správné heslo 1');
    const [, type, version, params] = hash.split('$');
    expect([type, version, params?.split(',').sort()]).toEqual([
      'argon2id',
      'v=19',
      ['m=19456', 'p=1', 't=2'],
    ]);
    expect(await hasher.verify(hash, 'Správné heslo 1', log)).toBe(true);
    expect(await hasher.verify(hash, 'Správné heslo 2', log)).toBe(false);
  });

  it('verifies hashes stored by earlier versions, whose parameters come in another order', async () => {
    // Written by argon2 0.45 (m, p, t); 0.44 writes m, t, p. The order carries no meaning.
    const stored =
      '$argon2id$v=19$m=19456,p=1,t=2$jaXXg8jRSWNPXBcNUdcWvw$HHdxchTb9Og/9zamZQQxgOBoZvB83nELnPtPTq1zYgs';
    expect([await hasher.verify(stored, 'x', log), await hasher.verify(stored, 'y', log)]).toEqual([
      true,
      false,
    ]);
  });

  it('never accepts anything without a stored hash, whatever the password', async () => {
    for (const password of ['', 'heslo', 'x'.repeat(1000)])
      expect(await hasher.verify(null, password, log)).toBe(false);
  });

  it('treats a corrupt stored hash as a mismatch instead of throwing', async () => {
    log.warn.mockClear();
    expect(await hasher.verify('not-a-hash', 'heslo', log)).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ msg: 'Stored password hash cannot be verified' }),
    );
  });
});

describe('AdminKeyVerifier', () => {
  it('matches exactly the configured key', () => {
    const verifier = new AdminKeyVerifier('correct-horse-battery');
    expect(verifier.matches('correct-horse-battery')).toBe(true);
    for (const candidate of [
      '',
      'correct-horse-batter',
      'correct-horse-battery ',
      'CORRECT-HORSE-BATTERY',
      'x'.repeat(10_000),
    ]) {
      expect(verifier.matches(candidate)).toBe(false);
    }
  });

  it('compares inputs of any length without throwing (SHA-256 digests have one length)', () => {
    const verifier = new AdminKeyVerifier('k');
    expect(() => verifier.matches('a much longer candidate than the key')).not.toThrow();
    expect(verifier.matches('k')).toBe(true);
  });

  it('matches nothing when no admin key is configured', () => {
    for (const configured of [null, '']) {
      const verifier = new AdminKeyVerifier(configured);
      for (const candidate of ['', 'null', 'undefined', 'admin'])
        expect(verifier.matches(candidate)).toBe(false);
    }
  });
});
