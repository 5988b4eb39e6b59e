/**
 * Economy types a balance is kept for: the `{TYPE}` of `ECONOMY_{TYPE}_ADD/_TAKE/_RESET` (SPEC 5).
 * The order is the order used everywhere a list of them is shown.
 */
export const ECONOMY_TYPES = [
  'CRAFTCOINS',
  'CRAFTTOKENS',
  'VOTETOKENS',
  'KARMA',
  'ACHIEVEMENTPOINTS',
  'EVENTPOINTS',
] as const;
export type EconomyType = (typeof ECONOMY_TYPES)[number];

/** Game modes with a level; `global` is the network-wide level (seed 2.7 `ranked`). */
export const LEVEL_MODES = [
  'global',
  'survival',
  'skyblock',
  'creative',
  'vanilla',
  'prison',
  'skycloud',
] as const;
export type LevelMode = (typeof LEVEL_MODES)[number];

/** Social profile links (seed 2.7 `social`, besides the free-text `status`). */
export const SOCIAL_FIELDS = ['facebook', 'twitter', 'twitch', 'steam', 'web'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

export function isEconomyType(value: unknown): value is EconomyType {
  return typeof value === 'string' && (ECONOMY_TYPES as readonly string[]).includes(value);
}

export function isLevelMode(value: unknown): value is LevelMode {
  return typeof value === 'string' && (LEVEL_MODES as readonly string[]).includes(value);
}
