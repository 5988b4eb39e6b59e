import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TOTAL_VOTES_KEY } from '@craftstats/domain';
import { PreparedAnswer } from '@craftstats/platform';
import { CACHE_TTL_SECONDS, CLOSED_PERIOD_MAX_AGE_SECONDS } from '../http-cache/cache-policy';
import { PublicRead } from '../http-cache/public-read.swagger';
import { PublicRateLimit } from '../rate-limit/rate-limit.decorators';
import {
  LeaderboardResponseDto,
  LevelBoardParamsDto,
  LevelLeaderboardResponseDto,
  MonthBoardQueryDto,
  WeekBoardQueryDto,
} from './leaderboards.dto';
import { LeaderboardsService } from './leaderboards.service';

const ORDER =
  'Nejvýše 50 hráčů seřazených podle hodnoty sestupně; při shodě rozhoduje nick (bez ohledu na velikost ' +
  'písmen) a potom UUID. Pole index začíná od 1.';

const PERIOD_WARNING =
  'Upozornění: měsíc a týden se počítají podle kalendáře komunity (TZ_COMMUNITY, výchozí Europe/Prague, ' +
  'včetně letního času); týden začíná v pondělí 00:00 místního času. Nové období začíná od nuly ' +
  'okamžitě, bez jakékoli údržby — hlasy z minulého měsíce či týdne se nezapočítávají.';

const PAST_PERIODS =
  'Minulé období: s parametrem se vrátí žebříček zadaného období ze stejných počítadel (žádná archivační ' +
  'úloha), se stejným tvarem a pravidly pořadí. Období bez hlasů (i budoucí) vrátí prázdný seznam. ' +
  'Uzavřené období (skončilo před více než hodinou — hodina je rezerva na opožděné události) se už nemění: ' +
  `odpověď má Cache-Control: public, max-age=${CLOSED_PERIOD_MAX_AGE_SECONDS}, immutable a server ji drží ` +
  `${CACHE_TTL_SECONDS.closedPeriod} s. Běžící a budoucí období mají běžnou krátkou platnost.`;

/** The documentation of one of the eight boards (month and week: with their period parameter's error). */
const Board = (summary: string, detail: string, badPeriod?: string) =>
  PublicRead({
    summary,
    description: `${detail} ${ORDER}`,
    ttlSeconds: CACHE_TTL_SECONDS.leaderboard,
    type: LeaderboardResponseDto,
    ...(badPeriod === undefined ? {} : { errors: [{ code: 'VALIDATION_FAILED', description: badPeriod }] }),
  });

/**
 * The eight leaderboards of the original API and the level boards. Thin: the service ranks
 * and caches; `?month=` and `?week=` are checked by their DTOs.
 */
@ApiTags('Žebříčky')
@PublicRateLimit()
@Controller('economy/leaderboard')
export class LeaderboardsController {
  constructor(private readonly leaderboards: LeaderboardsService) {}

  @Get('craftcoins')
  @Board('Žebříček CraftCoins', 'Hráči s nejvíce CraftCoins.')
  craftcoins(): Promise<PreparedAnswer> {
    return this.leaderboards.board('craftcoins');
  }

  @Get('crafttokens')
  @Board('Žebříček CraftTokens', 'Hráči s nejvíce CraftTokens (měna, kterou lze koupit v obchodě).')
  crafttokens(): Promise<PreparedAnswer> {
    return this.leaderboards.board('crafttokens');
  }

  @Get('votetokens')
  @Board('Žebříček VoteTokens', 'Hráči s nejvíce VoteTokens.')
  votetokens(): Promise<PreparedAnswer> {
    return this.leaderboards.board('votetokens');
  }

  @Get('achievement-points')
  @Board('Žebříček Achievement Points', 'Hráči s nejvíce body za achievementy.')
  achievementPoints(): Promise<PreparedAnswer> {
    return this.leaderboards.board('achievement-points');
  }

  @Get('event-points')
  @Board(
    'Žebříček Event Points',
    'Hráči s nejvíce Event Points (získají se jen výhrou eventu na event serveru).',
  )
  eventPoints(): Promise<PreparedAnswer> {
    return this.leaderboards.board('event-points');
  }

  @Get('total-votes')
  @Board('Žebříček hlasů celkem', 'Hráči s nejvíce hlasy za celou dobu.')
  totalVotes(): Promise<PreparedAnswer> {
    return this.leaderboards.voteBoard('total', TOTAL_VOTES_KEY);
  }

  @Get('month-votes')
  @Board(
    'Žebříček hlasů v měsíci',
    `Hráči s nejvíce hlasy v aktuálním kalendářním měsíci, nebo v měsíci zadaném parametrem month. ` +
      `${PERIOD_WARNING} ${PAST_PERIODS}`,
    'VALIDATION_FAILED: parametr month není měsíc ve tvaru RRRR-MM (např. 2026-13 nebo 2026-1).',
  )
  monthVotes(@Query() { month }: MonthBoardQueryDto): Promise<PreparedAnswer> {
    return month === undefined
      ? this.leaderboards.board('month-votes')
      : this.leaderboards.voteBoard('month', month);
  }

  @Get('week-votes')
  @Board(
    'Žebříček hlasů v týdnu',
    `Hráči s nejvíce hlasy v aktuálním týdnu (od pondělí), nebo v týdnu zadaném datem jeho pondělí ` +
      `v parametru week. ${PERIOD_WARNING} ${PAST_PERIODS}`,
    'VALIDATION_FAILED: parametr week není datum RRRR-MM-DD, nebo to datum není pondělí.',
  )
  weekVotes(@Query() { week }: WeekBoardQueryDto): Promise<PreparedAnswer> {
    return week === undefined
      ? this.leaderboards.board('week-votes')
      : this.leaderboards.voteBoard('week', week);
  }

  @Get('levels/:mode')
  @PublicRead({
    summary: 'Žebříček levelů',
    description:
      'Nejvýše 50 hráčů s nejvyšším levelem v daném režimu (global, survival, skyblock, creative, vanilla, ' +
      'prison, skycloud); při shodě levelu rozhodují zkušenosti (sestupně), pak nick (bez ohledu na velikost ' +
      'písmen) a UUID. Hráči bez jakéhokoli postupu v režimu (level 0 a 0 zkušeností) se nezobrazují. Režim ' +
      'global má jen level, zkušenosti jsou u něj vždy 0.',
    ttlSeconds: CACHE_TTL_SECONDS.leaderboard,
    type: LevelLeaderboardResponseDto,
    errors: [{ code: 'NOT_FOUND', description: 'NOT_FOUND: neznámý režim (cesta neexistuje).' }],
  })
  levels(@Param() { mode }: LevelBoardParamsDto): Promise<PreparedAnswer> {
    return this.leaderboards.levelBoard(mode);
  }
}
