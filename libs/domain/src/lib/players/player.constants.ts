// The economy types and level modes are wire constants: they are defined once, in libs/contracts (which
// the domain may import, see docs/architecture.md), and re-exported here as part of the domain's vocabulary.
import { ECONOMY_TYPES, LEVEL_MODES, type EconomyType, type LevelMode } from '@craftstats/contracts';

export { ECONOMY_TYPES, LEVEL_MODES, type EconomyType, type LevelMode } from '@craftstats/contracts';

/**
 * Social profile links (the profile's `social`, besides the free-text `status`; docs/ingestion.md,
 * PLAYER_UPDATE_SOCIAL).
 */
export const SOCIAL_FIELDS = ['facebook', 'twitter', 'twitch', 'steam', 'web'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

export function isEconomyType(value: unknown): value is EconomyType {
  return typeof value === 'string' && (ECONOMY_TYPES as readonly string[]).includes(value);
}

export function isLevelMode(value: unknown): value is LevelMode {
  return typeof value === 'string' && (LEVEL_MODES as readonly string[]).includes(value);
}

/** `played_time` is kept in milliseconds and shown in whole minutes. */
export const MS_PER_MINUTE = 60_000;

/**
 * A profile's `played_time`: whole minutes of play, rounded down from the summed sessions (the unit the
 * old system counted in and its clients divide by 60 for hours; docs/legacy-clients.md).
 */
export function playedMinutes(playedTimeMs: number): number {
  return Math.floor(playedTimeMs / MS_PER_MINUTE);
}
