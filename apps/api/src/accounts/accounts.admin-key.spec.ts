import { AdminKeyVerifier } from './accounts.admin-key';

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
