import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import {
  PlayerDeprecated,
  PlayerDiscord,
  PlayerEconomy,
  PlayerProfile,
  PlayerProfileResponse,
  PlayerRanked,
  PlayerSocial,
  PlayerVotes,
} from '@craftstats/contracts';
import { isValidNick, normalizeUuid } from '@craftstats/domain';
import { answerWith } from '@craftstats/platform';

/** What `normalizeUuid` answers: dashed, lower-case. */
const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const int = (description: string, example = 0) => ApiProperty({ description, example, type: 'integer' });
const url = (description: string) =>
  ApiProperty({
    description: `${description}: http(s) URL, nebo null.`,
    type: 'string',
    nullable: true,
    example: null,
  });

export class PlayerEconomyDto implements PlayerEconomy {
  @int('CraftCoins.', 1500) craftcoins!: number;
  @int('CraftTokens.') crafttokens!: number;
  @int('VoteTokens.') votetokens!: number;
  @int('Karma.') karma!: number;
  @int('Achievement Points.') achievement_points!: number;
}

export class PlayerRankedDto implements PlayerRanked {
  @int('Globální level.') global_level!: number;
  @int('Level v režimu survival.') survival_level!: number;
  @int('Zkušenosti v režimu survival.') survival_experience!: number;
  @int('Level v režimu skyblock.') skyblock_level!: number;
  @int('Zkušenosti v režimu skyblock.') skyblock_experience!: number;
  @int('Level v režimu creative.') creative_level!: number;
  @int('Zkušenosti v režimu creative.') creative_experience!: number;
  @int('Level v režimu vanilla.') vanilla_level!: number;
  @int('Zkušenosti v režimu vanilla.') vanilla_experience!: number;
  @int('Level v režimu prison.') prison_level!: number;
  @int('Zkušenosti v režimu prison.') prison_experience!: number;
  @int('Level v režimu skycloud.') skycloud_level!: number;
  @int('Zkušenosti v režimu skycloud.') skycloud_experience!: number;
}

export class PlayerVotesDto implements PlayerVotes {
  @int('Hlasy celkem.', 42) total!: number;
  @int('Hlasy v aktuálním kalendářním měsíci (TZ_COMMUNITY).', 7) month!: number;
  @int('Hlasy v aktuálním týdnu od pondělí (TZ_COMMUNITY).', 2) week!: number;
  @int('Čas posledního hlasu v ms od epochy, 0 = nikdy.') last_vote!: number;
}

export class PlayerSocialDto implements PlayerSocial {
  @ApiProperty({ description: 'Status (volný text), "" = nenastaven.', example: '' })
  status!: string;

  @url('Facebook') facebook!: string | null;
  @url('Twitter') twitter!: string | null;
  @url('Twitch') twitch!: string | null;
  @url('Steam') steam!: string | null;
  @url('Web') web!: string | null;
}

export class PlayerDiscordDto implements PlayerDiscord {
  @ApiProperty({
    description: 'Discord ID jako text (přesahuje 2^53), null = hráč nemá propojený Discord účet.',
    type: 'string',
    nullable: true,
    example: '348569173429977088',
  })
  id!: string | null;
}

export class PlayerDeprecatedDto implements PlayerDeprecated {
  @int('Zastaralé VoteTokens (historická hodnota).') votetokens!: number;
  @int('Zastaralý level (historická hodnota).') level!: number;
  @int('Zastaralé zkušenosti (historická hodnota).') experience!: number;
}

export class PlayerProfileDto implements PlayerProfile {
  @int('Interní ID hráče.', 1) id!: number;

  @ApiProperty({ description: 'Čtyřmístný text.', example: '0420' })
  discriminator!: string;

  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({
    description: 'UUID hráče (8-4-4-4-12, malá písmena).',
    example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  })
  uuid!: string;

  @int('ID webové skupiny.') web_group!: number;
  @int('Čas registrace v ms od epochy (název pole je záměrně "registred"), 0 = neznámý.') registred!: number;
  @int('Poslední přítomnost v ms od epochy, 0 = nikdy.') last_online!: number;

  @ApiProperty({ description: 'Název posledního serveru, "" = nikdy nebyl online.', example: 'survival' })
  last_server!: string;

  @ApiProperty({ description: 'Je hráč právě online.', example: false })
  is_online!: boolean;

  @int(
    'Odehraný čas v celých minutách, zaokrouhleno dolů (součet ukončených relací; aktuální relace se připočte ' +
      'při odpojení). Hodiny = played_time / 60.',
    754,
  )
  played_time!: number;

  @ApiProperty({ description: 'Verze herního klienta, "" = neznámá.', example: '1.21.4' })
  mc_version!: string;

  @ApiProperty({ type: () => PlayerEconomyDto }) economy!: PlayerEconomyDto;
  @ApiProperty({ type: () => PlayerRankedDto }) ranked!: PlayerRankedDto;
  @ApiProperty({ type: () => PlayerVotesDto }) votes!: PlayerVotesDto;
  @ApiProperty({ type: () => PlayerSocialDto }) social!: PlayerSocialDto;
  @ApiProperty({ type: () => PlayerDiscordDto }) discord!: PlayerDiscordDto;
  @ApiProperty({ type: () => PlayerDeprecatedDto }) deprecated!: PlayerDeprecatedDto;
}

export class PlayerProfileResponseDto implements PlayerProfileResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({ type: () => PlayerProfileDto })
  data!: PlayerProfileDto;
}

/** `:nick` of `GET /player/:nick`: a nick's characters and length, any letter case. */
export class PlayerNickParamsDto {
  @ApiProperty({ description: 'Herní jméno hráče; velikost písmen nehraje roli.', example: 'Pepa_Novak' })
  @ValidateBy(
    {
      name: 'nick',
      validator: { validate: (value: unknown) => typeof value === 'string' && isValidNick(value) },
    },
    answerWith({ code: 'INVALID_NICK' }),
  )
  nick!: string;
}

/**
 * `:uuid` of `GET /player/uuid/:uuid`: dashed or undashed, any case, any version digit; the handler
 * gets it dashed and lower-case.
 */
export class PlayerUuidParamsDto {
  @ApiProperty({
    description: 'UUID herního účtu: s pomlčkami i bez, libovolná velikost písmen, libovolná verze (3 i 4).',
    example: '3f2b8c1e9a4d4e7b8c215d6e7f809a1b',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (normalizeUuid(value) ?? value) : value,
  )
  @ValidateBy(
    {
      name: 'uuid',
      validator: { validate: (value: unknown) => typeof value === 'string' && DASHED_UUID.test(value) },
    },
    answerWith({ code: 'INVALID_UUID' }),
  )
  uuid!: string;
}
