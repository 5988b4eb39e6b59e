import {
  Balance,
  ECONOMY_TYPES,
  EconomyType,
  LEVEL_MODES,
  LevelMode,
  LevelProgress,
  PlayerProjection,
  nickKey,
} from '@craftstats/domain';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { PlayerEntity } from './player.entity';

/** Column names of the level columns, e.g. survival → survivalLevel / survivalExperience. */
type LevelColumns = {
  [M in LevelMode]: { level: `${M}Level`; experience: M extends 'global' ? null : `${M}Experience` };
};
const LEVEL_COLUMNS = Object.fromEntries(
  LEVEL_MODES.map((mode) => [
    mode,
    { level: `${mode}Level`, experience: mode === 'global' ? null : `${mode}Experience` },
  ]),
) as LevelColumns;

/** The player row's columns (everything but the generated id). */
export type PlayerRow = Omit<PlayerEntity, 'id'>;

/** Entity (+ its balance rows) → domain projection. */
export function toProjection(row: PlayerEntity, balances: readonly PlayerBalanceEntity[]): PlayerProjection {
  const byType = new Map(balances.map((b) => [b.currency, b]));
  const levels = Object.fromEntries(
    LEVEL_MODES.map((mode) => {
      const columns = LEVEL_COLUMNS[mode];
      const experience = columns.experience === null ? 0 : (row[columns.experience] as number);
      return [mode, { level: row[columns.level] as number, experience }];
    }),
  ) as Record<LevelMode, LevelProgress>;
  return {
    uuid: row.uuid,
    nick: row.nick,
    nickSince: row.nickSince,
    discriminator: row.discriminator,
    registred: row.registred,
    webGroup: row.webGroup,
    lastOnline: row.lastOnline,
    lastServer: row.lastServer,
    isOnline: row.isOnline,
    playedTime: row.playedTime,
    mcVersion: row.mcVersion,
    rank: row.rankId,
    rankSince: row.rankSince,
    tag: row.tag,
    discordId: row.discordId,
    levels,
    social: {
      status: row.socialStatus,
      facebook: row.socialFacebook,
      twitter: row.socialTwitter,
      twitch: row.socialTwitch,
      steam: row.socialSteam,
      web: row.socialWeb,
    },
    balances: Object.fromEntries(
      ECONOMY_TYPES.map((type) => {
        const stored = byType.get(type);
        return [type, stored ? { amount: stored.amount, asOf: stored.asOf } : { amount: 0, asOf: 0 }];
      }),
    ) as Record<EconomyType, Balance>,
    votesTotal: row.votesTotal,
    lastVote: row.lastVote,
    openSession:
      row.sessionServer !== null && row.sessionSince !== null
        ? { server: row.sessionServer, since: row.sessionSince }
        : null,
    deprecated: {
      votetokens: row.deprecatedVotetokens,
      level: row.deprecatedLevel,
      experience: row.deprecatedExperience,
    },
    lastEvent: { date: row.lastEventDate, id: row.lastEventId, source: row.lastEventSource },
  };
}

/** Domain projection → the player row's columns (balances are stored separately). */
export function toPlayerRow(player: PlayerProjection, createdAt: number): PlayerRow {
  const levelFields: Record<string, number> = {};
  for (const mode of LEVEL_MODES) {
    const columns = LEVEL_COLUMNS[mode];
    levelFields[columns.level] = player.levels[mode].level;
    if (columns.experience !== null) levelFields[columns.experience] = player.levels[mode].experience;
  }
  return {
    uuid: player.uuid,
    nick: player.nick,
    nickLower: nickKey(player.nick),
    nickSince: player.nickSince,
    discriminator: player.discriminator,
    webGroup: player.webGroup,
    registred: player.registred,
    lastOnline: player.lastOnline,
    lastServer: player.lastServer,
    isOnline: player.isOnline,
    playedTime: player.playedTime,
    mcVersion: player.mcVersion,
    rankId: player.rank,
    rankSince: player.rankSince,
    tag: player.tag,
    discordId: player.discordId,
    ...(levelFields as Pick<PlayerRow, `${LevelMode}Level` | `${Exclude<LevelMode, 'global'>}Experience`>),
    socialStatus: player.social.status,
    socialFacebook: player.social.facebook,
    socialTwitter: player.social.twitter,
    socialTwitch: player.social.twitch,
    socialSteam: player.social.steam,
    socialWeb: player.social.web,
    votesTotal: player.votesTotal,
    lastVote: player.lastVote,
    sessionServer: player.openSession?.server ?? null,
    sessionSince: player.openSession?.since ?? null,
    deprecatedVotetokens: player.deprecated.votetokens,
    deprecatedLevel: player.deprecated.level,
    deprecatedExperience: player.deprecated.experience,
    lastEventDate: player.lastEvent?.date ?? 0,
    lastEventId: player.lastEvent?.id ?? '',
    lastEventSource: player.lastEvent?.source ?? '',
    createdAt,
  };
}
