import type { ApiConfig } from '@craftstats/platform';

/**
 * Staff membership is the player's current rank: a rank in STAFF_RANK_IDS (ranks arrive as
 * PLAYER_UPDATE_RANK events through the ingestor). Checked at registration, at login and on every
 * authenticated request.
 */
export function isStaffRank(rank: string, config: Pick<ApiConfig, 'staffRankIds'>): boolean {
  return config.staffRankIds.includes(rank);
}
