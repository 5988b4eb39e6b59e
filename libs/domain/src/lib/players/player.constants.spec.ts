import * as contracts from '@craftstats/contracts';
import {
  ECONOMY_TYPES,
  isEconomyType,
  isLevelMode,
  LEVEL_MODES,
  playedMinutes,
  SOCIAL_FIELDS,
} from './player.constants';

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

  it('shows played time in whole minutes, rounded down from the summed milliseconds', () => {
    expect(playedMinutes(0)).toBe(0);
    expect(playedMinutes(59_999)).toBe(0);
    expect(playedMinutes(60_000)).toBe(1);
    expect(playedMinutes(4 * 60_000 + 59_999)).toBe(4);
    expect(playedMinutes(3_600_000)).toBe(60);
    expect(playedMinutes(Number.MAX_SAFE_INTEGER)).toBe(150_119_987_579);
  });
});
