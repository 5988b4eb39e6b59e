import { DynamicModule, Module } from '@nestjs/common';
import { ApiConfig, Metrics, PlatformModule } from '@craftstats/platform';
import { LeaderboardsModule } from './leaderboards/leaderboards.module';
import { LogsModule } from './logs/logs.module';
import { PlayersModule } from './players/players.module';
import { SearchModule } from './search/search.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { AccountsModule } from './accounts/accounts.module';
import { PanelModule } from './panel/panel.module';
import { ServerStatusModule } from './server-status/server-status.module';
import { VoteCalendarModule } from './vote-calendar/vote-calendar';

/** The public read API, staff accounts and the staff panel. Feature modules are listed here. */
@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forApp(config, metrics),
        RateLimitModule,
        VoteCalendarModule,
        LeaderboardsModule,
        ServerStatusModule,
        LogsModule,
        PlayersModule,
        SearchModule,
        AccountsModule,
        PanelModule,
      ],
    };
  }
}
