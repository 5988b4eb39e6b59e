import { LEVEL_MODES, LevelLeaderboardEntry } from '@craftstats/contracts';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');
const levelUp = (
  n: number,
  nick: string,
  mode: string,
  level: number,
  experience: number,
  date = T0 - 60_000,
): WireEvent => ({
  action: 'PLAYER_UPDATE_LEVEL',
  uuid: testUuid(n),
  nick,
  mode,
  level,
  experience,
  date,
});
const entry = (
  index: number,
  nick: string,
  uuid: string,
  level: number,
  experience: number,
): LevelLeaderboardEntry => ({ index, nick, uuid, value: level, level, experience });

describeEachDialect('level leaderboards over HTTP (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0 });
  const board = (mode: string) =>
    getData<LevelLeaderboardEntry[]>(`${api.url}/economy/leaderboard/levels/${mode}`);

  it('answers every mode with an empty list before any level-up', async () => {
    for (const mode of LEVEL_MODES) {
      const res = await get(`${api.url}/economy/leaderboard/levels/${mode}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: [] });
    }
  });

  it('ranks the top 50 by level, then experience, then nick case-insensitively, then uuid', async () => {
    // 60 players on distinct levels, four tied at the top level: two by experience, two by nick only.
    const events = Array.from({ length: 60 }, (_, i) =>
      levelUp(100 + i, `s${pad(i)}`, 'survival', 80 - i, 5),
    );
    events.push(
      levelUp(201, 'Bob', 'survival', 90, 100),
      levelUp(202, 'alice', 'survival', 90, 100),
      levelUp(203, 'Zed', 'survival', 90, 700),
      levelUp(204, 'bob', 'survival', 90, 100),
    );
    await api.ingest(events);
    const expected = [
      entry(1, 'Zed', testUuid(203), 90, 700),
      entry(2, 'alice', testUuid(202), 90, 100),
      entry(3, 'Bob', testUuid(201), 90, 100),
      entry(4, 'bob', testUuid(204), 90, 100),
      ...Array.from({ length: 46 }, (_, i) => entry(5 + i, `s${pad(i)}`, testUuid(100 + i), 80 - i, 5)),
    ];
    expect(await board('survival')).toEqual(expected);
  });

  it('keeps each mode on its own board, the newest level-up counts, global has only a level', async () => {
    await api.ingest([
      levelUp(300, 'Ostrovan', 'skyblock', 3, 40),
      levelUp(300, 'Ostrovan', 'skyblock', 4, 10, T0 - 30_000),
      levelUp(301, 'Stavitel', 'creative', 2, 0),
      levelUp(302, 'Vezen', 'prison', 0, 15),
      levelUp(303, 'Globalni', 'global', 12, 0),
      levelUp(304, 'Nula', 'vanilla', 0, 0),
    ]);
    expect(await board('skyblock')).toEqual([entry(1, 'Ostrovan', testUuid(300), 4, 10)]);
    expect(await board('creative')).toEqual([entry(1, 'Stavitel', testUuid(301), 2, 0)]);
    // Experience without a level counts as progress; level 0 with no experience does not.
    expect(await board('prison')).toEqual([entry(1, 'Vezen', testUuid(302), 0, 15)]);
    expect(await board('vanilla')).toEqual([]);
    expect(await board('global')).toEqual([entry(1, 'Globalni', testUuid(303), 12, 0)]);
    expect(await board('skycloud')).toEqual([]);
  });

  it('shows a renamed player under the new nick and ranks ties by it', async () => {
    await api.ingest([
      levelUp(310, 'Zzz_Stary', 'creative', 2, 0, T0 - 50_000),
      { action: 'ECONOMY_CHANGE_NAME', uuid: testUuid(310), nick: 'Aaa_Novy', date: T0 - 20_000 },
    ]);
    expect(await board('creative')).toEqual([
      entry(1, 'Aaa_Novy', testUuid(310), 2, 0),
      entry(2, 'Stavitel', testUuid(301), 2, 0),
    ]);
  });

  it.each(['nether', 'SURVIVAL', 'survival%20'])(
    'answers an unknown mode %s with 404 NOT_FOUND',
    async (mode) => {
      const res = await get(`${api.url}/economy/leaderboard/levels/${mode}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, error: 'NOT_FOUND' });
      expect(typeof (res.body as { message: string }).message).toBe('string');
    },
  );

  it('sends ETag and Cache-Control like the other boards', async () => {
    const res = await get(`${api.url}/economy/leaderboard/levels/survival`);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=[0-2]$/);
    const again = await get(`${api.url}/economy/leaderboard/levels/survival`, {
      'if-none-match': res.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });
});
