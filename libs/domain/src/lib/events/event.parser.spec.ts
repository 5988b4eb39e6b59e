import { BALANCE_ACTIONS } from './event.actions';
import { parseEvent, ParseContext, ParseResult } from './event.parser';
import { GameEvent } from './event.types';

const CTX: ParseContext = { defaultServer: 'survival', receivedAt: 1_767_225_600_000 };
const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const DATE = 1_767_000_000_000;

/** A valid raw event of `action` with the given fields added (or, with `undefined`, removed). */
function raw(action: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: 'ev-1',
    action,
    uuid: UUID,
    nick: 'Notch',
    date: DATE,
    ...fields,
  };
  for (const key of Object.keys(base)) if (base[key] === undefined) delete base[key];
  return base;
}

function parsed(input: unknown): GameEvent {
  const result = parseEvent(input, CTX);
  if (!result.ok) throw new Error(`expected a valid event, got: ${result.error}`);
  return result.event;
}

function rejected(input: unknown): Extract<ParseResult, { ok: false }> {
  const result = parseEvent(input, CTX);
  if (result.ok) throw new Error(`expected a rejection, got: ${JSON.stringify(result.event)}`);
  return result;
}

const errorOf = (input: unknown): string => rejected(input).error;

describe('parseEvent', () => {
  describe('common fields', () => {
    it('fills the defaults: server from the token, sender = server, date = receipt time, values "0"', () => {
      expect(parsed(raw('ECONOMY_REGISTER', { date: undefined }))).toEqual({
        kind: 'register',
        id: 'ev-1',
        action: 'ECONOMY_REGISTER',
        uuid: UUID,
        nick: 'Notch',
        server: 'survival',
        sender: 'survival',
        date: CTX.receivedAt,
        oldValue: '0',
        newValue: '0',
      });
    });

    it('keeps every field that is given', () => {
      expect(
        parsed(
          raw('ECONOMY_CHANGE_NAME', { server: 'lobby', sender: 'Console', old_value: '1', new_value: '2' }),
        ),
      ).toEqual({
        kind: 'rename',
        id: 'ev-1',
        action: 'ECONOMY_CHANGE_NAME',
        uuid: UUID,
        nick: 'Notch',
        server: 'lobby',
        sender: 'Console',
        date: DATE,
        oldValue: '1',
        newValue: '2',
      });
    });

    it('defaults sender to the server given in the event', () => {
      expect(parsed(raw('PLAYER_QUIT', { server: 'skyblock' })).sender).toBe('skyblock');
    });

    it('treats null optional fields as not sent', () => {
      const event = parsed(raw('PLAYER_QUIT', { server: null, sender: null, date: null, old_value: null }));
      expect([event.server, event.sender, event.date, event.oldValue]).toEqual([
        'survival',
        'survival',
        CTX.receivedAt,
        '0',
      ]);
    });

    it('normalizes an undashed upper-case uuid to the dashed lower-case form', () => {
      expect(parsed(raw('PLAYER_QUIT', { uuid: '069A79F444E94726A5BEFCA90E38AAF5' })).uuid).toBe(UUID);
    });

    it('accepts a version 3 (offline-mode) uuid', () => {
      expect(parsed(raw('PLAYER_QUIT', { uuid: '853c80ef-3c37-39fd-aa49-938b674adae6' })).uuid).toBe(
        '853c80ef-3c37-39fd-aa49-938b674adae6',
      );
    });

    it('accepts a Bedrock (Geyser) nick with its prefix', () => {
      expect(parsed(raw('PLAYER_QUIT', { nick: '.Steve_BE' })).nick).toBe('.Steve_BE');
    });

    it('ignores unknown extra fields', () => {
      const event = parsed(raw('PLAYER_QUIT', { colour: 'red', nested: { a: 1 } }));
      expect(event).not.toHaveProperty('colour');
      expect(event).not.toHaveProperty('nested');
    });

    it('accepts ids of 64 characters from the allowed set', () => {
      const id = `${'a'.repeat(60)}._:-`;
      expect(parsed(raw('PLAYER_QUIT', { id })).id).toBe(id);
    });

    it('counts server and sender lengths in characters, not bytes', () => {
      expect(parsed(raw('PLAYER_QUIT', { server: 'ž'.repeat(64) })).server).toBe('ž'.repeat(64));
      expect(parsed(raw('PLAYER_QUIT', { sender: '🎮'.repeat(64) })).sender).toBe('🎮'.repeat(64));
    });
  });

  describe('rejecting the shape', () => {
    it.each([
      ['null', null],
      ['an array', [raw('PLAYER_QUIT')]],
      ['text', 'PLAYER_QUIT'],
      ['a number', 42],
      ['undefined', undefined],
    ])('rejects %s without an id', (_label, input) => {
      expect(rejected(input)).toEqual({ ok: false, id: null, error: 'Událost musí být objekt JSON.' });
    });
  });

  describe('id', () => {
    it('rejects a missing id', () => {
      expect(rejected(raw('PLAYER_QUIT', { id: undefined }))).toEqual({
        ok: false,
        id: null,
        error: 'Chybí povinné pole "id".',
      });
    });

    it.each([
      ['empty', ''],
      ['65 characters', 'a'.repeat(65)],
      ['a space', 'ev 1'],
      ['a slash', 'ev/1'],
      ['a number', 17],
    ])('rejects an id that is %s, reporting no id', (_label, id) => {
      expect(rejected(raw('PLAYER_QUIT', { id }))).toEqual({
        ok: false,
        id: null,
        error: 'Pole "id" musí mít 1–64 znaků z [A-Za-z0-9._:-].',
      });
    });

    it('reports the id of an otherwise invalid event', () => {
      expect(rejected(raw('PLAYER_QUIT', { id: 'srv1:42', uuid: 'nope' })).id).toBe('srv1:42');
    });
  });

  describe('action, uuid, nick', () => {
    it('rejects an unknown action, naming it', () => {
      expect(rejected(raw('ECONOMY_GOLD_ADD'))).toEqual({
        ok: false,
        id: 'ev-1',
        error: 'Neznámá akce "ECONOMY_GOLD_ADD".',
      });
    });

    it('is case-sensitive about actions', () => {
      expect(errorOf(raw('player_quit'))).toBe('Neznámá akce "player_quit".');
    });

    it('shortens a long unknown action and masks control characters in the message', () => {
      expect(errorOf(raw(`${'X'.repeat(70)}`))).toBe(`Neznámá akce "${'X'.repeat(64)}…".`);
      expect(errorOf(raw('A\nB\u0000'))).toBe('Neznámá akce "A?B?".');
    });

    it('rejects a missing or non-text action', () => {
      expect(errorOf(raw('PLAYER_QUIT', { action: undefined }))).toBe('Chybí povinné pole "action".');
      expect(errorOf(raw('PLAYER_QUIT', { action: 3 }))).toBe('Pole "action" musí být text.');
    });

    it('rejects a missing uuid', () => {
      expect(errorOf(raw('PLAYER_QUIT', { uuid: undefined }))).toBe('Chybí povinné pole "uuid".');
    });

    it.each(['069a79f4-44e9-4726-a5be-fca90e38aaf', 'Notch', 42, ` ${UUID}`])(
      'rejects the uuid %p',
      (uuid) => {
        expect(errorOf(raw('PLAYER_QUIT', { uuid }))).toBe('Pole "uuid" musí být UUID (8-4-4-4-12 hex).');
      },
    );

    it('rejects a missing nick', () => {
      expect(errorOf(raw('PLAYER_QUIT', { nick: undefined }))).toBe('Chybí povinné pole "nick".');
    });

    it.each(['', 'a'.repeat(33), 'Hráč', 'two words', 7])('rejects the nick %p', (nick) => {
      expect(errorOf(raw('PLAYER_QUIT', { nick }))).toBe(
        'Pole "nick" musí mít 1–32 znaků z [A-Za-z0-9_.*-].',
      );
    });
  });

  describe('server and sender', () => {
    it.each([
      ['empty', ''],
      ['only spaces', '   '],
      ['65 characters', 'a'.repeat(65)],
      ['a control character', 'lob\u0007by'],
      ['a newline', 'lobby\n'],
      ['a lone surrogate', 'lobby\ud800'],
      ['a number', 5],
    ])('rejects a server that is %s', (_label, server) => {
      expect(errorOf(raw('PLAYER_QUIT', { server }))).toBe(
        'Pole "server" musí být neprázdný text o délce nejvýše 64 znaků bez řídicích znaků.',
      );
    });

    it('rejects an invalid sender the same way', () => {
      expect(errorOf(raw('PLAYER_QUIT', { sender: '' }))).toBe(
        'Pole "sender" musí být neprázdný text o délce nejvýše 64 znaků bez řídicích znaků.',
      );
    });
  });

  describe('date', () => {
    it('accepts dates up to 24 hours after the receipt (clock skew between servers)', () => {
      const latest = CTX.receivedAt + 24 * 60 * 60 * 1000;
      expect(parsed(raw('PLAYER_QUIT', { date: latest })).date).toBe(latest);
      expect(parsed(raw('PLAYER_QUIT', { date: 1 })).date).toBe(1);
    });

    it.each([
      ['numeric text', '1767000000000'],
      ['a fraction', 1_767_000_000_000.5],
      ['zero', 0],
      ['negative', -5],
      ['more than 24 hours after the receipt', CTX.receivedAt + 24 * 60 * 60 * 1000 + 1],
      ['in microseconds instead of milliseconds', CTX.receivedAt * 1000],
      ['8.64e15', 8.64e15],
      ['beyond the safe integers', 2 ** 60],
      ['NaN-like text', 'NaN'],
      ['a boolean', true],
    ])('rejects a date that is %s', (_label, date) => {
      expect(errorOf(raw('PLAYER_QUIT', { date }))).toBe(
        'Pole "date" musí být celé číslo (milisekundy od roku 1970), nejvýše 24 hodin po přijetí události.',
      );
    });
  });

  describe('old_value and new_value', () => {
    it('keeps numeric text exactly as sent', () => {
      const event = parsed(raw('PLAYER_SET_TAG', { old_value: '007', new_value: '-12' }));
      expect([event.oldValue, event.newValue]).toEqual(['007', '-12']);
    });

    it('keeps 20-digit text byte for byte, beyond 2^53', () => {
      expect(
        parsed(raw('PLAYER_SET_TAG', { old_value: '12345678901234567890', new_value: '1' })).oldValue,
      ).toBe('12345678901234567890');
    });

    it('turns safe integer numbers into decimal text', () => {
      const event = parsed(raw('PLAYER_SET_TAG', { old_value: 0, new_value: 9_007_199_254_740_991 }));
      expect([event.oldValue, event.newValue]).toEqual(['0', '9007199254740991']);
      expect(parsed(raw('PLAYER_SET_TAG', { new_value: -0 })).newValue).toBe('0');
    });

    it.each([
      ['a fraction', 1.5],
      ['empty text', ''],
      ['21 digits', '123456789012345678901'],
      ['exponent text', '1e3'],
      ['text with spaces', ' 5'],
      ['a plus sign', '+5'],
      ['decimal text', '1.0'],
      ['a boolean', true],
      ['an object', { value: 1 }],
    ])('rejects a value that is %s', (_label, value) => {
      expect(errorOf(raw('PLAYER_SET_TAG', { new_value: value }))).toBe(
        'Pole "new_value" musí být celé číslo.',
      );
      expect(errorOf(raw('PLAYER_SET_TAG', { new_value: '1', old_value: value }))).toBe(
        'Pole "old_value" musí být celé číslo.',
      );
    });

    it('asks for text when a number is too big to be exact', () => {
      expect(errorOf(raw('PLAYER_SET_TAG', { new_value: 2 ** 53 }))).toBe(
        'Pole "new_value" je číslo větší než 2^53, které JSON nepřenese přesně; pošli ho jako text.',
      );
    });
  });

  describe('balance actions', () => {
    it('parses the economy type, the operation and the new balance', () => {
      expect(parsed(raw('ECONOMY_CRAFTCOINS_ADD', { old_value: '1000', new_value: '1500' }))).toEqual({
        kind: 'balance',
        id: 'ev-1',
        action: 'ECONOMY_CRAFTCOINS_ADD',
        economyType: 'CRAFTCOINS',
        operation: 'ADD',
        amount: 1500,
        uuid: UUID,
        nick: 'Notch',
        server: 'survival',
        sender: 'survival',
        date: DATE,
        oldValue: '1000',
        newValue: '1500',
      });
    });

    it.each(BALANCE_ACTIONS)('splits %s into its economy type and operation', (action) => {
      const event = parsed(raw(action, { new_value: 3 }));
      if (event.kind !== 'balance') throw new Error('expected a balance event');
      expect(`ECONOMY_${event.economyType}_${event.operation}`).toBe(action);
      expect(event.amount).toBe(3);
    });

    it('requires new_value for ADD and TAKE', () => {
      expect(errorOf(raw('ECONOMY_KARMA_ADD'))).toBe('Chybí povinné pole "new_value".');
      expect(errorOf(raw('ECONOMY_KARMA_TAKE', { new_value: null }))).toBe('Chybí povinné pole "new_value".');
    });

    it('reads a RESET without new_value as a reset to 0', () => {
      const event = parsed(raw('ECONOMY_VOTETOKENS_RESET', { old_value: '40' }));
      expect(event).toMatchObject({
        kind: 'balance',
        operation: 'RESET',
        amount: 0,
        oldValue: '40',
        newValue: '0',
      });
    });

    it('allows negative balances (karma)', () => {
      expect(parsed(raw('ECONOMY_KARMA_TAKE', { new_value: '-20' }))).toMatchObject({
        amount: -20,
        newValue: '-20',
      });
    });

    it('reads "-0" as 0', () => {
      const event = parsed(raw('ECONOMY_KARMA_TAKE', { new_value: '-0' }));
      expect(event.kind === 'balance' && Object.is(event.amount, 0)).toBe(true);
    });

    it('accepts the largest safe integer and rejects the next one', () => {
      expect(parsed(raw('ECONOMY_CRAFTCOINS_ADD', { new_value: '9007199254740991' }))).toMatchObject({
        amount: 9_007_199_254_740_991,
      });
      expect(parsed(raw('ECONOMY_CRAFTCOINS_TAKE', { new_value: '-9007199254740991' }))).toMatchObject({
        amount: -9_007_199_254_740_991,
      });
      expect(errorOf(raw('ECONOMY_CRAFTCOINS_ADD', { new_value: '9007199254740992' }))).toBe(
        'Pole "new_value" musí být celé číslo v rozsahu ±9007199254740991.',
      );
    });
  });

  describe('PLAYER_UPDATE_RANK', () => {
    it('keeps the rank id text', () => {
      expect(parsed(raw('PLAYER_UPDATE_RANK', { new_value: '12', old_value: '1' }))).toMatchObject({
        kind: 'rank',
        newValue: '12',
        oldValue: '1',
      });
    });

    it('requires new_value', () => {
      expect(errorOf(raw('PLAYER_UPDATE_RANK'))).toBe('Chybí povinné pole "new_value".');
    });

    it('rejects a negative rank id', () => {
      expect(errorOf(raw('PLAYER_UPDATE_RANK', { new_value: '-1' }))).toBe(
        'Pole "new_value" musí být nezáporné celé číslo (ID ranku) o nejvýše 20 číslicích.',
      );
    });
  });

  describe('PLAYER_SET_TAG', () => {
    it('keeps the tag value', () => {
      expect(parsed(raw('PLAYER_SET_TAG', { new_value: 4 }))).toMatchObject({ kind: 'tag', newValue: '4' });
    });

    it('requires new_value', () => {
      expect(errorOf(raw('PLAYER_SET_TAG'))).toBe('Chybí povinné pole "new_value".');
    });
  });

  describe('PLAYER_DISCORD_CONNECT', () => {
    it('keeps a Discord id beyond 2^53 exactly as sent', () => {
      expect(parsed(raw('PLAYER_DISCORD_CONNECT', { new_value: '348569173429977088' }))).toMatchObject({
        kind: 'discord',
        newValue: '348569173429977088',
      });
      expect(parsed(raw('PLAYER_DISCORD_CONNECT', { new_value: '12345678901234567890' })).newValue).toBe(
        '12345678901234567890',
      );
    });

    it('accepts a small id sent as a number', () => {
      expect(parsed(raw('PLAYER_DISCORD_CONNECT', { new_value: 123 })).newValue).toBe('123');
    });

    it('refuses an id that JSON already rounded', () => {
      expect(errorOf(raw('PLAYER_DISCORD_CONNECT', { new_value: 348569173429977088 }))).toBe(
        'Pole "new_value" je číslo větší než 2^53, které JSON nepřenese přesně; pošli ho jako text.',
      );
    });

    it('rejects a negative id and a missing id', () => {
      expect(errorOf(raw('PLAYER_DISCORD_CONNECT', { new_value: '-5' }))).toBe(
        'Pole "new_value" musí být Discord ID (1–20 číslic).',
      );
      expect(errorOf(raw('PLAYER_DISCORD_CONNECT'))).toBe('Chybí povinné pole "new_value".');
    });
  });

  describe('PLAYER_VOTE', () => {
    it('parses the vote site', () => {
      expect(parsed(raw('PLAYER_VOTE', { site: 'czech-craft.eu' }))).toMatchObject({
        kind: 'vote',
        action: 'PLAYER_VOTE',
        site: 'czech-craft.eu',
      });
    });

    it('requires a site of 1..64 characters', () => {
      expect(errorOf(raw('PLAYER_VOTE'))).toBe('Chybí povinné pole "site".');
      expect(errorOf(raw('PLAYER_VOTE', { site: '' }))).toBe(
        'Pole "site" musí být neprázdný text o délce nejvýše 64 znaků bez řídicích znaků.',
      );
      expect(errorOf(raw('PLAYER_VOTE', { site: 'a'.repeat(65) }))).toBe(
        'Pole "site" musí být neprázdný text o délce nejvýše 64 znaků bez řídicích znaků.',
      );
    });
  });

  describe('ACHIEVEMENT_COMPLETE', () => {
    const achievement = { ach_id: 'survival:first_join', ach_name: 'První kroky', ach_value: 10 };

    it('parses the achievement id, name and points', () => {
      expect(parsed(raw('ACHIEVEMENT_COMPLETE', achievement))).toMatchObject({
        kind: 'achievement',
        achId: 'survival:first_join',
        achName: 'První kroky',
        achValue: 10,
      });
    });

    it('requires each achievement field', () => {
      expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_id: undefined }))).toBe(
        'Chybí povinné pole "ach_id".',
      );
      expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_name: undefined }))).toBe(
        'Chybí povinné pole "ach_name".',
      );
      expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_value: undefined }))).toBe(
        'Chybí povinné pole "ach_value".',
      );
    });

    it.each(['first join', '', 'a'.repeat(65), 'ach/1', 5])('rejects the ach_id %p', (achId) => {
      expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_id: achId }))).toBe(
        'Pole "ach_id" musí mít 1–64 znaků z [A-Za-z0-9_.:-].',
      );
    });

    it('accepts a name of 128 characters and rejects a blank or longer one', () => {
      expect(
        parsed(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_name: 'ř'.repeat(128) })),
      ).toMatchObject({
        achName: 'ř'.repeat(128),
      });
      for (const name of [' ', 'ř'.repeat(129)]) {
        expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_name: name }))).toBe(
          'Pole "ach_name" musí být neprázdný text o délce nejvýše 128 znaků bez řídicích znaků.',
        );
      }
    });

    it.each([-1, 1.5, '10', 2 ** 31, 2 ** 53])('rejects the ach_value %p', (value) => {
      expect(errorOf(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_value: value }))).toBe(
        'Pole "ach_value" musí být nezáporné celé číslo nejvýše 2147483647.',
      );
    });

    it('accepts the largest ach_value a 32-bit column holds', () => {
      expect(parsed(raw('ACHIEVEMENT_COMPLETE', { ...achievement, ach_value: 2 ** 31 - 1 }))).toMatchObject({
        achValue: 2 ** 31 - 1,
      });
    });
  });

  describe('PLAYER_JOIN and PLAYER_QUIT', () => {
    it('parses the client version of a join', () => {
      expect(parsed(raw('PLAYER_JOIN', { mc_version: '1.21.4' }))).toMatchObject({
        kind: 'join',
        mcVersion: '1.21.4',
      });
    });

    it('defaults the client version to empty text', () => {
      expect(parsed(raw('PLAYER_JOIN'))).toMatchObject({ kind: 'join', mcVersion: '' });
    });

    it('rejects a client version longer than 32 characters or not text', () => {
      for (const mcVersion of ['1'.repeat(33), 1.21]) {
        expect(errorOf(raw('PLAYER_JOIN', { mc_version: mcVersion }))).toBe(
          'Pole "mc_version" musí být text o délce nejvýše 32 znaků bez řídicích znaků.',
        );
      }
    });

    it('parses a quit', () => {
      expect(parsed(raw('PLAYER_QUIT'))).toMatchObject({ kind: 'quit', action: 'PLAYER_QUIT' });
    });
  });

  describe('PLAYER_UPDATE_LEVEL', () => {
    it('parses mode, level and experience', () => {
      expect(
        parsed(raw('PLAYER_UPDATE_LEVEL', { mode: 'skyblock', level: 12, experience: 3400 })),
      ).toMatchObject({
        kind: 'level',
        mode: 'skyblock',
        level: 12,
        experience: 3400,
      });
    });

    it('defaults experience to 0', () => {
      expect(parsed(raw('PLAYER_UPDATE_LEVEL', { mode: 'global', level: 3 }))).toMatchObject({
        experience: 0,
      });
    });

    it('rejects an unknown mode, listing the known ones', () => {
      expect(errorOf(raw('PLAYER_UPDATE_LEVEL', { mode: 'Survival', level: 1 }))).toBe(
        'Pole "mode" musí být jedno z: global, survival, skyblock, creative, vanilla, prison, skycloud.',
      );
    });

    it('requires a non-negative integer level and experience', () => {
      expect(errorOf(raw('PLAYER_UPDATE_LEVEL', { mode: 'prison' }))).toBe('Chybí povinné pole "level".');
      expect(errorOf(raw('PLAYER_UPDATE_LEVEL', { mode: 'prison', level: -1 }))).toBe(
        'Pole "level" musí být nezáporné celé číslo nejvýše 2147483647.',
      );
      expect(errorOf(raw('PLAYER_UPDATE_LEVEL', { mode: 'prison', level: 2 ** 31 }))).toBe(
        'Pole "level" musí být nezáporné celé číslo nejvýše 2147483647.',
      );
      expect(errorOf(raw('PLAYER_UPDATE_LEVEL', { mode: 'prison', level: 1, experience: 0.5 }))).toBe(
        'Pole "experience" musí být nezáporné celé číslo nejvýše 9007199254740991.',
      );
    });
  });

  describe('PLAYER_UPDATE_SOCIAL', () => {
    it('returns only the keys the event carried', () => {
      const event = parsed(
        raw('PLAYER_UPDATE_SOCIAL', { status: 'Ahoj!', twitch: 'https://twitch.tv/notch' }),
      );
      expect(event).toMatchObject({ kind: 'social' });
      expect(event.kind === 'social' && event.social).toEqual({
        status: 'Ahoj!',
        twitch: 'https://twitch.tv/notch',
      });
    });

    it('keeps null, which clears a link, and an empty status', () => {
      const event = parsed(raw('PLAYER_UPDATE_SOCIAL', { facebook: null, status: '' }));
      expect(event.kind === 'social' && event.social).toEqual({ facebook: null, status: '' });
    });

    it('accepts http and https links of up to 512 characters, as sent', () => {
      const long = `https://example.com/${'a'.repeat(512 - 20)}`;
      const event = parsed(
        raw('PLAYER_UPDATE_SOCIAL', {
          web: 'HTTP://Example.com/Profil?x=1',
          steam: long,
          twitter: 'http://x.com',
        }),
      );
      expect(event.kind === 'social' && event.social).toEqual({
        web: 'HTTP://Example.com/Profil?x=1',
        steam: long,
        twitter: 'http://x.com',
      });
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['ftp:', 'ftp://example.com'],
      ['data:', 'data:text/html,hi'],
      ['no slashes', 'http:example.com'],
      ['no host', 'https://'],
      ['surrounding spaces', ' https://example.com'],
      ['an inner newline', 'https://exa\nmple.com'],
      ['no protocol', 'example.com'],
      ['513 characters', `https://example.com/${'a'.repeat(513 - 20)}`],
      ['a number', 1],
      ['empty text', ''],
    ])('rejects a link with %s', (_label, web) => {
      expect(errorOf(raw('PLAYER_UPDATE_SOCIAL', { web }))).toBe(
        'Pole "web" musí být adresa http:// nebo https:// o délce nejvýše 512 znaků, nebo null.',
      );
    });

    it('rejects a status that is too long, null or not text', () => {
      for (const status of ['a'.repeat(257), null, 3]) {
        expect(errorOf(raw('PLAYER_UPDATE_SOCIAL', { status }))).toBe(
          'Pole "status" musí být text o délce nejvýše 256 znaků bez řídicích znaků.',
        );
      }
    });

    it('rejects an update without any social field', () => {
      expect(errorOf(raw('PLAYER_UPDATE_SOCIAL'))).toBe(
        'Událost PLAYER_UPDATE_SOCIAL musí obsahovat alespoň jedno z polí status, facebook, twitter, twitch, steam, web.',
      );
    });
  });

  describe('typing', () => {
    it('lets consumers narrow the union by action or by kind', () => {
      const vote = parsed(raw('PLAYER_VOTE', { site: 'czech-craft.eu' }));
      const karma = parsed(raw('ECONOMY_KARMA_ADD', { new_value: 4 }));
      // These property reads compile only because the union narrows.
      expect(vote.action === 'PLAYER_VOTE' ? vote.site : null).toBe('czech-craft.eu');
      expect(karma.action === 'ECONOMY_KARMA_ADD' ? karma.amount : null).toBe(4);
      expect(karma.kind === 'balance' ? karma.economyType : null).toBe('KARMA');
    });
  });

  describe('safety', () => {
    it('ignores __proto__ and constructor keys and pollutes no prototype', () => {
      const input: unknown = JSON.parse(
        `{"id":"ev-1","action":"PLAYER_QUIT","uuid":"${UUID}","nick":"Notch",` +
          '"__proto__":{"polluted":true,"server":"evil"},"constructor":{"prototype":{"polluted":true}}}',
      );
      const event = parsed(input);
      expect(event.server).toBe('survival');
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('does not read inherited fields', () => {
      const input = Object.create({ id: 'ev-1', action: 'PLAYER_QUIT', uuid: UUID, nick: 'Notch' }) as object;
      expect(rejected(input)).toEqual({ ok: false, id: null, error: 'Chybí povinné pole "id".' });
    });

    it('does not run getters of the input', () => {
      const input = raw('PLAYER_QUIT');
      Object.defineProperty(input, 'server', {
        enumerable: true,
        get: () => {
          throw new Error('getter ran');
        },
      });
      expect(parsed(input).server).toBe('survival');
    });

    it('does not modify the input', () => {
      const input = raw('PLAYER_UPDATE_SOCIAL', { status: 'x', web: null });
      const before = JSON.stringify(input);
      Object.freeze(input);
      parsed(input);
      expect(JSON.stringify(input)).toBe(before);
    });
  });
});
