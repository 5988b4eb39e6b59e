import { Logger } from '@nestjs/common';
import { AdminKeyVerifier, PasswordHasher } from './accounts.credentials';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  beforeAll(async () => {
    Logger.overrideLogger(false);
    await hasher.onModuleInit();
  });

  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const hash = await hasher.hash('Správné heslo 1');
    // PHC string: $argon2id$v=19$<m,t,p in the order the argon2 version writes them>$salt$hash.
    const [, algorithm, version, params] = hash.split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(params?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(await hasher.verify(hash, 'Správné heslo 1')).toBe(true);
    expect(await hasher.verify(hash, 'Správné heslo 2')).toBe(false);
  });

  it('never accepts anything without a stored hash, whatever the password', async () => {
    for (const password of ['', 'heslo', 'x'.repeat(1000)])
      expect(await hasher.verify(null, password)).toBe(false);
  });

  it('treats a corrupt stored hash as a mismatch instead of throwing', async () => {
    expect(await hasher.verify('not-a-hash', 'heslo')).toBe(false);
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
