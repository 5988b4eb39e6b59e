import * as domain from './index';

describe('@craftstats/domain public API', () => {
  it('exports the runtime values other libraries build on', () => {
    expect(Object.keys(domain)).toEqual(
      expect.arrayContaining([
        'BALANCE_ACTIONS',
        'BALANCE_OPERATIONS',
        'DOMAIN_ERROR_MESSAGES',
        'DomainError',
        'ECONOMY_TYPES',
        'EVENT_ACTIONS',
        'EVENT_ERRORS',
        'LEADERBOARD_SIZE',
        'LEVEL_MODES',
        'LOG_SIZE',
        'PUBLIC_LOG_ACTIONS',
        'SOCIAL_FIELDS',
        'TOTAL_VOTES_KEY',
        'applyEvent',
        'balanceAction',
        'balanceActionParts',
        'compareRanked',
        'discriminatorFor',
        'fnv1a32',
        'isBalanceAction',
        'isEconomyType',
        'isEventAction',
        'isLevelMode',
        'isPublicLogAction',
        'isValidNick',
        'isValidTimeZone',
        'newPlayer',
        'nickKey',
        'normalizeUuid',
        'parseEvent',
        'rankRows',
        'votePeriodKeys',
      ]),
    );
  });
});
