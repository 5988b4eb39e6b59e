import { Logger } from '@nestjs/common';
import { PasswordHasher } from './accounts.passwords';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  beforeAll(async () => {
    Logger.overrideLogger(false);
    await hasher.onModuleInit();
  });

  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const hash = await hasher.hash('Správné heslo 1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
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
