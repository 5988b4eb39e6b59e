import type { PlayerProfile } from '../lib/players';

type Nested = 'economy' | 'ranked' | 'votes' | 'social' | 'discord' | 'deprecated';

/** What a test states about a profile: any top-level field, and any part of the nested objects. */
export type PlayerProfileOverrides = Partial<Omit<PlayerProfile, Nested>> & {
  [K in Nested]?: Partial<PlayerProfile[K]>;
};

/**
 * A profile as the API answers it for a player it has been told nothing more about (every field of the
 * profile present: `0`, `""`, `false` or `null`), with `overrides` on top; the nested objects are merged
 * field by field. The one profile fixture of the tests.
 */
export function playerProfile(overrides: PlayerProfileOverrides = {}): PlayerProfile {
  const { economy, ranked, votes, social, discord, deprecated, ...fields } = overrides;
  return {
    id: 0,
    discriminator: '0000',
    nick: '',
    uuid: '',
    web_group: 0,
    registred: 0,
    last_online: 0,
    last_server: '',
    is_online: false,
    played_time: 0,
    mc_version: '',
    ...fields,
    economy: { craftcoins: 0, crafttokens: 0, votetokens: 0, karma: 0, achievement_points: 0, ...economy },
    ranked: {
      global_level: 0,
      survival_level: 0,
      survival_experience: 0,
      skyblock_level: 0,
      skyblock_experience: 0,
      creative_level: 0,
      creative_experience: 0,
      vanilla_level: 0,
      vanilla_experience: 0,
      prison_level: 0,
      prison_experience: 0,
      skycloud_level: 0,
      skycloud_experience: 0,
      ...ranked,
    },
    votes: { total: 0, month: 0, week: 0, last_vote: 0, ...votes },
    social: { status: '', facebook: null, twitter: null, twitch: null, steam: null, web: null, ...social },
    discord: { id: null, ...discord },
    deprecated: { votetokens: 0, level: 0, experience: 0, ...deprecated },
  };
}
