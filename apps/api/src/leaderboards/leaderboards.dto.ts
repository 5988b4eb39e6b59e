import { ApiProperty } from '@nestjs/swagger';
import {
  LeaderboardEntry,
  LeaderboardResponse,
  LevelLeaderboardEntry,
  LevelLeaderboardResponse,
} from '@craftstats/contracts';

export class LeaderboardEntryDto implements LeaderboardEntry {
  @ApiProperty({ description: 'Pořadí, od 1 vzestupně (nejvýše 50).', example: 1, type: 'integer' })
  index!: number;

  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({
    description: 'UUID hráče (8-4-4-4-12, malá písmena).',
    example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  })
  uuid!: string;

  @ApiProperty({ description: 'Hodnota statistiky (celé číslo).', example: 15000, type: 'integer' })
  value!: number;
}

export class LeaderboardResponseDto implements LeaderboardResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [LeaderboardEntryDto],
    description:
      'Nejvýše 50 záznamů: hodnota sestupně, při shodě nick (bez ohledu na velikost písmen), pak UUID.',
  })
  data!: LeaderboardEntryDto[];
}

export class LevelLeaderboardEntryDto implements LevelLeaderboardEntry {
  @ApiProperty({ description: 'Pořadí, od 1 vzestupně (nejvýše 50).', example: 1, type: 'integer' })
  index!: number;

  @ApiProperty({ description: 'Nick hráče.', example: 'Pepa_Novak' })
  nick!: string;

  @ApiProperty({
    description: 'UUID hráče (8-4-4-4-12, malá písmena).',
    example: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  })
  uuid!: string;

  @ApiProperty({ description: 'Level hráče v daném režimu.', example: 42, type: 'integer' })
  level!: number;

  @ApiProperty({
    description: 'Zkušenosti v daném režimu; u režimu global vždy 0 (global má jen level).',
    example: 1250,
    type: 'integer',
  })
  experience!: number;
}

export class LevelLeaderboardResponseDto implements LevelLeaderboardResponse {
  @ApiProperty({ enum: [200], example: 200, type: 'integer' })
  status!: 200;

  @ApiProperty({
    type: () => [LevelLeaderboardEntryDto],
    description:
      'Nejvýše 50 záznamů: level sestupně, pak zkušenosti sestupně, při shodě nick (bez ohledu na velikost písmen), pak UUID.',
  })
  data!: LevelLeaderboardEntryDto[];
}
