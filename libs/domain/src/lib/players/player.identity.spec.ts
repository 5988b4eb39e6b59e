import { DomainError } from '../errors/domain-error';
import {
  discriminatorFor,
  fnv1a32,
  isValidNick,
  nickKey,
  nickPrefixRange,
  normalizeUuid,
} from './player.identity';

// Notch's premium (version 4) UUID and an offline-mode (version 3, name-based) UUID.
const PREMIUM = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const OFFLINE = '853c80ef-3c37-39fd-aa49-938b674adae6';

describe('normalizeUuid', () => {
  it('keeps a dashed lower-case UUID as it is', () => {
    expect(normalizeUuid(PREMIUM)).toBe(PREMIUM);
  });

  it('adds the dashes to a 32-digit undashed UUID', () => {
    expect(normalizeUuid('069a79f444e94726a5befca90e38aaf5')).toBe(PREMIUM);
  });

  it('lower-cases upper- and mixed-case input, dashed or not', () => {
    expect(normalizeUuid('069A79F4-44E9-4726-A5BE-FCA90E38AAF5')).toBe(PREMIUM);
    expect(normalizeUuid('069A79f444E94726a5BEfca90e38AAF5')).toBe(PREMIUM);
  });

  it('accepts any version digit: v3 offline-mode, v4 premium, and others', () => {
    expect(normalizeUuid(OFFLINE)).toBe(OFFLINE);
    expect(normalizeUuid('00000000-0000-0000-0000-000000000000')).toBe(
      '00000000-0000-0000-0000-000000000000',
    );
    expect(normalizeUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
    );
  });

  it.each([
    ['empty text', ''],
    ['31 hex digits', '069a79f444e94726a5befca90e38aaf'],
    ['33 hex digits', '069a79f444e94726a5befca90e38aaf50'],
    ['a non-hex digit', '069a79f4-44e9-4726-a5be-fca90e38aafg'],
    ['dashes in the wrong places', '069a79f44-4e9-4726-a5be-fca90e38aaf5'],
    ['only some dashes', '069a79f4-44e94726a5befca90e38aaf5'],
    ['surrounding whitespace', ` ${PREMIUM} `],
    ['a trailing newline', `${PREMIUM}\n`],
    ['braces', `{${PREMIUM}}`],
    ['a urn prefix', `urn:uuid:${PREMIUM}`],
    ['a NUL character', `${PREMIUM}\u0000`],
    ['full-width digits', '０６９a79f4-44e9-4726-a5be-fca90e38aaf5'],
    ['a very long text', 'a'.repeat(10_000)],
  ])('returns null for %s', (_label, input) => {
    expect(normalizeUuid(input)).toBeNull();
  });

  it('returns null for a value that is not text at all', () => {
    expect(normalizeUuid(42 as unknown as string)).toBeNull();
    expect(normalizeUuid(null as unknown as string)).toBeNull();
  });
});

describe('isValidNick', () => {
  it.each([
    'Notch',
    'a',
    'jeb_',
    'x'.repeat(32),
    '.BedrockPlayer',
    '*Geyser_User',
    'some-proxy.name',
    'Abc123',
  ])('accepts %s', (nick) => {
    expect(isValidNick(nick)).toBe(true);
  });

  it.each([
    ['empty text', ''],
    ['33 characters', 'x'.repeat(33)],
    ['a space', 'Notch Jr'],
    ['an accented letter', 'Hráč'],
    ['a slash', 'a/b'],
    ['a NUL character', 'Notch\u0000'],
    ['a trailing newline', 'Notch\n'],
    ['an emoji', 'Notch😀'],
  ])('rejects %s', (_label, nick) => {
    expect(isValidNick(nick)).toBe(false);
  });

  it('rejects a value that is not text', () => {
    expect(isValidNick(undefined as unknown as string)).toBe(false);
  });
});

describe('nickKey', () => {
  it('is the lower-case nick, so lookups ignore case', () => {
    expect(nickKey('NoTcH_.*-1')).toBe('notch_.*-1');
    expect(nickKey('Notch')).toBe(nickKey('NOTCH'));
  });
});

describe('nickPrefixRange', () => {
  it('is the lower-case prefix up to the prefix with its last character raised by one', () => {
    expect(nickPrefixRange('PeP')).toEqual({ from: 'pep', until: 'peq' });
    expect(nickPrefixRange('a_')).toEqual({ from: 'a_', until: 'a`' });
    expect(nickPrefixRange('Z')).toEqual({ from: 'z', until: '{' });
  });

  it('holds exactly the keys that start with the prefix, in code-unit order', () => {
    const keys = ['pep', 'pep_', 'pepa', 'pepz', 'pe', 'peq', 'pfa', 'pe_p', 'pe.p'];
    const { from, until } = nickPrefixRange('Pep');
    // JavaScript compares strings by code unit, as the binary collations of both dialects do.
    expect(keys.filter((key) => key >= from && key < until).sort()).toEqual(
      keys.filter((key) => key.startsWith('pep')).sort(),
    );
    for (const prefix of ['-', '.', '*', '9', '_', 'z'])
      for (const key of ['-', '.', '*', '0', '9', '_', 'a', 'z'].map((c) => `${prefix}${c}`)) {
        const range = nickPrefixRange(prefix);
        expect([key, key >= range.from && key < range.until]).toEqual([key, key.startsWith(prefix)]);
      }
  });
});

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('discriminatorFor', () => {
  it('derives four digits from the FNV-1a hash of the UUID (hash mod 9999, plus 1)', () => {
    // fnv1a32(PREMIUM) = 3041486615; 3041486615 % 9999 = 794; + 1 = 795.
    expect(discriminatorFor(PREMIUM)).toBe('0795');
    // fnv1a32('00000000-…') = 3192360657; % 9999 = 9924; + 1 = 9925.
    expect(discriminatorFor('00000000-0000-0000-0000-000000000000')).toBe('9925');
  });

  it('gives the same value for every spelling of the same UUID', () => {
    expect(discriminatorFor('069A79F444E94726A5BEFCA90E38AAF5')).toBe('0795');
    expect(discriminatorFor('069a79f444e94726a5befca90e38aaf5')).toBe('0795');
  });

  it('always gives four digits between 0001 and 9999', () => {
    for (let i = 0; i < 2000; i++) {
      const uuid = `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
      const discriminator = discriminatorFor(uuid);
      expect(discriminator).toMatch(/^\d{4}$/);
      expect(Number(discriminator)).toBeGreaterThanOrEqual(1);
      expect(Number(discriminator)).toBeLessThanOrEqual(9999);
    }
  });

  it('throws INVALID_UUID for text that is not a UUID', () => {
    expect(() => discriminatorFor('not-a-uuid')).toThrow(DomainError);
    expect(() => discriminatorFor('not-a-uuid')).toThrow('Neplatné UUID hráče.');
  });
});
