import { assertType, type Equal } from '../../test/type-assertions';
import { type PlayerDiscord, type PlayerProfile, safeHttpUrl } from './players';

describe('player profile types', () => {
  it('types discord.id as text or null (no linked account) and played_time as a number of minutes', () => {
    assertType<Equal<PlayerDiscord['id'], string | null>>();
    assertType<Equal<PlayerProfile['discord'], PlayerDiscord>>();
    assertType<Equal<PlayerProfile['played_time'], number>>();
    const unlinked: PlayerDiscord = { id: null };
    const linked: PlayerDiscord = { id: '348569173429977088' };
    expect([unlinked.id === null, linked.id === null]).toEqual([true, false]);
  });
});

describe('safeHttpUrl', () => {
  it('links only http and https URLs', () => {
    expect(safeHttpUrl('https://example.cz/a')).toBe('https://example.cz/a');
    expect(safeHttpUrl('http://example.cz')).toBe('http://example.cz/');
    for (const text of ['javascript:alert(1)', 'ftp://example.cz', 'www.example.cz', 'data:text/html,x', ''])
      expect([text, safeHttpUrl(text)]).toEqual([text, null]);
  });
});
