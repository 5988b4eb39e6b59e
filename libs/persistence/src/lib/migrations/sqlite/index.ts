import { LegacyImports1795412204007 } from './1795412204007-LegacyImports';
import { OrderIndependentProjections1795412282006 } from './1795412282006-OrderIndependentProjections';
import { LeaderboardSortKeys1795295905002 } from './1795295905002-LeaderboardSortKeys';
import { Initial1795293245129 } from './1795293245129-Initial';
import { LevelLeaderboards1795412152453 } from './1795412152453-LevelLeaderboards';
import { PlayerCountHistory1795413503838 } from './1795413503838-PlayerCountHistory';
import { LegacyImportAsOf1795414000000 } from './1795414000000-LegacyImportAsOf';
import { LegacyPlayedMinutes1795610825420 } from './1795610825420-LegacyPlayedMinutes';
import { LogIsIdempotencyRecord1795700000000 } from './1795700000000-LogIsIdempotencyRecord';
// Migrations for sqlite, oldest first. Generated with `npm run migration:generate -- <Name>`, then reviewed.
export const SQLITE_MIGRATIONS: Array<new () => object> = [
  Initial1795293245129,
  LeaderboardSortKeys1795295905002,
  LevelLeaderboards1795412152453,
  LegacyImports1795412204007,
  OrderIndependentProjections1795412282006,
  PlayerCountHistory1795413503838,
  LegacyImportAsOf1795414000000,
  LegacyPlayedMinutes1795610825420,
  LogIsIdempotencyRecord1795700000000,
];
