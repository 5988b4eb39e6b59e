import { ECONOMY_TYPES, isEconomyType, isLevelMode, LEVEL_MODES, SOCIAL_FIELDS } from './player.constants';

describe('player constants', () => {
  it('lists the six economy types of SPEC 5 in order', () => {
    expect(ECONOMY_TYPES).toEqual([
      'CRAFTCOINS',
      'CRAFTTOKENS',
      'VOTETOKENS',
      'KARMA',
      'ACHIEVEMENTPOINTS',
      'EVENTPOINTS',
    ]);
  });

  it('lists the global level and the six game modes', () => {
    expect(LEVEL_MODES).toEqual([
      'global',
      'survival',
      'skyblock',
      'creative',
      'vanilla',
      'prison',
      'skycloud',
    ]);
  });

  it('lists the five social links', () => {
    expect(SOCIAL_FIELDS).toEqual(['facebook', 'twitter', 'twitch', 'steam', 'web']);
  });

  it('recognizes economy types exactly, case included', () => {
    expect(isEconomyType('KARMA')).toBe(true);
    expect(isEconomyType('karma')).toBe(false);
    expect(isEconomyType('GOLD')).toBe(false);
    expect(isEconomyType(1)).toBe(false);
  });

  it('recognizes level modes exactly, case included', () => {
    expect(isLevelMode('skycloud')).toBe(true);
    expect(isLevelMode('Survival')).toBe(false);
    expect(isLevelMode('toString')).toBe(false);
    expect(isLevelMode(null)).toBe(false);
  });
});
