import * as contracts from '@craftstats/contracts';
import { ECONOMY_TYPES, isEconomyType, isLevelMode, LEVEL_MODES, SOCIAL_FIELDS } from './player.constants';

describe('player constants', () => {
  it('uses the wire constants of the contracts, not copies of them', () => {
    expect(ECONOMY_TYPES).toBe(contracts.ECONOMY_TYPES);
    expect(LEVEL_MODES).toBe(contracts.LEVEL_MODES);
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
