import * as contracts from '@craftstats/contracts';
import * as domain from '@craftstats/domain';

// libs/contracts and libs/domain may not import each other (module boundaries), so the constants
// both need are declared twice. This suite fails the build when the two copies drift apart.
describe('contracts and domain agree', () => {
  it('on the event actions', () => {
    expect([...contracts.EVENT_ACTIONS].sort()).toEqual([...domain.EVENT_ACTIONS].sort());
  });

  it('on the economy types and level modes', () => {
    expect([...contracts.ECONOMY_TYPES]).toEqual([...domain.ECONOMY_TYPES]);
    expect([...contracts.LEVEL_MODES]).toEqual([...domain.LEVEL_MODES]);
  });

  it('on the leaderboard and log sizes', () => {
    expect(contracts.LEADERBOARD_SIZE).toBe(domain.LEADERBOARD_SIZE);
    expect(contracts.LOG_SIZE).toBe(domain.LOG_SIZE);
  });

  it('on the Czech messages of the error codes both know', () => {
    for (const [code, message] of Object.entries(domain.DOMAIN_ERROR_MESSAGES)) {
      expect({ code, message }).toEqual({
        code,
        message: contracts.ERROR_MESSAGES[code as contracts.ErrorCode],
      });
    }
  });
});
