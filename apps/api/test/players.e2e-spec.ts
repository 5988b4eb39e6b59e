import { playerProfile } from '@craftstats/contracts/testing';
import { PlayerProfile } from '@craftstats/contracts';
import { discriminatorFor } from '@craftstats/domain';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

// Wednesday 2026-11-18 13:00 in Prague.
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const DAY = 86_400_000;
const PEPA = testUuid(1);
// An offline-mode (cracked) account: name-based version 3 UUID.
const CRACKED = '5c0f6ff9-1b8e-3d4a-9c2b-0123456789ab';

const REGISTERED = T0 - 30 * DAY;
const JOIN_1 = T0 - 2 * DAY;
// One hour and 59 seconds of play: played_time shows 60 whole minutes.
const QUIT_1 = JOIN_1 + 3_600_000 + 59_000;
const JOIN_2 = T0 - 60_000;
const LAST_VOTE = T0 - 10_000;

const MODES = ['survival', 'skyblock', 'creative', 'vanilla', 'prison', 'skycloud'] as const;

function pepaEvents(): WireEvent[] {
  const ev = (
    action: string,
    date: number,
    extra: Record<string, unknown> = {},
    nick = 'Pepa_Novak',
  ): WireEvent => ({
    action,
    uuid: PEPA,
    nick,
    date,
    ...extra,
  });
  return [
    ev('ECONOMY_REGISTER', REGISTERED, {}, 'Pepa'),
    ev('ECONOMY_CHANGE_NAME', REGISTERED + 1000),
    ev('ECONOMY_CRAFTCOINS_ADD', T0 - 9000, { old_value: 0, new_value: 1500 }),
    ev('ECONOMY_CRAFTTOKENS_ADD', T0 - 9000, { new_value: 20 }),
    ev('ECONOMY_VOTETOKENS_ADD', T0 - 9000, { new_value: 7 }),
    ev('ECONOMY_KARMA_ADD', T0 - 9000, { new_value: 12 }),
    ev('ECONOMY_ACHIEVEMENTPOINTS_ADD', T0 - 9000, { new_value: 355 }),
    ev('ECONOMY_EVENTPOINTS_ADD', T0 - 9000, { new_value: 4 }),
    ev('PLAYER_UPDATE_RANK', T0 - 8000, { new_value: '12' }),
    ev('PLAYER_SET_TAG', T0 - 8000, { new_value: '3' }),
    ev('PLAYER_DISCORD_CONNECT', T0 - 8000, { new_value: '987654321098765432' }),
    ev('PLAYER_VOTE', Date.UTC(2026, 9, 20, 10), { site: 'craftlist.org' }), // October
    ev('PLAYER_VOTE', Date.UTC(2026, 10, 3, 10), { site: 'craftlist.org' }), // this month, earlier week
    ev('PLAYER_VOTE', T0 - 20_000, { site: 'czech-craft.eu' }),
    ev('PLAYER_VOTE', LAST_VOTE, { site: 'craftlist.org' }),
    ev('PLAYER_JOIN', JOIN_1, { mc_version: '1.21.1' }),
    ev('PLAYER_QUIT', QUIT_1),
    ev('PLAYER_JOIN', JOIN_2, { server: 'skyblock', mc_version: '1.21.4' }),
    ev('PLAYER_UPDATE_LEVEL', T0 - 7000, { mode: 'global', level: 42 }),
    ...MODES.map((mode, i) =>
      ev('PLAYER_UPDATE_LEVEL', T0 - 7000, { mode, level: 10 + i, experience: 1000 * (i + 1) }),
    ),
    ev('PLAYER_UPDATE_SOCIAL', T0 - 6000, {
      status: 'Ahoj, jsem Pepa!',
      facebook: 'https://facebook.com/pepa',
      twitch: 'https://twitch.tv/pepa',
      web: 'http://pepa.example.cz/',
    }),
  ];
}

const expectedPepa = (id: number): PlayerProfile => ({
  id,
  discriminator: discriminatorFor(PEPA),
  nick: 'Pepa_Novak',
  uuid: PEPA,
  web_group: 0,
  registred: REGISTERED,
  last_online: JOIN_2,
  last_server: 'skyblock',
  is_online: true,
  played_time: 60,
  mc_version: '1.21.4',
  economy: { craftcoins: 1500, crafttokens: 20, votetokens: 7, karma: 12, achievement_points: 355 },
  ranked: {
    global_level: 42,
    survival_level: 10,
    survival_experience: 1000,
    skyblock_level: 11,
    skyblock_experience: 2000,
    creative_level: 12,
    creative_experience: 3000,
    vanilla_level: 13,
    vanilla_experience: 4000,
    prison_level: 14,
    prison_experience: 5000,
    skycloud_level: 15,
    skycloud_experience: 6000,
  },
  votes: { total: 4, month: 3, week: 2, last_vote: LAST_VOTE },
  social: {
    status: 'Ahoj, jsem Pepa!',
    facebook: 'https://facebook.com/pepa',
    twitter: null,
    twitch: 'https://twitch.tv/pepa',
    steam: null,
    web: 'http://pepa.example.cz/',
  },
  discord: { id: '987654321098765432' },
  deprecated: { votetokens: 0, level: 0, experience: 0 },
});

const envelope = (status: number, error: string, message: string) => ({ status, error, message });

describeEachDialect('player profiles over HTTP (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0 });
  let pepaId = 0;

  beforeAll(async () => {
    await api.ingest(pepaEvents());
    await api.ingest([{ action: 'ECONOMY_REGISTER', uuid: CRACKED, nick: 'Novacek', date: T0 - DAY }]);
  });

  it('answers GET /player/:nick with every field of the player profile', async () => {
    const res = await get<{ status: number; data: PlayerProfile }>(`${api.url}/player/Pepa_Novak`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    pepaId = res.body.data.id;
    expect(Number.isInteger(pepaId) && pepaId > 0).toBe(true);
    expect(res.body).toStrictEqual({ status: 200, data: expectedPepa(pepaId) });
  });

  it('finds the nick in any letter case', async () => {
    for (const nick of ['pepa_novak', 'PEPA_NOVAK', 'pEpA_nOvAk']) {
      expect(await getData(`${api.url}/player/${nick}`)).toStrictEqual(expectedPepa(pepaId));
    }
  });

  it('answers GET /player/uuid/:uuid for the dashed and undashed uuid in any case, with the dashed lower-case uuid', async () => {
    for (const uuid of [
      PEPA,
      PEPA.toUpperCase(),
      PEPA.replace(/-/g, ''),
      PEPA.replace(/-/g, '').toUpperCase(),
    ]) {
      expect(await getData(`${api.url}/player/uuid/${uuid}`)).toStrictEqual(expectedPepa(pepaId));
    }
  });

  it('answers a player never told anything but the registration with 0, "", false and null (no linked Discord account) — no field missing', async () => {
    const profile = await getData<PlayerProfile>(`${api.url}/player/uuid/${CRACKED.toUpperCase()}`);
    expect(profile).toStrictEqual(
      playerProfile({
        id: expect.any(Number) as number,
        discriminator: discriminatorFor(CRACKED),
        nick: 'Novacek',
        uuid: CRACKED,
        registred: T0 - DAY,
      }),
    );
    expect(profile.id).not.toBe(pepaId);
    expect(await getData(`${api.url}/player/novacek`)).toStrictEqual(profile);
  });

  it('answers 404 PLAYER_NOT_FOUND for an unknown nick, an unknown uuid and a nick given up by a rename', async () => {
    for (const path of ['/player/Nikdo', `/player/uuid/${testUuid(999)}`, '/player/Pepa']) {
      const res = await get(`${api.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual(envelope(404, 'PLAYER_NOT_FOUND', 'Hráč nebyl nalezen.'));
    }
  });

  it('answers 400 INVALID_NICK and 400 INVALID_UUID for malformed parameters', async () => {
    const nick = await get(`${api.url}/player/${encodeURIComponent('ne platny')}`);
    expect(nick.status).toBe(400);
    expect(nick.body).toEqual(envelope(400, 'INVALID_NICK', 'Neplatný nick hráče.'));
    const uuid = await get(`${api.url}/player/uuid/not-a-uuid`);
    expect(uuid.status).toBe(400);
    expect(uuid.body).toEqual(envelope(400, 'INVALID_UUID', 'Neplatné UUID hráče.'));
  });

  it('finds a nick taken over by another player under its newest holder', async () => {
    await api.ingest([{ action: 'ECONOMY_REGISTER', uuid: testUuid(2), nick: 'Pepa', date: T0 - 1000 }]);
    const profile = await getData<PlayerProfile>(`${api.url}/player/PEPA`);
    expect(profile).toMatchObject({ nick: 'Pepa', uuid: testUuid(2), registred: T0 - 1000 });
  });

  it('counts month and week votes of the current Prague period at the clock; a new month starts at zero', async () => {
    api.clock.set(T0 + 3 * DAY); // Saturday 2026-11-21: same week and month
    expect((await getData<PlayerProfile>(`${api.url}/player/uuid/${PEPA}`)).votes).toEqual({
      total: 4,
      month: 3,
      week: 2,
      last_vote: LAST_VOTE,
    });
    api.clock.set(Date.UTC(2026, 10, 23, 0, 0)); // Monday 2026-11-23 01:00 Prague: a new week
    expect((await getData<PlayerProfile>(`${api.url}/player/uuid/${PEPA}`)).votes).toEqual({
      total: 4,
      month: 3,
      week: 0,
      last_vote: LAST_VOTE,
    });
    api.clock.set(Date.UTC(2026, 10, 30, 23, 0)); // Tuesday 2026-12-01 00:00 Prague: a new month
    expect((await getData<PlayerProfile>(`${api.url}/player/uuid/${PEPA}`)).votes).toEqual({
      total: 4,
      month: 0,
      week: 0,
      last_vote: LAST_VOTE,
    });
  });

  it('sends ETag and Cache-Control: public, max-age=1, and 304 for a matching If-None-Match', async () => {
    api.clock.advance(10_000);
    const first = await get(`${api.url}/player/Pepa_Novak`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=1');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await get(`${api.url}/player/pepa_novak`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // The same profile by uuid has the same bytes, so the same ETag.
    expect((await get(`${api.url}/player/uuid/${PEPA}`, { 'if-none-match': etag })).status).toBe(304);
  });
});
