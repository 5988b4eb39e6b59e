import { assertType, type Equal } from '../../test/type-assertions';
import type { PlayerDiscord, PlayerProfile } from './players';

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
