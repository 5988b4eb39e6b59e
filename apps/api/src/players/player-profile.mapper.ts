import { PlayerProfile } from '@craftstats/contracts';
import { PlayerRecord, playedMinutes } from '@craftstats/domain';

/**
 * Stored player → the API's profile (OpenAPI: `PlayerProfileDto`), field by field. Every field is always present: what the
 * service was never told is 0, "", false or null (social links, the Discord id) because the
 * projection starts from those values (`newPlayer`). `played_time` is whole minutes, as the old
 * system counted it (docs/legacy-clients.md).
 */
export function toPlayerProfile(record: PlayerRecord): PlayerProfile {
  const { player } = record;
  const { balances, levels, social } = player;
  return {
    id: record.id,
    discriminator: player.discriminator,
    nick: player.nick,
    uuid: player.uuid,
    web_group: player.webGroup,
    registred: player.registred,
    last_online: player.lastOnline,
    last_server: player.lastServer,
    is_online: player.isOnline,
    played_time: playedMinutes(player.playedTime),
    mc_version: player.mcVersion,
    economy: {
      craftcoins: balances.CRAFTCOINS.amount,
      crafttokens: balances.CRAFTTOKENS.amount,
      votetokens: balances.VOTETOKENS.amount,
      karma: balances.KARMA.amount,
      achievement_points: balances.ACHIEVEMENTPOINTS.amount,
    },
    ranked: {
      global_level: levels.global.level,
      survival_level: levels.survival.level,
      survival_experience: levels.survival.experience,
      skyblock_level: levels.skyblock.level,
      skyblock_experience: levels.skyblock.experience,
      creative_level: levels.creative.level,
      creative_experience: levels.creative.experience,
      vanilla_level: levels.vanilla.level,
      vanilla_experience: levels.vanilla.experience,
      prison_level: levels.prison.level,
      prison_experience: levels.prison.experience,
      skycloud_level: levels.skycloud.level,
      skycloud_experience: levels.skycloud.experience,
    },
    votes: {
      total: player.votesTotal,
      month: record.votesMonth,
      week: record.votesWeek,
      last_vote: player.lastVote,
    },
    social: {
      status: social.status,
      facebook: social.facebook,
      twitter: social.twitter,
      twitch: social.twitch,
      steam: social.steam,
      web: social.web,
    },
    discord: { id: player.discordId },
    deprecated: {
      votetokens: player.deprecated.votetokens,
      level: player.deprecated.level,
      experience: player.deprecated.experience,
    },
  };
}
