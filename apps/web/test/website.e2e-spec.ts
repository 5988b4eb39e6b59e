import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  ACCOUNT_MESSAGES,
  type ApiClient,
  ERROR_MESSAGES,
  type IngestClient,
  type IngestEvent,
  LEADERBOARD_SIZE,
  NETWORK_ERROR_MESSAGE,
  WEB_PATHS,
  createApiClient,
  createIngestClient,
  newEventId,
} from '@craftstats/contracts';
import {
  TypeOrmPlayerCountHistoryRepository,
  createDataSource,
  runMigrations,
} from '@craftstats/persistence';
import { type TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { describeWithChromium, launchChromium } from '@craftstats/platform/testing';
import { cs } from '../src/i18n/cs';
import { type Demo, startDemo } from './support/demo';
import { WIDTHS, axeViolations, eventually, horizontalOverflow, openPage, withExpiry } from './support/pages';

const ROOT = path.resolve(__dirname, '../../..');
/** Screenshots of the pages at both widths (untracked; the README's two are copied to docs/images). */
const SHOTS = path.join(ROOT, 'dist/web-screenshots');
const JWT_SECRET = 'web-e2e-secret-web-e2e-secret-0123456789abcdef';
/** Events of this suite carry this server name, so the panel's filters find exactly them. */
const E2E_SERVER = 'e2e-web';
const PEPA = { uuid: '7d3c2b1a-4e5f-4a6b-8c7d-0e1f2a3b4c5d', nick: 'Webtest_Pepa' };
const NOW = Date.now();

/** Czech grouping (a no-break space) as the page shows it. */
const number = (value: number): string => new Intl.NumberFormat('cs-CZ').format(value);
/** Text with every kind of space as a plain space, for comparing what a page shows. */
const plain = (text: string | null): string => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The fixture player and the panel's history of this suite, sent through the ingestor. */
function fixtureEvents(): IngestEvent[] {
  let date = NOW - 3_600_000;
  const at = (): number => (date += 1000);
  const base = { uuid: PEPA.uuid, nick: PEPA.nick, server: E2E_SERVER, id: '' };
  const events: IngestEvent[] = [
    { ...base, action: 'ECONOMY_REGISTER', date: at() },
    { ...base, action: 'ECONOMY_CRAFTCOINS_ADD', old_value: 0, new_value: 1_234_567, date: at() },
    { ...base, action: 'ECONOMY_CRAFTTOKENS_ADD', old_value: 0, new_value: 42, date: at() },
    { ...base, action: 'ECONOMY_VOTETOKENS_ADD', old_value: 0, new_value: 7, date: at() },
    { ...base, action: 'ECONOMY_KARMA_ADD', old_value: 0, new_value: 3, date: at() },
    { ...base, action: 'ECONOMY_ACHIEVEMENTPOINTS_ADD', old_value: 0, new_value: 55, date: at() },
    { ...base, action: 'PLAYER_UPDATE_LEVEL', mode: 'global', level: 12, date: at() },
    { ...base, action: 'PLAYER_UPDATE_LEVEL', mode: 'survival', level: 5, experience: 1234, date: at() },
    { ...base, action: 'PLAYER_DISCORD_CONNECT', new_value: '987654321098765432', date: at() },
    {
      ...base,
      action: 'PLAYER_UPDATE_SOCIAL',
      status: 'Ahoj <b>světe</b>',
      web: 'https://example.cz/pepa',
      twitch: 'http://twitch.example/pepa',
      date: at(),
    },
    ...Array.from({ length: 40 }, (_, i): IngestEvent => ({
      ...base,
      action: 'ECONOMY_KARMA_ADD',
      old_value: 3 + i,
      new_value: 4 + i,
      date: at(),
    })),
    ...Array.from({ length: 30 }, (_, i): IngestEvent => ({
      ...base,
      action: 'ACHIEVEMENT_COMPLETE',
      ach_id: `e2e_goal_${i}`,
      ach_name: `Cíl ${i}`,
      ach_value: 5,
      date: at(),
    })),
  ];
  return [...events, ...boardEvents(at)].map((event) => ({ ...event, id: newEventId('e2e') }));
}

/** Players with craftcoins beyond the demo's ~40, so the board has more than 50 to rank and cut. */
const BOARD_PLAYERS = LEADERBOARD_SIZE + 10;
const BOARD_SERVER = `${E2E_SERVER}-board`;
const boardNick = (i: number): string => `Zebricek_${String(i).padStart(2, '0')}`;
/** Zebricek_00 is online (joined, never quit); Zebricek_01 played one session of 61 min 30 s. */
const SESSION = { join: NOW - 2 * 3_600_000, quit: NOW - 2 * 3_600_000 + 61 * 60_000 + 30_000 };

function boardEvents(at: () => number): IngestEvent[] {
  return Array.from({ length: BOARD_PLAYERS }, (_, i): IngestEvent[] => {
    const player = {
      uuid: `00000000-0000-4000-8000-${(0xb0a4d000 + i).toString(16).padStart(12, '0')}`,
      nick: boardNick(i),
      server: BOARD_SERVER,
      id: '',
    };
    const events: IngestEvent[] = [
      { ...player, action: 'ECONOMY_REGISTER', date: at() },
      { ...player, action: 'ECONOMY_CRAFTCOINS_ADD', old_value: 0, new_value: 100 * (i + 1), date: at() },
    ];
    if (i === 0) events.push({ ...player, action: 'PLAYER_JOIN', mc_version: '1.21.4', date: SESSION.join });
    if (i === 1)
      events.push(
        { ...player, action: 'PLAYER_JOIN', mc_version: '1.21.4', date: SESSION.join },
        { ...player, action: 'PLAYER_QUIT', date: SESSION.quit },
      );
    return events;
  }).flat();
}

/** 24 hours of per-minute Server List Ping results before the demo starts, with a two-hour gap. */
async function seedHistory(db: TestDatabase): Promise<void> {
  const dataSource = createDataSource(db.settings, { poolSize: 1 });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
    const history = new TypeOrmPlayerCountHistoryRepository(dataSource);
    const start = Math.floor((NOW - 24 * 3_600_000) / 60_000) * 60_000;
    for (let minute = start; minute < NOW - 60_000; minute += 60_000) {
      const hour = new Date(minute).getUTCHours();
      if (hour === 3 || hour === 4) continue; // the API was down: a gap, not zeros
      const online = Math.round(20 + 15 * Math.sin((minute / 3_600_000) * (Math.PI / 12)) + (minute % 7));
      await history.record({ minute, online, max: 500, isOnline: true });
    }
  } finally {
    await dataSource.destroy();
  }
}

describeWithChromium(
  'the website in a browser, against the demo (API, ingestor, simulator on SQLite)',
  () => {
    let db: TestDatabase;
    let demo: Demo;
    let browser: Browser;
    let api: ApiClient;
    let ingest: IngestClient;
    const url = (target: string): string => `${demo.url}${target}`;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      db = await createTestDatabase('sqlite');
      await seedHistory(db);
      demo = await startDemo({
        DATABASE_URL: db.url,
        JWT_SECRET,
        RATE_LIMIT_PUBLIC: '0',
        SSE_MAX_PER_CLIENT: '200',
      });
      browser = await launchChromium();
      api = createApiClient({ baseUrl: demo.url });
      ingest = createIngestClient({ baseUrl: demo.ingestUrl, token: demo.ingestToken });
      const sent = await ingest.send(fixtureEvents());
      if (sent.rejected.length > 0)
        throw new Error(`fixture events refused: ${JSON.stringify(sent.rejected)}`);
      // The simulator fills the boards within seconds.
      await eventually(async () => {
        const [top, staff] = await Promise.all([api.leaderboard('craftcoins'), api.staffList()]);
        if (top.length < 5 || staff.length === 0) throw new Error('the demo has not filled the boards yet');
      }, 60_000);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await demo?.stop();
      await db?.drop();
    }, 60_000);

    /** Opens `target` at `width` and waits until `selector` shows. */
    async function visit(target: string, width: number, selector: string) {
      const opened = await openPage(browser, demo.url, width);
      await opened.page.goto(url(target), { waitUntil: 'load' });
      await opened.page.waitForSelector(selector, { timeout: 15_000 });
      return opened;
    }

    /** Reloads until `compare` (reading the API and the page) passes: the simulator keeps changing data. */
    async function showsWhatTheApiAnswers(page: Page, selector: string, compare: () => Promise<void>) {
      await eventually(
        async () => {
          try {
            await compare();
          } catch (error) {
            await page.reload({ waitUntil: 'load' });
            await page.waitForSelector(selector, { timeout: 15_000 });
            throw error;
          }
        },
        30_000,
        0,
      );
    }

    describe('pages show what the API answers', () => {
      it('home: server status, registered players and the staff list', async () => {
        const { page, problems, close } = await visit('/', 1440, '.registered-count');
        await page.waitForSelector('.players-online');
        await page.waitForSelector('.staff li');
        await showsWhatTheApiAnswers(page, '.registered-count', async () => {
          const [count, unique, staff] = await Promise.all([
            api.playerCount(),
            api.uniquePlayers(),
            api.staffList(),
          ]);
          expect(plain(await page.textContent('.registered-count'))).toBe(plain(number(unique.amount)));
          expect(plain(await page.textContent('.players-online'))).toBe(
            plain(cs.home.playersOf(number(count.players.online), number(count.players.max))),
          );
          expect(await page.getAttribute('.status', 'data-online')).toBe(String(count.isOnline));
          expect(plain(await page.textContent('.status .version'))).toBe(String(count.version));
          expect(plain(await page.textContent('.status .latency'))).toBe(
            plain(cs.home.latencyValue(number(count.latency))),
          );
          expect(await page.$$eval('.staff li a', (links) => links.map((a) => a.textContent))).toEqual(
            staff.map((member) => member.nick),
          );
        });
        expect(await page.getAttribute('.favicon', 'src')).toMatch(/^data:image\/png;base64,/);
        expect(problems).toEqual([]);
        await close();
      });

      it('home: the graph draws the history points of 24 hours, 7 and 30 days', async () => {
        const { page, problems, close } = await visit('/', 1440, '.chart[data-points]');
        for (const [hours, label] of [
          [24, cs.home.range24h],
          [168, cs.home.range7d],
          [720, cs.home.range30d],
        ] as const) {
          await showsWhatTheApiAnswers(page, '.chart[data-points]', async () => {
            // After a reload the graph is back at 24 hours: pick the range (again).
            const pressed = await page.textContent('.segmented button[aria-pressed="true"]');
            if (pressed !== label) await page.click(`.segmented button:has-text("${label}")`);
            await page.waitForFunction(
              (wanted) =>
                document.querySelector('.segmented button[aria-pressed="true"]')?.textContent === wanted &&
                document.querySelector('.chart[data-points]') !== null,
              label,
            );
            const history = await api.playerCountHistory(hours);
            expect(history.length).toBeGreaterThan(10);
            await page.waitForSelector('.chart[data-points]');
            expect(Number(await page.getAttribute('.chart', 'data-points'))).toBe(history.length);
            const rows = await page.$$eval('.chart-data tbody tr time', (times) =>
              times.map((t) => t.getAttribute('datetime')),
            );
            expect(rows).toEqual(history.map((point) => new Date(point.time).toISOString()));
          });
          // The canvas has something drawn on it.
          const inked = await page.$eval('.chart canvas', (canvas) => {
            const c = canvas as HTMLCanvasElement;
            const pixels =
              c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
            let count = 0;
            for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count++;
            return count;
          });
          expect(inked).toBeGreaterThan(1000);
        }
        expect(problems).toEqual([]);
        await close();
      });

      it('a leaderboard: the top 50 in order, as the API ranks them', async () => {
        const { page, problems, close } = await visit(
          WEB_PATHS.leaderboard('craftcoins'),
          1440,
          'table.board tbody tr',
        );
        await showsWhatTheApiAnswers(page, 'table.board tbody tr', async () => {
          const top = await api.leaderboard('craftcoins');
          const rows = await page.$$eval('table.board tbody tr', (trs) =>
            trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
          );
          // More than 50 players hold craftcoins (the demo's and BOARD_PLAYERS): the API cuts at 50.
          expect([top.length, rows.length]).toEqual([LEADERBOARD_SIZE, LEADERBOARD_SIZE]);
          expect(rows.map((cells) => cells.map(plain))).toEqual(
            top.map((entry) => [`${entry.index}.`, entry.nick, plain(number(entry.value))]),
          );
        });
        expect(await page.getAttribute(`a[href="${WEB_PATHS.playerByNick(PEPA.nick)}"]`, 'href')).toBe(
          `/hrac/${PEPA.nick}`,
        );
        expect(await page.title()).toBe(`${cs.leaderboards.names.craftcoins} – ${cs.site.name}`);
        expect(problems).toEqual([]);
        await close();
      });

      it('a level board shows level and experience', async () => {
        const { page, problems, close } = await visit(
          WEB_PATHS.leaderboard('levels-survival'),
          1440,
          'table.board tbody tr',
        );
        await showsWhatTheApiAnswers(page, 'table.board tbody tr', async () => {
          const top = await api.levelLeaderboard('survival');
          const rows = await page.$$eval('table.board tbody tr', (trs) =>
            trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
          );
          expect(rows.map((cells) => cells.map(plain))).toEqual(
            top.map((e) => [`${e.index}.`, e.nick, plain(number(e.level)), plain(number(e.experience))]),
          );
        });
        expect(problems).toEqual([]);
        await close();
      });

      it('the month board takes its period from ?month= and puts the picked one into the URL', async () => {
        const { page, problems, close } = await visit(WEB_PATHS.leaderboard('month-votes'), 1440, '#period');
        expect(await page.$eval('#period', (select) => (select as HTMLSelectElement).value)).toBe('');
        // Picked with the keyboard: the previous month.
        await page.focus('#period');
        await page.keyboard.press('ArrowDown');
        await page.waitForURL(/\/zebricky\/month-votes\?month=\d{4}-\d{2}$/);
        const month = new URL(page.url()).searchParams.get('month') as string;
        expect(await page.$eval('#period', (select) => (select as HTMLSelectElement).value)).toBe(month);
        const past = await api.monthVotes(month as `${number}-${number}`);
        await page.waitForSelector('table.board, .board-main p.muted');
        const shown = await page.$$eval('table.board tbody tr td:nth-child(2)', (tds) =>
          tds.map((td) => td.textContent),
        );
        expect(shown).toEqual(past.map((entry) => entry.nick));
        // Straight from a URL, and back to the current month.
        await page.goto(url(`${WEB_PATHS.leaderboard('week-votes')}?week=2026-11-16`), { waitUntil: 'load' });
        await page.waitForSelector('#period');
        expect(await page.$eval('#period', (select) => (select as HTMLSelectElement).value)).toBe(
          '2026-11-16',
        );
        await page.selectOption('#period', '');
        await page.waitForURL(/\/zebricky\/week-votes$/);
        expect(problems).toEqual([]);
        await close();
      });

      it('the leaderboards page links every board by the API slugs', async () => {
        const { page, problems, close } = await visit(WEB_PATHS.leaderboards, 1440, '.boards .card');
        const links = await page.$$eval('.boards .card h2 a', (as) => as.map((a) => a.getAttribute('href')));
        expect(links).toEqual(
          [
            ...['craftcoins', 'crafttokens', 'votetokens', 'achievement-points', 'event-points'],
            ...['total-votes', 'month-votes', 'week-votes'],
            ...['global', 'survival', 'skyblock', 'creative', 'vanilla', 'prison', 'skycloud'].map(
              (m) => `levels-${m}`,
            ),
          ].map((slug) => `/zebricky/${slug}`),
        );
        expect(problems).toEqual([]);
        await close();
      });

      it('a profile: balances, votes, levels per mode, activity, social links and Discord', async () => {
        for (const target of [
          WEB_PATHS.playerByNick('webtest_pepa'),
          WEB_PATHS.playerByUuid(PEPA.uuid.replace(/-/g, '')),
        ]) {
          const { page, problems, close } = await visit(target, 1440, '.profile');
          const profile = await api.playerByNick(PEPA.nick);
          expect(plain(await page.textContent('.profile-head h1'))).toBe(
            `${profile.nick} #${profile.discriminator}`,
          );
          const balances = await page.$$eval('.balances dd', (dds) =>
            dds.map((dd) => [dd.getAttribute('data-currency'), dd.textContent]),
          );
          expect(balances.map(([k, v]) => [k, plain(v)])).toEqual(
            (['craftcoins', 'crafttokens', 'votetokens', 'karma', 'achievement_points'] as const).map((k) => [
              k,
              plain(number(profile.economy[k])),
            ]),
          );
          expect(plain(await page.textContent('.balances dd[data-currency="craftcoins"]'))).toBe('1 234 567');
          const levels = await page.$$eval('table.levels tbody tr', (trs) =>
            trs.map((tr) => [
              tr.getAttribute('data-mode'),
              ...Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
            ]),
          );
          expect(levels.map((row) => row.map(plain))).toEqual(
            (['global', 'survival', 'skyblock', 'creative', 'vanilla', 'prison', 'skycloud'] as const).map(
              (mode) => [
                mode,
                plain(number(profile.ranked[`${mode}_level`])),
                mode === 'global' ? cs.common.none : plain(number(profile.ranked[`${mode}_experience`])),
              ],
            ),
          );
          for (const key of ['total', 'month', 'week'] as const)
            expect(plain(await page.textContent(`dd[data-votes="${key}"]`))).toBe(
              plain(number(profile.votes[key])),
            );
          expect(await page.getAttribute('dd[data-played-minutes]', 'data-played-minutes')).toBe(
            String(profile.played_time),
          );
          expect(await page.getAttribute('dd[data-network="web"] a', 'href')).toBe('https://example.cz/pepa');
          expect(await page.getAttribute('dd[data-network="twitch"] a', 'href')).toBe(
            'http://twitch.example/pepa',
          );
          expect(await page.getAttribute('dd[data-network="web"] a', 'rel')).toContain('nofollow');
          expect(plain(await page.textContent('.social-status'))).toBe(
            `${cs.player.status}: Ahoj <b>světe</b>`,
          );
          expect(await page.$('.social-status b')).toBeNull();
          expect(await page.textContent('.discord-id')).toBe('987654321098765432');
          expect(await page.textContent('.uuid')).toBe(PEPA.uuid);
          expect(problems).toEqual([]);
          await close();
        }
      });

      it('a profile: online state, last seen, played time and an unlinked Discord account', async () => {
        const online = await visit(WEB_PATHS.playerByNick(boardNick(0)), 1440, '.profile');
        const onlineProfile = await api.playerByNick(boardNick(0));
        expect([onlineProfile.is_online, onlineProfile.last_server, onlineProfile.discord.id]).toEqual([
          true,
          BOARD_SERVER,
          null,
        ]);
        expect(plain(await online.page.textContent('.profile-head .badge'))).toBe(cs.player.online);
        expect(plain(await online.page.textContent('.profile-head p'))).toContain(
          cs.player.onlineOn(BOARD_SERVER),
        );
        expect(plain(await online.page.textContent('#discord-heading + p'))).toBe(cs.player.discordNone);
        expect(await online.page.$('.discord-id')).toBeNull();
        expect(online.problems).toEqual([]);
        await online.close();

        const offline = await visit(WEB_PATHS.playerByNick(boardNick(1)), 1440, '.profile');
        const offlineProfile = await api.playerByNick(boardNick(1));
        expect([offlineProfile.is_online, offlineProfile.last_online, offlineProfile.played_time]).toEqual([
          false,
          SESSION.quit,
          61,
        ]);
        expect(plain(await offline.page.textContent('.profile-head .badge'))).toBe(cs.player.offline);
        expect(await offline.page.getAttribute('dd[data-played-minutes]', 'data-played-minutes')).toBe('61');
        expect(await offline.page.getAttribute('.activity dd time', 'datetime')).toBe(
          new Date(SESSION.quit).toISOString(),
        );
        expect(offline.problems).toEqual([]);
        await offline.close();
      });

      it('a profile links only http(s) URLs; anything else is shown as text', async () => {
        const { page, context, problems, close } = await openPage(browser, demo.url, 1440);
        await context.route(`${demo.url}/player/${PEPA.nick}`, async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: { social: Record<string, unknown> } };
          body.data.social = {
            ...body.data.social,
            facebook: 'javascript:alert(1)',
            steam: 'ftp://files.example/x',
            web: 'www.example.cz',
          };
          await route.fulfill({ response, json: body });
        });
        await page.goto(url(WEB_PATHS.playerByNick(PEPA.nick)), { waitUntil: 'load' });
        await page.waitForSelector('.social');
        for (const [network, text] of [
          ['facebook', 'javascript:alert(1)'],
          ['steam', 'ftp://files.example/x'],
          ['web', 'www.example.cz'],
        ]) {
          expect(await page.$(`dd[data-network="${network}"] a`)).toBeNull();
          expect(await page.textContent(`dd[data-network="${network}"]`)).toBe(text);
        }
        expect(await page.getAttribute('dd[data-network="twitch"] a', 'href')).toBe(
          'http://twitch.example/pepa',
        );
        expect(problems).toEqual([]);
        await close();
      });

      it('an unknown player gets a Czech not-found page that keeps the search box', async () => {
        const { page, close } = await visit(WEB_PATHS.playerByNick('Nikdo_Takovy'), 1440, '.not-found');
        expect(await page.textContent('.not-found h1')).toBe(cs.titles.playerNotFound);
        expect(await page.textContent('.not-found [role="alert"]')).toBe(cs.player.notFound('Nikdo_Takovy'));
        expect(await page.isVisible('.not-found input[type="search"]')).toBe(true);
        await page.fill('.not-found input[type="search"]', 'Webtest_P');
        await page.waitForSelector('#not-found-search-list li');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForURL(url(WEB_PATHS.playerByNick(PEPA.nick)));
        await page.waitForSelector('.profile');
        await close();
      });
    });

    describe('search', () => {
      it('suggests the players whose nick starts with what is typed, as the API finds them', async () => {
        const { page, problems, close } = await visit('/', 1440, '#search');
        const someone = (await api.leaderboard('craftcoins'))[0]?.nick as string;
        for (const prefix of [someone.slice(0, 3), someone.slice(0, 3).toUpperCase(), 'webtest_']) {
          await page.fill('#search', prefix);
          const expected = (await api.searchPlayers(prefix)).map((p) => p.nick);
          expect(expected.length).toBeGreaterThan(0);
          await page.waitForFunction(
            (names) =>
              Array.from(document.querySelectorAll('#search-list li'))
                .map((li) => li.textContent)
                .join('|') === names.join('|'),
            expected,
            { timeout: 5_000 },
          );
          expect(expected.every((nick) => nick.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
        }
        expect(await page.getAttribute('#search', 'aria-expanded')).toBe('true');
        await page.keyboard.press('ArrowDown');
        // The first suggestion becomes the active one (waited for: the page renders after the key event).
        await page
          .waitForFunction(
            () =>
              document.querySelector('#search')?.getAttribute('aria-activedescendant') === 'search-list-0',
            undefined,
            { timeout: 2_000 },
          )
          .catch(() => undefined);
        expect(await page.getAttribute('#search', 'aria-activedescendant')).toBe('search-list-0');
        await page.keyboard.press('Enter');
        await page.waitForURL(url(WEB_PATHS.playerByNick(PEPA.nick)));
        await page.waitForSelector('.profile');
        expect(problems).toEqual([]);
        await close();
      });
    });

    describe('live logs', () => {
      it('an event posted to the ingestor appears on /zive and on / within 2 s; the pause holds new entries back', async () => {
        const home = await visit('/', 1440, '#economy-heading ~ ol.log li');
        const live = await visit(WEB_PATHS.live, 1440, 'section[aria-labelledby="live-economy"] ol.log li');
        // A live list loads only once its stream is open (useLiveLog), so the entries waited for above
        // mean that both pages' streams are connected before the event is sent.
        await live.page.waitForSelector(`.stream.live`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const nick = `Live_${Date.now() % 100000}`;
        const uuid = `0d0e0a0d-0000-4000-8000-${String(Date.now() % 1e12).padStart(12, '0')}`;
        const date = Date.now();
        await ingest.send([
          {
            id: newEventId('e2e'),
            action: 'ECONOMY_CRAFTCOINS_ADD',
            uuid,
            nick,
            old_value: 0,
            new_value: 9_876_543,
            date,
            server: E2E_SERVER,
          },
          {
            id: newEventId('e2e'),
            action: 'ACHIEVEMENT_COMPLETE',
            uuid,
            nick,
            ach_id: 'e2e_live',
            ach_name: 'Živě!',
            ach_value: 25,
            date,
            server: E2E_SERVER,
          },
        ]);
        const sent = Date.now();
        const appeared = await Promise.all(
          [home.page, live.page].flatMap((page) =>
            ['economy', 'achievements'].map(async (log) => {
              const section = page === home.page ? `#${log}-heading` : `#live-${log}`;
              await page.waitForSelector(`${section} ~ ol.log li:has(a:text-is("${nick}"))`, {
                timeout: 10_000,
              });
              return Date.now() - sent;
            }),
          ),
        );
        expect(Math.max(...appeared)).toBeLessThanOrEqual(2_000);
        // Readable numbers and Czech local time.
        const entry = live.page.locator(`#live-economy ~ ol.log li:has(a:text-is("${nick}"))`);
        expect(plain(await entry.locator('.change').textContent())).toBe('0 → 9 876 543');
        expect(await entry.locator('time').getAttribute('datetime')).toBe(new Date(date).toISOString());
        expect(plain(await entry.locator('time').textContent())).toMatch(
          /^\d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}:\d{2}$/,
        );
        expect(plain(await entry.locator('.what').textContent())).toBe('CraftCoins: přidání');

        // Paused: a new entry waits (and is counted) until the log continues.
        await live.page.click('button.pause');
        expect(await live.page.getAttribute('button.pause', 'aria-pressed')).toBe('true');
        const held = `Held_${Date.now() % 100000}`;
        await ingest.send([
          {
            id: newEventId('e2e'),
            action: 'ECONOMY_KARMA_ADD',
            uuid,
            nick: held,
            old_value: 0,
            new_value: 1,
            date: Date.now(),
            server: E2E_SERVER,
          },
        ]);
        await home.page.waitForSelector(`#economy-heading ~ ol.log li:has(a:text-is("${held}"))`, {
          timeout: 5_000,
        });
        await live.page.waitForSelector('.paused:text-matches("čeká \\\\d+")', { timeout: 5_000 });
        expect(await live.page.$(`#live-economy ~ ol.log li:has(a:text-is("${held}"))`)).toBeNull();
        await live.page.click('button.pause');
        await live.page.waitForSelector(`#live-economy ~ ol.log li:has(a:text-is("${held}"))`, {
          timeout: 5_000,
        });
        expect(home.problems).toEqual([]);
        expect(live.problems).toEqual([]);
        await home.close();
        await live.close();
      });
    });

    describe('staff panel', () => {
      async function logIn(page: Page, password = demo.staffPassword): Promise<void> {
        await page.goto(url(WEB_PATHS.panel), { waitUntil: 'load' });
        await page.waitForSelector('#username');
        // With the keyboard only.
        await page.focus('#username');
        await page.keyboard.type(demo.staffNick);
        await page.keyboard.press('Tab');
        await page.keyboard.type(password);
        await page.keyboard.press('Enter');
      }

      it('a wrong password shows the API’s Czech message', async () => {
        const { page, close } = await openPage(browser, demo.url, 1440);
        await logIn(page, 'definitely-wrong');
        await page.waitForSelector('.login-error');
        expect(await page.textContent('.login-error')).toBe(ACCOUNT_MESSAGES.LOGIN_FAILED);
        expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
        await close();
      });

      it('logs in with the demo credentials, pages through both logs with cursors and filters them', async () => {
        const { page, problems, close } = await openPage(browser, demo.url, 1440);
        await logIn(page);
        await page.waitForSelector('.signed-in');
        const login = await api.login({ username: demo.staffNick, password: demo.staffPassword });
        if (!login.body.success) throw new Error(login.body.message);
        const staff = api.withToken(login.body.token);
        const me = await staff.me();
        expect(await page.textContent('.signed-in')).toBe(cs.panel.signedInAs(me.nick, me.rank));

        const shownIds = () =>
          page.$$eval('ol.panel-log li .event-id', (spans) => spans.map((s) => s.textContent));
        /** Waits until the page lists exactly these events (a new query first shows "Načítám…"). */
        const showsIds = async (ids: string[]) => {
          await page
            .waitForFunction(
              (wanted) =>
                JSON.stringify(
                  Array.from(document.querySelectorAll('ol.panel-log li .event-id')).map(
                    (s) => s.textContent,
                  ),
                ) === wanted,
              JSON.stringify(ids),
              { timeout: 10_000 },
            )
            .catch(() => undefined);
          expect(await shownIds()).toEqual(ids);
        };
        await page.fill('#filter-server', E2E_SERVER);
        await page.click('.filters button[type="submit"]');
        const first = await staff.panelEconomyLog({ server: E2E_SERVER, limit: 25 });
        await showsIds(first.data.map((e) => e.event_id));
        const second = await staff.panelEconomyLog({
          server: E2E_SERVER,
          limit: 25,
          cursor: first.nextCursor as string,
        });
        await page.click(`.pager button:has-text("${cs.panel.next}")`);
        await showsIds(second.data.map((e) => e.event_id));
        expect(await page.textContent('.page-number')).toBe(cs.panel.page(2));
        await page.click(`.pager button:has-text("${cs.panel.previous}")`);
        await showsIds(first.data.map((e) => e.event_id));

        // Player and action: the fixture player's CraftCoins.
        await page.fill('#filter-nick', PEPA.nick);
        await page.selectOption('#filter-action', 'ECONOMY_CRAFTCOINS_ADD');
        await page.click('.filters button[type="submit"]');
        const coins = await staff.panelEconomyLog({
          nick: PEPA.nick,
          action: 'ECONOMY_CRAFTCOINS_ADD',
          server: E2E_SERVER,
          limit: 25,
        });
        expect(coins.data).toHaveLength(1);
        await showsIds(coins.data.map((e) => e.event_id));
        expect(await page.getAttribute('ol.panel-log li a.player', 'href')).toBe(
          WEB_PATHS.playerByNick(PEPA.nick),
        );

        // The achievements log, by server, paged: this time with the keyboard alone (Space on the tab,
        // Enter in the filter form and on the pager's buttons).
        await page.focus(`.segmented button:has-text("${cs.panel.achievementsTab}")`);
        await page.keyboard.press('Space');
        await page.waitForSelector(
          `.segmented button[aria-pressed="true"]:has-text("${cs.panel.achievementsTab}")`,
        );
        await page.focus('#filter-server');
        await page.keyboard.press('Control+A');
        await page.keyboard.type(E2E_SERVER);
        await page.keyboard.press('Enter');
        const achievements = await staff.panelAchievementsLog({ server: E2E_SERVER, limit: 25 });
        await showsIds(achievements.data.map((e) => e.event_id));
        const nextAchievements = await staff.panelAchievementsLog({
          server: E2E_SERVER,
          limit: 25,
          cursor: achievements.nextCursor as string,
        });
        expect(nextAchievements.data.length).toBeGreaterThan(0);
        await page.focus(`.pager button:has-text("${cs.panel.next}")`);
        await page.keyboard.press('Enter');
        await showsIds(nextAchievements.data.map((e) => e.event_id));
        expect(await page.textContent('.page-number')).toBe(cs.panel.page(2));
        await page.focus(`.pager button:has-text("${cs.panel.previous}")`);
        await page.keyboard.press('Enter');
        await showsIds(achievements.data.map((e) => e.event_id));

        // The entry links to the player's page.
        const nick = (await page.textContent('ol.panel-log li a.player')) as string;
        await page.click('ol.panel-log li a.player');
        await page.waitForURL(url(WEB_PATHS.playerByNick(nick)));
        await page.waitForSelector('.profile');
        expect(problems).toEqual([]);
        await close();
      });

      it('an expired token, or one the API refuses, returns to the login form with a Czech message', async () => {
        const login = await api.login({ username: demo.staffNick, password: demo.staffPassword });
        if (!login.body.success) throw new Error(login.body.message);
        const now = Math.floor(Date.now() / 1000);
        const { page, context, close } = await openPage(browser, demo.url, 1440);
        await page.goto(url(WEB_PATHS.panel), { waitUntil: 'load' });

        // Valid for three more seconds: the panel opens, then returns to the login form by itself.
        await page.evaluate(
          (token) => sessionStorage.setItem('craftstats.panel.token', token),
          withExpiry(login.body.token, JWT_SECRET, now + 3),
        );
        await page.reload({ waitUntil: 'load' });
        await page.waitForSelector('.signed-in');
        await page.waitForSelector('.login .notice', { timeout: 10_000 });
        expect(await page.textContent('.login .notice')).toBe(cs.panel.expired);
        expect(await page.evaluate(() => sessionStorage.getItem('craftstats.panel.token'))).toBeNull();

        // Already expired: the API answers 401.
        await page.evaluate(
          (token) => sessionStorage.setItem('craftstats.panel.token', token),
          withExpiry(login.body.token, JWT_SECRET, now - 60),
        );
        await page.reload({ waitUntil: 'load' });
        await page.waitForSelector('.login .notice');
        expect(await page.textContent('.login .notice')).toBe(cs.panel.rejected);
        expect(await page.evaluate(() => sessionStorage.getItem('craftstats.panel.token'))).toBeNull();

        // Refused while working (e.g. the password was changed): a 401 from a panel endpoint.
        await page.evaluate(
          (token) => sessionStorage.setItem('craftstats.panel.token', token),
          login.body.token,
        );
        await context.route(`${demo.url}/panel/**`, (route) =>
          route.fulfill({
            status: 401,
            json: { status: 401, error: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED },
          }),
        );
        await page.reload({ waitUntil: 'load' });
        await page.waitForSelector('.login .notice');
        expect(await page.textContent('.login .notice')).toBe(cs.panel.rejected);
        expect(await page.evaluate(() => sessionStorage.getItem('craftstats.panel.token'))).toBeNull();
        await close();
      });
    });

    describe('when the API answers 429, 503 or nothing at all', () => {
      const FAILURES = [
        {
          name: '429',
          message: ERROR_MESSAGES.RATE_LIMITED,
          answer: {
            status: 429,
            headers: { 'retry-after': '30' },
            json: { status: 429, error: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED },
          },
        },
        {
          name: '503',
          message: ERROR_MESSAGES.UNAVAILABLE,
          answer: {
            status: 503,
            headers: { 'retry-after': '30' },
            json: { status: 503, error: 'UNAVAILABLE', message: ERROR_MESSAGES.UNAVAILABLE },
          },
        },
        { name: 'no answer', message: NETWORK_ERROR_MESSAGE, answer: null },
      ] as const;
      const PAGES = [
        { target: '/', ready: '.registered-count' },
        { target: WEB_PATHS.leaderboards, ready: '.boards .card ol.podium' },
        { target: WEB_PATHS.leaderboard('craftcoins'), ready: 'table.board' },
        { target: WEB_PATHS.playerByNick(PEPA.nick), ready: '.profile' },
        { target: WEB_PATHS.playerByUuid(PEPA.uuid), ready: '.profile' },
        { target: WEB_PATHS.live, ready: '#live-economy ~ ol.log' },
      ];
      /** The API's paths (never the page or its assets). */
      const API = /\/(economy|server|player|achievements|search|account|panel)\//;

      it.each(FAILURES)(
        'every page shows a Czech message and a working retry button ($name)',
        async (failure) => {
          for (const { target, ready } of PAGES) {
            const { page, context, close } = await openPage(browser, demo.url, 360);
            const fail = (route: Parameters<Parameters<typeof context.route>[1]>[0]) =>
              failure.answer === null ? route.abort('connectionrefused') : route.fulfill(failure.answer);
            await context.route(
              (u) => u.origin === demo.url && API.test(u.pathname) && !u.pathname.endsWith('/stream'),
              fail,
            );
            await page.goto(url(target), { waitUntil: 'load' });
            await page.waitForSelector('.failure[role="alert"]');
            const texts = await page.$$eval('.failure[role="alert"] p:first-child', (ps) =>
              ps.map((p) => p.textContent),
            );
            expect({ target, texts: [...new Set(texts)] }).toEqual({ target, texts: [failure.message] });
            // Never a blank page: the header, navigation and search are there.
            expect(await page.isVisible('header nav')).toBe(true);
            expect(await page.isVisible('#search')).toBe(true);
            await context.unrouteAll({ behavior: 'ignoreErrors' });
            await context.route('**/*', (route) => route.continue());
            // Every failure shown gets its retry (the boards of /zebricky fail one by one).
            await eventually(async () => {
              for (const button of await page.$$(`.failure button:has-text("${cs.common.retry}")`))
                await button.click().catch(() => undefined);
              expect(await page.$$('.failure')).toHaveLength(0);
            }, 15_000);
            await page.waitForSelector(ready, { timeout: 15_000 });
            await page.waitForFunction(() => document.querySelectorAll('.failure').length === 0, undefined, {
              timeout: 15_000,
            });
            await close();
          }
        },
      );

      it.each(FAILURES)(
        'the logged-in panel shows a Czech message and a working retry when its log fails ($name)',
        async (failure) => {
          const login = await api.login({ username: demo.staffNick, password: demo.staffPassword });
          if (!login.body.success) throw new Error(login.body.message);
          const { page, context, close } = await openPage(browser, demo.url, 360);
          await page.goto(url(WEB_PATHS.panel), { waitUntil: 'load' });
          await page.evaluate(
            (token) => sessionStorage.setItem('craftstats.panel.token', token),
            login.body.token,
          );
          await context.route(`${demo.url}/panel/economy/log**`, (route) =>
            failure.answer === null ? route.abort('connectionrefused') : route.fulfill(failure.answer),
          );
          await page.reload({ waitUntil: 'load' });
          await page.waitForSelector('.failure[role="alert"]');
          expect(await page.textContent('.failure[role="alert"] p:first-child')).toBe(failure.message);
          // Still signed in: only a 401 ends the session.
          expect(await page.isVisible('.signed-in')).toBe(true);
          expect(await page.evaluate(() => sessionStorage.getItem('craftstats.panel.token'))).toBe(
            login.body.token,
          );
          await context.unroute(`${demo.url}/panel/economy/log**`);
          await page.click(`.failure button:has-text("${cs.common.retry}")`);
          await page.waitForSelector('ol.panel-log li', { timeout: 15_000 });
          expect(await page.$('.failure')).toBeNull();
          await close();
        },
      );

      it('the live logs say when their stream is refused, and connect by themselves once it is back', async () => {
        const { page, context, problems, close } = await openPage(browser, demo.url, 1440);
        const streams = /\/log\/stream/;
        await context.route(streams, (route) => route.fulfill(FAILURES[1].answer));
        await page.goto(url(WEB_PATHS.live), { waitUntil: 'load' });
        await page.waitForSelector(`.stream.reconnecting:text-is("${cs.live.reconnecting}")`, {
          timeout: 15_000,
        });
        // The entries are still listed from the log itself.
        await page.waitForSelector('#live-economy ~ ol.log li');
        await context.unroute(streams);
        // Both streams: the status says live only once each of them is.
        await page.waitForSelector(`.stream.live:text-is("${cs.live.connected}")`, { timeout: 20_000 });
        // The refused streams are the browser's console lines (a failed resource); the page threw nothing.
        expect(problems.filter((line) => line.startsWith('page error'))).toEqual([]);
        await close();
      });

      it.each(FAILURES)('the panel login shows a Czech message ($name)', async (failure) => {
        const { page, context, close } = await openPage(browser, demo.url, 360);
        await context.route(`${demo.url}/account/login`, (route) =>
          failure.answer === null
            ? route.abort('connectionrefused')
            : route.fulfill({
                status: failure.answer.status,
                headers: failure.answer.headers,
                json:
                  failure.answer.status === 429
                    ? { success: false, message: ACCOUNT_MESSAGES.RATE_LIMITED }
                    : failure.answer.json,
              }),
        );
        await page.goto(url(WEB_PATHS.panel), { waitUntil: 'load' });
        await page.fill('#username', demo.staffNick);
        await page.fill('#password', demo.staffPassword);
        await page.click('.login button[type="submit"]');
        await page.waitForSelector('.login-error');
        expect(await page.textContent('.login-error')).toBe(
          failure.name === '429' ? ACCOUNT_MESSAGES.RATE_LIMITED : failure.message,
        );
        expect(await page.isVisible('#username')).toBe(true);
        await close();
      });
    });

    describe('every page, at 360 and 1440 px', () => {
      const PAGES = [
        { name: 'home', target: '/', ready: '.chart[data-points]' },
        { name: 'leaderboards', target: WEB_PATHS.leaderboards, ready: '.boards .card ol' },
        { name: 'leaderboard', target: WEB_PATHS.leaderboard('craftcoins'), ready: 'table.board' },
        { name: 'level-board', target: WEB_PATHS.leaderboard('levels-survival'), ready: 'table.board' },
        { name: 'month-board', target: WEB_PATHS.leaderboard('month-votes'), ready: '#period' },
        { name: 'unknown-board', target: '/zebricky/neznamy', ready: '.board-main [role="alert"]' },
        { name: 'profile', target: WEB_PATHS.playerByNick(PEPA.nick), ready: '.profile' },
        { name: 'profile-by-uuid', target: WEB_PATHS.playerByUuid(PEPA.uuid), ready: '.profile' },
        { name: 'player-not-found', target: WEB_PATHS.playerByNick('Nikdo_Takovy'), ready: '.not-found' },
        { name: 'live', target: WEB_PATHS.live, ready: '#live-economy ~ ol.log' },
        { name: 'panel-login', target: WEB_PATHS.panel, ready: '#username' },
        { name: 'not-found', target: '/hrac/a/b', ready: 'main h1' },
      ];
      /** The README shows the home page and a profile; the rest document the look for reviewers. */
      const SCREENSHOTS = new Set(['home', 'leaderboard', 'profile']);

      it.each(WIDTHS)(
        'has no axe-core violation, nothing sticking out sideways, no console error or warning (%i px)',
        async (width) => {
          for (const { name, target, ready } of PAGES) {
            const { page, problems, close } = await visit(target, width, ready);
            await page.waitForLoadState('networkidle').catch(() => undefined);
            expect({ name, violations: await axeViolations(page) }).toEqual({ name, violations: [] });
            expect({ name, overflow: await horizontalOverflow(page) }).toEqual({ name, overflow: 0 });
            // An unknown player is a 404 of the API: the browser itself logs the failed request.
            const own = problems.filter((p) => !(name === 'player-not-found' && /status of 404/.test(p)));
            expect({ name, problems: own }).toEqual({ name, problems: [] });
            if (SCREENSHOTS.has(name))
              await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
            await close();
          }
        },
      );

      it.each(WIDTHS)('the logged-in panel has no axe-core violation and fits (%i px)', async (width) => {
        const { page, problems, close } = await openPage(browser, demo.url, width);
        await page.goto(url(WEB_PATHS.panel), { waitUntil: 'load' });
        await page.fill('#username', demo.staffNick);
        await page.fill('#password', demo.staffPassword);
        await page.click('.login button[type="submit"]');
        await page.waitForSelector('ol.panel-log li');
        expect(await axeViolations(page)).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(problems).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `panel-${width}.png`), fullPage: true });
        await close();
      });
    });

    describe('keyboard alone', () => {
      it('reaches every part of the site from the home page: navigation, graph ranges, search', async () => {
        const { page, problems, close } = await visit('/', 1440, '.chart[data-points]');
        const focused = () =>
          page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            return el === null
              ? ''
              : `${el.tagName.toLowerCase()}:${el.getAttribute('href') ?? el.getAttribute('id') ?? el.textContent ?? ''}`;
          });
        const tabTo = async (wanted: string) => {
          for (let i = 0; i < 40; i++) {
            await page.keyboard.press('Tab');
            if ((await focused()) === wanted) return;
          }
          throw new Error(`Tab never reached ${wanted}`);
        };
        // The skip link comes first and moves to the content.
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('a:#obsah');
        await tabTo(`button:${cs.home.range7d}`);
        await page.keyboard.press('Enter');
        await page.waitForSelector(`.segmented button[aria-pressed="true"]:has-text("${cs.home.range7d}")`);
        await page.goto(url('/'), { waitUntil: 'load' });
        await tabTo('a:/zebricky');
        await page.keyboard.press('Enter');
        await page.waitForURL(url('/zebricky'));
        // A person tabs once the page's links are there; a page's code may still be loading after the URL changed.
        await page.waitForSelector('a[href="/zebricky/crafttokens"]');
        await tabTo('a:/zebricky/crafttokens');
        await page.keyboard.press('Enter');
        await page.waitForURL(url('/zebricky/crafttokens'));
        await tabTo('input:search');
        await page.keyboard.type('webtest');
        await page.waitForSelector('#search-list li');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForURL(url(WEB_PATHS.playerByNick(PEPA.nick)));
        await tabTo('a:/zive');
        await page.keyboard.press('Enter');
        await page.waitForURL(url('/zive'));
        await page.waitForSelector(`button:has-text("${cs.live.pause}")`);
        await tabTo('button:' + cs.live.pause);
        await page.keyboard.press('Enter');
        expect(await page.getAttribute('button.pause', 'aria-pressed')).toBe('true');
        expect(problems).toEqual([]);
        await close();
      });
    });
  },
);
