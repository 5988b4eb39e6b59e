import fc from 'fast-check';
import { ECONOMY_TYPES, LEVEL_MODES } from '../lib/players/player.constants';

/**
 * fast-check arbitrary of the action-specific part of a valid raw event (the fields besides id, uuid,
 * nick, server and date): every action the ingestor accepts, with small value ranges so that histories
 * collide (equal ranks, equal Discord ids, resets to values others hold). The property tests of the
 * domain (the fold) and of persistence (the stored projections) draw their histories from it.
 */
export const eventSpecificArbitrary = fc.oneof(
  fc.constant({ action: 'ECONOMY_REGISTER' }),
  fc.constant({ action: 'ECONOMY_CHANGE_NAME' }),
  fc.record({
    action: fc.constantFrom(
      ...ECONOMY_TYPES.flatMap((t) => [`ECONOMY_${t}_ADD`, `ECONOMY_${t}_TAKE`, `ECONOMY_${t}_RESET`]),
    ),
    new_value: fc.integer({ min: 0, max: 50 }),
  }),
  fc.record({ action: fc.constant('PLAYER_UPDATE_RANK'), new_value: fc.constantFrom('1', '10', '12') }),
  fc.record({ action: fc.constant('PLAYER_SET_TAG'), new_value: fc.constantFrom('1', '2', '3') }),
  fc.record({
    action: fc.constant('PLAYER_DISCORD_CONNECT'),
    new_value: fc.constantFrom('123456789012345678', '987654321098765432'),
  }),
  fc.record({ action: fc.constant('PLAYER_VOTE'), site: fc.constantFrom('czech-craft.eu', 'craftlist.org') }),
  fc.record({
    action: fc.constant('ACHIEVEMENT_COMPLETE'),
    ach_id: fc.constantFrom('a1', 'a2'),
    ach_name: fc.constant('Úspěch'),
    ach_value: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({ action: fc.constant('PLAYER_JOIN'), mc_version: fc.constantFrom('1.20.1', '1.21.4', '') }),
  fc.record({ action: fc.constant('PLAYER_QUIT') }),
  fc.record({
    action: fc.constant('PLAYER_UPDATE_LEVEL'),
    mode: fc.constantFrom(...LEVEL_MODES),
    level: fc.integer({ min: 0, max: 5 }),
    experience: fc.integer({ min: 0, max: 99 }),
  }),
  fc.record(
    {
      action: fc.constant('PLAYER_UPDATE_SOCIAL'),
      status: fc.constantFrom('', 'ahoj'),
      twitch: fc.constantFrom(null, 'https://twitch.tv/a', 'https://twitch.tv/b'),
      web: fc.constantFrom(null, 'https://example.cz/'),
    },
    { requiredKeys: ['action', 'status'] },
  ),
);
