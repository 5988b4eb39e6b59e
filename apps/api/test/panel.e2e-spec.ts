import { PanelAchievementLogEntry, PanelEconomyLogEntry } from '@craftstats/contracts';
import { describeEachDialect } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import {
  PLAYER_RANK,
  STAFF_RANK,
  T0,
  TEST_ADMIN_KEY,
  TestPlayer,
  bearer,
  claimsFor,
  craftJwt,
  Ingestor,
  createPlayer,
  HttpAnswer,
  get,
  registerAndLogin,
  startIngestor,
} from './support/accounts';

const ECONOMY = '/panel/economy/log';
const ACHIEVEMENTS = '/panel/achievements/log';
/** The seeded history starts an hour after the players were created (their REGISTER/RANK rows are older). */
const D = T0 + 3_600_000;
const UNAUTHORIZED = {
  status: 401,
  error: 'UNAUTHORIZED',
  message: 'Chybí nebo je neplatný přístupový token.',
};

type PageAnswer<T> = HttpAnswer & { body: { status: number; data: T[]; nextCursor: string | null } };

interface Seeded<T> {
  entry: T;
  /** Position of the insert (the row id grows with it): the tie-break of equal dates. */
  order: number;
}

/** Newest first: date DESC, then the later insert first. */
const newestFirst = <T extends { date: string }>(rows: Array<Seeded<T>>): T[] =>
  [...rows]
    .sort((a, b) => Number(b.entry.date) - Number(a.entry.date) || b.order - a.order)
    .map((r) => r.entry);

/** Fixed permutation of 0..23, so insert order differs from date order and equal dates tie-break by id. */
const ECONOMY_INSERT_ORDER = [
  5, 17, 0, 11, 23, 8, 2, 14, 20, 1, 9, 16, 4, 13, 22, 7, 19, 3, 10, 21, 6, 15, 12, 18,
];

describeEachDialect('staff panel: /panel/economy/log and /panel/achievements/log', (fx) => {
  let running: RunningApp;
  let token: string;
  let pepa: TestPlayer;
  let alice: TestPlayer;
  let bob: TestPlayer;
  const economy: Array<Seeded<PanelEconomyLogEntry>> = [];
  const achievements: Array<Seeded<PanelAchievementLogEntry>> = [];

  const page = async <T>(path: string, query: string, auth = bearer(token)): Promise<PageAnswer<T>> =>
    (await get(running.url, `${path}?${query}`, auth)) as PageAnswer<T>;

  /** Follows nextCursor from the first page to the last; returns every page's data. */
  const allPages = async <T>(path: string, query: string): Promise<T[][]> => {
    const pages: T[][] = [];
    let cursor: string | null = null;
    do {
      const res: PageAnswer<T> = await page<T>(path, cursor === null ? query : `${query}&cursor=${cursor}`);
      expect(res.status).toBe(200);
      pages.push(res.body.data);
      cursor = res.body.nextCursor;
      expect(pages.length).toBeLessThan(50);
    } while (cursor !== null);
    return pages;
  };

  let ingestor: Ingestor;

  beforeAll(async () => {
    ingestor = await startIngestor(fx.db.url);
    pepa = await createPlayer(ingestor, 1, 'Admin_Pepa', STAFF_RANK);
    alice = await createPlayer(ingestor, 11, 'Alice', PLAYER_RANK);
    bob = await createPlayer(ingestor, 12, 'Bob_Builder', PLAYER_RANK);

    let order = 0;
    for (const i of ECONOMY_INSERT_ORDER) {
      const who = i % 2 === 0 ? alice : bob;
      const raw = {
        id: `eco-${String(i).padStart(2, '0')}`,
        action: i % 4 === 0 ? ('ECONOMY_CRAFTTOKENS_ADD' as const) : ('ECONOMY_CRAFTCOINS_ADD' as const),
        uuid: who.uuid,
        nick: who.nick,
        server: i % 3 === 0 ? 'skyblock' : 'survival',
        sender: i % 3 === 0 ? 'skyblock' : 'Console',
        old_value: String(i * 10),
        new_value: String(i * 10 + 10),
        // Pairs of events share a date: the tie-break by id is exercised.
        date: D + Math.floor(i / 2) * 1000,
      };
      await ingestor.send([raw]);
      economy.push({
        order: order++,
        entry: {
          nick: raw.nick,
          uuid: raw.uuid,
          action: raw.action,
          sender: raw.sender,
          server: raw.server,
          old_value: raw.old_value,
          new_value: raw.new_value,
          date: String(raw.date),
          event_id: raw.id,
          details: null,
        },
      });
    }
    for (let i = 0; i < 7; i++) {
      const who = i % 3 === 0 ? bob : alice;
      const raw = {
        id: `ach-${i}`,
        action: 'ACHIEVEMENT_COMPLETE',
        uuid: who.uuid,
        nick: who.nick,
        server: i < 4 ? 'survival' : 'skyblock',
        ach_id: `game_ach_${i}`,
        ach_name: `Úspěch č. ${i}`,
        ach_value: i * 5,
        date: D + (i === 3 ? 2 : i) * 1000,
      };
      await ingestor.send([raw]);
      achievements.push({
        order: order++,
        entry: {
          nick: raw.nick,
          uuid: raw.uuid,
          ach_id: raw.ach_id,
          ach_name: raw.ach_name,
          ach_value: raw.ach_value,
          server: raw.server,
          date: String(raw.date),
          event_id: raw.id,
        },
      });
    }
    running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: fx.db.url, ADMIN_KEY: TEST_ADMIN_KEY }),
    );
    token = await registerAndLogin(running.url, 'Admin_Pepa', 'Pepa-heslo-2026!');
  });
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
  });

  it('answers 401 without a token, with a forged token and with the token of a non-staff player', async () => {
    const forged = craftJwt(claimsFor(pepa), { secret: 'another-secret-another-secret-0123456' });
    const nonStaff = craftJwt(claimsFor(alice));
    for (const path of [ECONOMY, ACHIEVEMENTS]) {
      for (const headers of [{}, bearer(forged), bearer(nonStaff), { 'x-access-token': forged }]) {
        const res = await get(running.url, `${path}?limit=5`, headers);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 401,
          body: UNAUTHORIZED,
        });
      }
      // Even an invalid query is a 401 first: nothing is revealed without a token.
      const res = await get(running.url, `${path}?limit=9999&bogus=1`);
      expect(res.status).toBe(401);
    }
  });

  it('pages through the whole economy history newest first, without gaps or duplicates, ending with nextCursor null', async () => {
    const pages = await allPages<PanelEconomyLogEntry>(ECONOMY, 'limit=7');
    // 24 seeded rows + ECONOMY_REGISTER and PLAYER_UPDATE_RANK of the three players.
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    const rows = pages.flat();
    expect(rows.slice(0, 24)).toEqual(newestFirst(economy));
    expect(rows.slice(24).map((r) => `${r.action} ${r.nick}`)).toEqual([
      'PLAYER_UPDATE_RANK Bob_Builder',
      'PLAYER_UPDATE_RANK Alice',
      'PLAYER_UPDATE_RANK Admin_Pepa',
      'ECONOMY_REGISTER Bob_Builder',
      'ECONOMY_REGISTER Alice',
      'ECONOMY_REGISTER Admin_Pepa',
    ]);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(30);

    const single = await page<PanelEconomyLogEntry>(ECONOMY, 'limit=500');
    expect(single.body).toEqual({ status: 200, data: rows, nextCursor: null });
    expect(single.headers.get('cache-control')).toBe('no-store');
  });

  it("returns 100 entries by default and the first page's entries with every public field plus event_id", async () => {
    const res = await page<PanelEconomyLogEntry>(ECONOMY, '');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(30);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.data[0]).toEqual({
      nick: 'Alice',
      uuid: alice.uuid,
      action: 'ECONOMY_CRAFTCOINS_ADD',
      sender: 'Console',
      server: 'survival',
      old_value: '220',
      new_value: '230',
      date: String(D + 11_000),
      // eco-23 has the same date but was stored earlier (smaller id), so it comes second.
      event_id: 'eco-22',
      details: null,
    });
  });

  it('filters by uuid (dashed or undashed, any case), by nick (any case), action, server and an inclusive time range', async () => {
    const expectFilter = async (query: string, expected: PanelEconomyLogEntry[]) => {
      const res = await page<PanelEconomyLogEntry>(ECONOMY, query);
      expect({ query, status: res.status, data: res.body.data, nextCursor: res.body.nextCursor }).toEqual({
        query,
        status: 200,
        data: expected,
        nextCursor: null,
      });
    };
    const seeded = newestFirst(economy);
    const alices = seeded.filter((r) => r.uuid === alice.uuid);
    const alicesAll = async (query: string) => {
      const res = await page<PanelEconomyLogEntry>(ECONOMY, query);
      expect(res.body.data.slice(0, 12)).toEqual(alices);
      expect(res.body.data.slice(12).map((r) => r.action)).toEqual([
        'PLAYER_UPDATE_RANK',
        'ECONOMY_REGISTER',
      ]);
    };
    await alicesAll(`uuid=${alice.uuid}`);
    await alicesAll(`uuid=${alice.uuid.replace(/-/g, '').toUpperCase()}`);
    await alicesAll('nick=aLiCe');

    await expectFilter(
      'action=ECONOMY_CRAFTTOKENS_ADD',
      seeded.filter((r) => r.action === 'ECONOMY_CRAFTTOKENS_ADD'),
    );
    await expectFilter(
      'server=skyblock',
      seeded.filter((r) => r.server === 'skyblock'),
    );
    await expectFilter(
      `from=${D + 2000}&to=${D + 4000}`,
      seeded.filter((r) => Number(r.date) >= D + 2000 && Number(r.date) <= D + 4000),
    );
    expect(seeded.filter((r) => Number(r.date) >= D + 2000 && Number(r.date) <= D + 4000)).toHaveLength(6);
    await expectFilter(
      `uuid=${bob.uuid}&server=survival&action=ECONOMY_CRAFTCOINS_ADD&from=${D}`,
      seeded.filter(
        (r) => r.uuid === bob.uuid && r.server === 'survival' && r.action === 'ECONOMY_CRAFTCOINS_ADD',
      ),
    );
    await expectFilter('nick=Nikdo_Takovy', []);
    await expectFilter(`nick=Alice&uuid=${bob.uuid}`, []);
    await expectFilter(`from=${D + 100_000}`, []);
  });

  it('pages through a filtered result with the same filters on every page', async () => {
    const pages = await allPages<PanelEconomyLogEntry>(ECONOMY, 'server=survival&limit=5');
    const expected = newestFirst(economy).filter((r) => r.server === 'survival');
    expect(expected).toHaveLength(16);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 1]);
    expect(pages.flat()).toEqual(expected);
  });

  it('pages through the achievement history with its own fields and filters', async () => {
    const pages = await allPages<PanelAchievementLogEntry>(ACHIEVEMENTS, 'limit=3');
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(newestFirst(achievements));
    expect(pages[0][0]).toEqual({
      nick: 'Bob_Builder',
      uuid: bob.uuid,
      ach_id: 'game_ach_6',
      ach_name: 'Úspěch č. 6',
      ach_value: 30,
      server: 'skyblock',
      date: String(D + 6000),
      event_id: 'ach-6',
    });

    const bobs = await page<PanelAchievementLogEntry>(ACHIEVEMENTS, 'nick=BOB_BUILDER&server=survival');
    expect(bobs.body).toEqual({
      status: 200,
      data: newestFirst(achievements).filter((r) => r.nick === 'Bob_Builder' && r.server === 'survival'),
      nextCursor: null,
    });
    expect(bobs.body.data.map((r) => r.event_id)).toEqual(['ach-3', 'ach-0']);
    const complete = await page<PanelAchievementLogEntry>(
      ACHIEVEMENTS,
      'action=ACHIEVEMENT_COMPLETE&limit=500',
    );
    expect(complete.body.data).toHaveLength(7);
    const other = await page<PanelAchievementLogEntry>(ACHIEVEMENTS, 'action=ECONOMY_CRAFTCOINS_ADD');
    expect(other.body).toEqual({ status: 200, data: [], nextCursor: null });
  });

  it('accepts the token in x-access-token', async () => {
    const res = await page<PanelEconomyLogEntry>(ECONOMY, 'limit=1', { 'x-access-token': token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.event_id)).toEqual(['eco-22']);
    expect(typeof res.body.nextCursor).toBe('string');
  });

  it('answers 400 with a Czech message for invalid values and unknown or repeated parameters', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const limitMessage = 'Neplatný parametr limit: očekává se celé číslo od 1 do 500.';
    const cursorMessage = 'Neplatný parametr cursor: použij hodnotu nextCursor z předchozí stránky.';
    const cases: Array<[string, string, string]> = [
      ['limit=501', 'VALIDATION_FAILED', limitMessage],
      ['limit=100000', 'VALIDATION_FAILED', limitMessage],
      ['limit=0', 'VALIDATION_FAILED', limitMessage],
      ['limit=-1', 'VALIDATION_FAILED', limitMessage],
      ['limit=1.5', 'VALIDATION_FAILED', limitMessage],
      ['limit=abc', 'VALIDATION_FAILED', limitMessage],
      ['limit=', 'VALIDATION_FAILED', limitMessage],
      ['limit=1&limit=2', 'VALIDATION_FAILED', 'Parametr „limit“ je v dotazu vícekrát.'],
      [
        'page=2',
        'VALIDATION_FAILED',
        'Neznámý parametr dotazu „page“. Povolené jsou: uuid, nick, action, server, from, to, limit, cursor.',
      ],
      ['uuid=not-a-uuid', 'INVALID_UUID', 'Neplatné UUID hráče.'],
      ['nick=a%20b', 'INVALID_NICK', 'Neplatný nick hráče.'],
      [
        'action=drop%20table',
        'VALIDATION_FAILED',
        'Neplatný parametr action: očekává se název akce, např. ECONOMY_CRAFTCOINS_ADD.',
      ],
      ['server=', 'VALIDATION_FAILED', 'Neplatný parametr server: očekává se název serveru (1 až 64 znaků).'],
      [
        `server=${'s'.repeat(65)}`,
        'VALIDATION_FAILED',
        'Neplatný parametr server: očekává se název serveru (1 až 64 znaků).',
      ],
      [
        'from=yesterday',
        'VALIDATION_FAILED',
        'Neplatný parametr from: očekává se čas v milisekundách od epochy (celé nezáporné číslo).',
      ],
      [
        'to=-5',
        'VALIDATION_FAILED',
        'Neplatný parametr to: očekává se čas v milisekundách od epochy (celé nezáporné číslo).',
      ],
      [`from=${D + 1}&to=${D}`, 'VALIDATION_FAILED', 'Parametr from nesmí být větší než to.'],
      ['cursor=garbage!', 'VALIDATION_FAILED', cursorMessage],
      [`cursor=${cursor({ date: 'x', id: 1 })}`, 'VALIDATION_FAILED', cursorMessage],
      [`cursor=${cursor({ date: 1, id: -1 })}`, 'VALIDATION_FAILED', cursorMessage],
      [`cursor=${cursor({ date: 1, id: 1, extra: 1 })}`, 'VALIDATION_FAILED', cursorMessage],
      [`cursor=${cursor([1, 2])}`, 'VALIDATION_FAILED', cursorMessage],
      [`cursor=${Buffer.from('{"date":').toString('base64url')}`, 'VALIDATION_FAILED', cursorMessage],
    ];
    for (const path of [ECONOMY, ACHIEVEMENTS]) {
      for (const [query, error, message] of cases) {
        const res = await get(running.url, `${path}?${query}`, bearer(token));
        expect({ path, query, status: res.status, body: res.body }).toEqual({
          path,
          query,
          status: 400,
          body: { status: 400, error, message },
        });
      }
    }
  });

  it('continues from a cursor it issued with any valid page size', async () => {
    const first = await page<PanelEconomyLogEntry>(ECONOMY, 'limit=2');
    const rest = await page<PanelEconomyLogEntry>(ECONOMY, `limit=3&cursor=${first.body.nextCursor}`);
    expect([...first.body.data, ...rest.body.data].map((r) => r.event_id)).toEqual(
      newestFirst(economy)
        .slice(0, 5)
        .map((r) => r.event_id),
    );
  });

  // Last: it adds rows the tests above do not expect.
  it("shows each event's own fields (vote site, join version, level) in details", async () => {
    const carl = await createPlayer(ingestor, 21, 'Carl_Details', PLAYER_RANK);
    await ingestor.send([
      {
        id: 'det-vote',
        action: 'PLAYER_VOTE',
        uuid: carl.uuid,
        nick: carl.nick,
        site: 'craftlist.org',
        date: D + 900_000,
      },
      {
        id: 'det-join',
        action: 'PLAYER_JOIN',
        uuid: carl.uuid,
        nick: carl.nick,
        mc_version: '1.21.4',
        date: D + 900_001,
      },
      {
        id: 'det-level',
        action: 'PLAYER_UPDATE_LEVEL',
        uuid: carl.uuid,
        nick: carl.nick,
        mode: 'skyblock',
        level: 12,
        experience: 3400,
        date: D + 900_002,
      },
    ]);
    const res = await page<PanelEconomyLogEntry>(ECONOMY, `uuid=${carl.uuid}&from=${D + 900_000}`);
    expect(res.body.data.map((r) => [r.event_id, r.details])).toEqual([
      ['det-level', { mode: 'skyblock', level: 12, experience: 3400 }],
      ['det-join', { mc_version: '1.21.4' }],
      ['det-vote', { site: 'craftlist.org' }],
    ]);
  });
});
