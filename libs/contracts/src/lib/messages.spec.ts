import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from './common';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from './messages';

// The four account messages of the source document beside the repository are part of the contract byte
// for byte. That document is not in the repository: this test reads it from SEED_DIR when it is next to
// the checkout, and is skipped otherwise.
const SEED_DIR = path.resolve(__dirname, '../../../../../shared/seed');
const seed = existsSync(SEED_DIR)
  ? readdirSync(SEED_DIR)
      .filter((name) => name.endsWith('.txt'))
      .map((name) => readFileSync(path.join(SEED_DIR, name), 'utf8'))
      .join('\n')
  : null;

/** `| true | <message> | <condition> |` rows of the source document's account-outcome table. */
function seedAccountMessages(text: string): string[] {
  return [...text.matchAll(/^\| (?:true|false) \| (.+?) \| .+ \|$/gm)].map((match) => match[1] as string);
}

(seed === null ? describe.skip : describe)(
  `ACCOUNT_MESSAGES and the source document${seed === null ? ` — skipped: ${SEED_DIR} is not next to this checkout` : ''}`,
  () => {
    it("holds every outcome message of the source document's account table, byte for byte", () => {
      const expected = seedAccountMessages(seed ?? '');
      expect(expected).toHaveLength(4);
      const ours = new Set<string>(Object.values(ACCOUNT_MESSAGES));
      expect(expected.filter((message) => !ours.has(message))).toEqual([]);
    });
  },
);

describe('ERROR_MESSAGES', () => {
  it('has a message for exactly the error codes', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('gives each code its own Czech sentence, so a client can tell the codes apart by the text', () => {
    const notASentence = Object.entries(ERROR_MESSAGES).filter(
      ([, message]) => !/^\p{Lu}.*[.!]$/u.test(message) || message !== message.normalize('NFC'),
    );
    expect(notASentence).toEqual([]);
    const byMessage = new Map<string, string[]>();
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      byMessage.set(message, [...(byMessage.get(message) ?? []), code]);
    }
    expect([...byMessage.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });
});

describe('ACCOUNT_MESSAGES', () => {
  it('are Czech sentences in NFC form (composed letters, as the source document writes them)', () => {
    const bad = Object.entries(ACCOUNT_MESSAGES).filter(
      ([, message]) => !/^\p{Lu}.*[.!]$/u.test(message) || message !== message.normalize('NFC'),
    );
    expect(bad).toEqual([]);
  });

  it('tell a refused login the same way for an unknown user and a wrong password', () => {
    // One message for both (ADR 0008, "Login": all failures answer the same body), and it is not the
    // register's unknown-user text.
    expect(ACCOUNT_MESSAGES.LOGIN_FAILED).not.toBe(ACCOUNT_MESSAGES.UNKNOWN_USERNAME);
    expect(Object.values(ACCOUNT_MESSAGES).filter((m) => m === ACCOUNT_MESSAGES.LOGIN_FAILED)).toHaveLength(
      1,
    );
  });
});
