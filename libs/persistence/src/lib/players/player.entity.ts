import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber, tinyintAsBoolean } from '../database/column-types';

/**
 * One row per player: the projection behind the player profile (OpenAPI: `PlayerProfileDto`), kept by
 * the ingestor. Balances and vote counts live in their own tables so that each leaderboard has one
 * composite index.
 */
@Entity('players')
@Index('uq_players_uuid', ['uuid'], { unique: true })
@Index('idx_players_nick', ['nickLower', 'nickSince', 'uuid'])
@Index('idx_players_rank', ['rankId'])
// Level leaderboards (ADR 0025): each mode's (level, experience) then the usual tie keys.
@Index('idx_players_level_global', ['globalLevel', 'nickLower', 'uuid'])
@Index('idx_players_level_survival', ['survivalLevel', 'survivalExperience', 'nickLower', 'uuid'])
@Index('idx_players_level_skyblock', ['skyblockLevel', 'skyblockExperience', 'nickLower', 'uuid'])
@Index('idx_players_level_creative', ['creativeLevel', 'creativeExperience', 'nickLower', 'uuid'])
@Index('idx_players_level_vanilla', ['vanillaLevel', 'vanillaExperience', 'nickLower', 'uuid'])
@Index('idx_players_level_prison', ['prisonLevel', 'prisonExperience', 'nickLower', 'uuid'])
@Index('idx_players_level_skycloud', ['skycloudLevel', 'skycloudExperience', 'nickLower', 'uuid'])
export class PlayerEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Column({ type: 'varchar', length: 32 })
  nick!: string;

  /** Lower-cased nick: case-insensitive lookups and tie-breaks use an index on both dialects. */
  @Column({ name: 'nick_lower', type: 'varchar', length: 32 })
  nickLower!: string;

  /** Date (ms) from which the player holds this nick; the newest holder wins a nick lookup. */
  @Column({ name: 'nick_since', type: 'bigint', default: 0, transformer: bigintAsNumber })
  nickSince!: number;

  @Column({ type: 'varchar', length: 4 })
  discriminator!: string;

  @Column({ name: 'web_group', type: 'int', default: 0 })
  webGroup!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  registred!: number;

  @Column({ name: 'last_online', type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastOnline!: number;

  @Column({ name: 'last_server', type: 'varchar', length: 64, default: '' })
  lastServer!: string;

  @Column({ name: 'is_online', type: 'boolean', default: false, transformer: tinyintAsBoolean })
  isOnline!: boolean;

  /** Milliseconds (profiles show whole minutes). */
  @Column({ name: 'played_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  playedTime!: number;

  @Column({ name: 'mc_version', type: 'varchar', length: 32, default: '' })
  mcVersion!: string;

  /** `rank` is a reserved word in MySQL 8, hence `rank_id`. */
  @Column({ name: 'rank_id', type: 'varchar', length: 20, default: '' })
  rankId!: string;

  /** Date (ms) of the event that set the rank: a late, older rank event does not undo a newer one. */
  @Column({ name: 'rank_since', type: 'bigint', default: 0, transformer: bigintAsNumber })
  rankSince!: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  tag!: string;

  /**
   * Discord snowflakes exceed 2^53: kept as text, byte for byte. '' = no linked account, the
   * projection's null (`discordIdFromColumn`; ADR 0068).
   */
  @Column({ name: 'discord_id', type: 'varchar', length: 20, default: '' })
  discordId!: string;

  @Column({ name: 'global_level', type: 'int', default: 0 })
  globalLevel!: number;

  @Column({ name: 'survival_level', type: 'int', default: 0 })
  survivalLevel!: number;

  @Column({ name: 'survival_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  survivalExperience!: number;

  @Column({ name: 'skyblock_level', type: 'int', default: 0 })
  skyblockLevel!: number;

  @Column({ name: 'skyblock_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  skyblockExperience!: number;

  @Column({ name: 'creative_level', type: 'int', default: 0 })
  creativeLevel!: number;

  @Column({ name: 'creative_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  creativeExperience!: number;

  @Column({ name: 'vanilla_level', type: 'int', default: 0 })
  vanillaLevel!: number;

  @Column({ name: 'vanilla_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  vanillaExperience!: number;

  @Column({ name: 'prison_level', type: 'int', default: 0 })
  prisonLevel!: number;

  @Column({ name: 'prison_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  prisonExperience!: number;

  @Column({ name: 'skycloud_level', type: 'int', default: 0 })
  skycloudLevel!: number;

  @Column({ name: 'skycloud_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  skycloudExperience!: number;

  @Column({ name: 'social_status', type: 'varchar', length: 256, default: '' })
  socialStatus!: string;

  @Column({ name: 'social_facebook', type: 'varchar', length: 512, nullable: true, default: null })
  socialFacebook!: string | null;

  @Column({ name: 'social_twitter', type: 'varchar', length: 512, nullable: true, default: null })
  socialTwitter!: string | null;

  @Column({ name: 'social_twitch', type: 'varchar', length: 512, nullable: true, default: null })
  socialTwitch!: string | null;

  @Column({ name: 'social_steam', type: 'varchar', length: 512, nullable: true, default: null })
  socialSteam!: string | null;

  @Column({ name: 'social_web', type: 'varchar', length: 512, nullable: true, default: null })
  socialWeb!: string | null;

  @Column({ name: 'votes_total', type: 'int', default: 0 })
  votesTotal!: number;

  @Column({ name: 'last_vote', type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastVote!: number;

  /** The open play session (between PLAYER_JOIN and PLAYER_QUIT), if any. */
  @Column({ name: 'session_server', type: 'varchar', length: 64, nullable: true, default: null })
  sessionServer!: string | null;

  @Column({
    name: 'session_since',
    type: 'bigint',
    nullable: true,
    default: null,
    transformer: bigintAsNumber,
  })
  sessionSince!: number | null;

  @Column({ name: 'deprecated_votetokens', type: 'bigint', default: 0, transformer: bigintAsNumber })
  deprecatedVotetokens!: number;

  @Column({ name: 'deprecated_level', type: 'int', default: 0 })
  deprecatedLevel!: number;

  @Column({ name: 'deprecated_experience', type: 'bigint', default: 0, transformer: bigintAsNumber })
  deprecatedExperience!: number;

  /**
   * The newest event (date, id, source) folded into this row. An event that sorts before it makes the
   * ingestor replay the player from the log instead of patching the row (ADR 0015).
   */
  @Column({ name: 'last_event_date', type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastEventDate!: number;

  @Column({ name: 'last_event_id', type: 'varchar', length: 64, default: '' })
  lastEventId!: string;

  @Column({ name: 'last_event_source', type: 'varchar', length: 64, default: '' })
  lastEventSource!: string;

  /** Receipt time (ms) of the first event that mentioned the player. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt!: number;
}
