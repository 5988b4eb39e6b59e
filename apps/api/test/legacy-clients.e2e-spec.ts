import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { STAFF_RANK, TEST_ADMIN_KEY, createPlayer } from './support/accounts';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

// The programs the community already runs against the old API, replayed as they call it: the paths
// they request, the fields they read, the types they expect and what they make of the values
// (docs/legacy-clients.md). Each client below is written the way that document describes it.

// Wednesday 2026-11-18 13:00 in Prague: every vote below is in this month.
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const DAY = 86_400_000;
const MIN = 60_000;
const SECOND = 1000;

/** What `JSON.parse` of the old API's profile gave these clients: only the fields they read. */
interface LegacyProfile {
  nick: string;
  uuid: string;
  registred: number;
  last_online: number;
  is_online: boolean;
  played_time: number;
  economy: { craftcoins: number; crafttokens: number; votetokens: number };
  votes: { total: number; month: number; last_vote: number };
  discord: { id: string | null };
}

/** Fails unless every field a client reads is present with the type it expects. */
function asLegacyProfile(data: unknown): LegacyProfile {
  const p = data as Record<string, unknown> & LegacyProfile;
  const integer = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
  const problems = [
    typeof p.nick === 'string' || 'nick',
    typeof p.uuid === 'string' || 'uuid',
    integer(p.registred) || 'registred',
    integer(p.last_online) || 'last_online',
    typeof p.is_online === 'boolean' || 'is_online',
    (integer(p.played_time) && p.played_time >= 0) || 'played_time',
    ['craftcoins', 'crafttokens', 'votetokens'].every((k) => integer(p.economy?.[k as 'craftcoins'])) ||
      'economy',
    ['total', 'month', 'last_vote'].every((k) => integer(p.votes?.[k as 'total'])) || 'votes',
    // PHP's is_null() and the bot's `=== null`: a string (the snowflake) or null, never "".
    p.discord?.id === null ||
      (typeof p.discord?.id === 'string' && /^\d{1,20}$/.test(p.discord.id)) ||
      'discord.id',
  ].filter((ok) => ok !== true);
  if (problems.length > 0) throw new Error(`profile fields a client reads are wrong: ${problems.join(', ')}`);
  return p;
}

/** One client's HTTP use of the API: its base URL joined with a path the way it joins them. */
function legacyClient(baseUrl: string) {
  const request = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${baseUrl}${path}`, init);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    request,
    profile: async (path: string): Promise<LegacyProfile> => {
      const { status, body } = await request(path);
      if (status !== 200 || body['status'] !== 200)
        throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`);
      return asLegacyProfile(body['data']);
    },
  };
}

/** The Discord bot's profile command: "Odehraný čas: D dní, H h M m" from minutes. */
function botPlayedTime(profile: LegacyProfile): string {
  const minutes = profile.played_time;
  return `${Math.floor(minutes / 1440)} dní, ${Math.floor((minutes % 1440) / 60)} h ${minutes % 60} m`;
}

/** The proxy's new-player check: "played less than an hour" (its rule reads `played_time <= 60`). */
const proxyIsNewPlayer = (profile: LegacyProfile): boolean => profile.played_time <= 60;

/** The PHP search page and the economy plugin's menu: whole hours, `played_time / 60` rounded down. */
const playedHours = (profile: LegacyProfile): number => Math.floor(profile.played_time / 60);

/** The Discord library the bot passes ids to: it refuses an empty one, which aborts the whole loop. */
function discordUser(id: string): { id: string } {
  if (id === '') throw new Error('ID may not be empty');
  return { id };
}

const SESSIONS = {
  // 3 min 31.782 s: served as 211,782 (milliseconds), the bot showed it as "147 dní, 1 h 42 m".
  Novacek: [211_782],
  Hodinu_Bez: [59 * MIN + 59 * SECOND],
  Hodinu_Presne: [60 * MIN + 59 * SECOND],
  Hodinu_Pres: [61 * MIN],
  // 211,782 minutes and 55 s (147 days, 1 h 42 m), in three sessions.
  Veteran: [100 * DAY + 30 * SECOND, 47 * DAY + 20 * SECOND, 102 * MIN + 5 * SECOND],
} as const;

type SessionNick = keyof typeof SESSIONS;
const NICKS = Object.keys(SESSIONS) as SessionNick[];
const uuidOf = (nick: SessionNick) => testUuid(100 + NICKS.indexOf(nick));

/** Registration, then join/quit pairs of the given lengths (sessions summed in milliseconds). */
function sessionEvents(nick: SessionNick): WireEvent[] {
  const uuid = uuidOf(nick);
  const events: WireEvent[] = [{ action: 'ECONOMY_REGISTER', uuid, nick, date: T0 - 400 * DAY }];
  let at = T0 - 300 * DAY;
  for (const length of SESSIONS[nick]) {
    events.push({ action: 'PLAYER_JOIN', uuid, nick, server: 'lobby', date: at, mc_version: '1.8.9' });
    events.push({ action: 'PLAYER_QUIT', uuid, nick, server: 'lobby', date: at + length });
    at += length + DAY;
  }
  return events;
}

const DISCORD_IDS = { Hlasujici_A: '348569173429977088', Hlasujici_C: '18446744073709551615' };

/** Three voters of this month: A (3 votes) and C (1) linked their Discord accounts, B (2) did not. */
function voterEvents(): WireEvent[] {
  const voters = [
    ['Hlasujici_A', 201, 3],
    ['Hlasujici_B', 202, 2],
    ['Hlasujici_C', 203, 1],
  ] as const;
  return voters.flatMap(([nick, n, votes]) => {
    const uuid = testUuid(n);
    const events: WireEvent[] = [
      { action: 'ECONOMY_REGISTER', uuid, nick, date: T0 - 10 * DAY },
      { action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick, date: T0 - 9 * DAY, old_value: 0, new_value: 100 * n },
    ];
    const discordId = (DISCORD_IDS as Record<string, string>)[nick];
    if (discordId !== undefined) {
      events.push({
        action: 'PLAYER_DISCORD_CONNECT',
        uuid,
        nick,
        date: T0 - 8 * DAY,
        old_value: '0',
        new_value: discordId,
      });
    }
    for (let v = 0; v < votes; v++) {
      events.push({
        action: 'PLAYER_VOTE',
        uuid,
        nick,
        date: T0 - (v + 1) * 3_600_000,
        site: 'craftlist.org',
      });
    }
    return events;
  });
}

describeEachDialect(
  'the old API’s clients against craftstats (data ingested through the log-ingestor)',
  (fx) => {
    const api = useReadApi(fx, { now: T0, env: { ADMIN_KEY: TEST_ADMIN_KEY } });

    beforeAll(async () => {
      await api.ingest([...NICKS.flatMap(sessionEvents), ...voterEvents()]);
      await createPlayer(api.ingestor, 300, 'Admin_Pepa', STAFF_RANK);
    });

    it('Discord bot, profile command: shows the played time in days, hours and minutes', async () => {
      const bot = legacyClient(api.url);
      const shown: Record<string, string> = {};
      for (const nick of NICKS) shown[nick] = botPlayedTime(await bot.profile(`/player/${nick}`));
      expect(shown).toEqual({
        Novacek: '0 dní, 0 h 3 m',
        Hodinu_Bez: '0 dní, 0 h 59 m',
        Hodinu_Presne: '0 dní, 1 h 0 m',
        Hodinu_Pres: '0 dní, 1 h 1 m',
        Veteran: '147 dní, 1 h 42 m',
      });
    });

    it('proxy, new-player check: played_time <= 60 lets through exactly the players under an hour (and an hour)', async () => {
      const proxy = legacyClient(api.url);
      const decisions: Record<string, boolean> = {};
      for (const nick of NICKS)
        decisions[nick] = proxyIsNewPlayer(await proxy.profile(`/player/uuid/${uuidOf(nick)}`));
      expect(decisions).toEqual({
        Novacek: true,
        Hodinu_Bez: true,
        Hodinu_Presne: true,
        Hodinu_Pres: false,
        Veteran: false,
      });
    });

    it('PHP player search and the economy plugin’s menu: whole hours played, balances and votes', async () => {
      const page = legacyClient(api.url);
      const rows = [];
      for (const nick of ['Veteran', 'Novacek', 'Hodinu_Presne', 'Hlasujici_B']) {
        const profile = await page.profile(`/player/${nick.toLowerCase()}`);
        rows.push({
          nick: profile.nick,
          hodin: `${playedHours(profile)} hodin`,
          craftcoins: profile.economy.craftcoins,
          hlasu: profile.votes.total,
          online: profile.is_online,
          discord: profile.discord.id === null ? 'nepropojen' : 'propojen',
        });
      }
      expect(rows).toEqual([
        {
          nick: 'Veteran',
          hodin: '3529 hodin',
          craftcoins: 0,
          hlasu: 0,
          online: false,
          discord: 'nepropojen',
        },
        { nick: 'Novacek', hodin: '0 hodin', craftcoins: 0, hlasu: 0, online: false, discord: 'nepropojen' },
        {
          nick: 'Hodinu_Presne',
          hodin: '1 hodin',
          craftcoins: 0,
          hlasu: 0,
          online: false,
          discord: 'nepropojen',
        },
        {
          nick: 'Hlasujici_B',
          hodin: '0 hodin',
          craftcoins: 20200,
          hlasu: 2,
          online: false,
          discord: 'nepropojen',
        },
      ]);
    });

    it('Discord bot, monthly vote reward: rewards every linked winner and skips the unlinked one without stopping', async () => {
      const bot = legacyClient(api.url);
      const { body } = await bot.request('/economy/leaderboard/month-votes');
      const winners = body['data'] as Array<{ index: number; uuid: string; nick: string; value: number }>;
      expect(winners.map((w) => [w.index, w.nick, w.value])).toEqual([
        [1, 'Hlasujici_A', 3],
        [2, 'Hlasujici_B', 2],
        [3, 'Hlasujici_C', 1],
      ]);
      const rewarded: string[] = [];
      const skipped: string[] = [];
      for (const winner of winners) {
        const profile = await bot.profile(`/player/uuid/${winner.uuid}`);
        if (profile.discord.id === null) {
          skipped.push(profile.nick);
          continue;
        }
        rewarded.push(discordUser(profile.discord.id).id);
      }
      expect({ rewarded, skipped }).toEqual({
        rewarded: [DISCORD_IDS.Hlasujici_A, DISCORD_IDS.Hlasujici_C],
        skipped: ['Hlasujici_B'],
      });
    });

    it('manager’s vote reminder: last vote time and whether the player can be reached on Discord', async () => {
      const manager = legacyClient(api.url);
      const reminders = [];
      for (const nick of ['Hlasujici_A', 'Hlasujici_B', 'Novacek']) {
        const profile = await manager.profile(`/player/${nick}`);
        const since =
          profile.votes.last_vote === 0 ? null : Math.round((T0 - profile.votes.last_vote) / 3_600_000);
        reminders.push({
          nick: profile.nick,
          hoursSinceVote: since,
          remindOnDiscord: profile.discord.id !== null,
        });
      }
      expect(reminders).toEqual([
        { nick: 'Hlasujici_A', hoursSinceVote: 1, remindOnDiscord: true },
        { nick: 'Hlasujici_B', hoursSinceVote: 1, remindOnDiscord: false },
        { nick: 'Novacek', hoursSinceVote: null, remindOnDiscord: false },
      ]);
    });

    it('Discord bot, staff registration with a form body: the messages of the original API it shows to staff', async () => {
      const bot = legacyClient(api.url);
      const register = (fields: Record<string, string>) =>
        bot.request('/account/register', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
      const answers = [
        await register({ username: 'Admin_Pepa', password: 'Pepovo heslo+2026', adminKey: TEST_ADMIN_KEY }),
        await register({ username: 'Admin_Pepa', password: 'Pepovo heslo+2026', adminKey: 'spatny-klic' }),
        await register({ username: 'Hlasujici_A', password: 'Heslo-hrace-1', adminKey: TEST_ADMIN_KEY }),
      ];
      expect(answers).toEqual([
        { status: 200, body: { success: true, message: 'Heslo bylo úspěšně nastaveno!' } },
        { status: 403, body: { success: false, message: 'Adminkey se neshoduje s server AdminKey!' } },
        { status: 404, body: { success: false, message: 'Neznámé uživatelské jméno!' } },
      ]);
      const login = await bot.request('/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin_pepa', password: 'Pepovo heslo+2026' }).toString(),
      });
      expect([login.status, login.body['success'], typeof login.body['token']]).toEqual([
        200,
        true,
        'string',
      ]);
    });

    it('a client whose base URL ends in "/": every path it joins (//player/…) answers as without the doubled slash', async () => {
      const slashed = legacyClient(`${api.url}/`);
      const plain = legacyClient(api.url);
      for (const path of [
        '/player/Veteran',
        `/player/uuid/${testUuid(201)}`,
        '/economy/leaderboard/month-votes',
      ]) {
        expect({ path, answer: await slashed.request(path) }).toEqual({
          path,
          answer: await plain.request(path),
        });
      }
      expect(botPlayedTime(await slashed.profile('/player/Veteran'))).toBe('147 dní, 1 h 42 m');
    });
  },
);
