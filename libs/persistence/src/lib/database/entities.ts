import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { VoteCountEntity } from '../leaderboards/vote-count.entity';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { PlayerEntity } from '../players/player.entity';
import { StaffAccountEntity } from '../accounts/staff-account.entity';
import { CounterEntity } from '../stats/counter.entity';
import { LegacyImportEntity } from '../legacy/legacy-import.entity';
import { PlayerCountSampleEntity } from '../server-status/playercount-sample.entity';

/** Every entity, listed explicitly (no globs: the apps are bundled file by file). */
export const ENTITIES = [
  PlayerEntity,
  PlayerBalanceEntity,
  VoteCountEntity,
  EconomyLogEntity,
  AchievementLogEntity,
  StaffAccountEntity,
  CounterEntity,
  LegacyImportEntity,
  PlayerCountSampleEntity,
];
