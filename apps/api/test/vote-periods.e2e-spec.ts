import { LeaderboardEntry } from '@craftstats/contracts';
import { PERIOD_MESSAGES } from '@craftstats/domain';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';

// Wednesday 2026-11-18 13:00 in Prague (CET): current month 2026-11, current week from Monday 2026-11-16.
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const entry = (index: number, nick: string, uuid: string, value: number): LeaderboardEntry => ({
  index,
  nick,
  uuid,
  value,
});
const vote = (n: number, nick: string, date: number): WireEvent => ({
  action: 'PLAYER_VOTE',
  uuid: testUuid(n),
  nick,
  site: 'craftlist.org',
  date,
});

const OCT_31_2330 = Date.UTC(2026, 9, 31, 22, 30); // Sat 2026-10-31 23:30 Prague: October, week of 2026-10-26
const NOV_01_0030 = Date.UTC(2026, 9, 31, 23, 30); // Sun 2026-11-01 00:30 Prague: November, week of 2026-10-26
const NOV_10 = Date.UTC(2026, 10, 10, 9, 0); // Tue 2026-11-10: week of 2026-11-09
const NOV_17 = Date.UTC(2026, 10, 17, 9, 0); // Tue 2026-11-17: the current week

describeEachDialect('past vote months and weeks over HTTP (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0 });
  const url = (query: string) => `${api.url}/economy/leaderboard/${query}`;

  beforeAll(async () => {
    await api.ingest([
      vote(600, 'Zdena', OCT_31_2330),
      vote(600, 'Zdena', OCT_31_2330 + 1),
      vote(601, 'adam', OCT_31_2330 + 2),
      vote(602, 'Adam', OCT_31_2330 + 3),
      vote(601, 'adam', OCT_31_2330 + 4),
      vote(602, 'Adam', OCT_31_2330 + 5),
      vote(603, 'Novak', NOV_01_0030),
      vote(603, 'Novak', NOV_10),
      vote(604, 'Tyden', NOV_10),
      vote(604, 'Tyden', NOV_10 + 1),
      vote(603, 'Novak', NOV_17),
    ]);
  });

  it('ranks a past month from the period counters with the usual tie rule (nick case-insensitively, then uuid)', async () => {
    expect(await getData(url('month-votes?month=2026-10'))).toEqual([
      entry(1, 'adam', testUuid(601), 2),
      entry(2, 'Adam', testUuid(602), 2),
      entry(3, 'Zdena', testUuid(600), 2),
    ]);
  });

  it('answers the current month by key exactly as the board without a key', async () => {
    const byKey = await get(url('month-votes?month=2026-11'));
    const current = await get(url('month-votes'));
    expect(byKey.text).toBe(current.text);
    expect((byKey.body as { data: unknown }).data).toEqual([
      entry(1, 'Novak', testUuid(603), 3),
      entry(2, 'Tyden', testUuid(604), 2),
    ]);
    expect(byKey.headers.get('cache-control')).toMatch(/^public, max-age=[0-2]$/);
  });

  it('ranks a past week given by its Monday, and the current week by key', async () => {
    expect(await getData(url('week-votes?week=2026-11-09'))).toEqual([
      entry(1, 'Tyden', testUuid(604), 2),
      entry(2, 'Novak', testUuid(603), 1),
    ]);
    expect(await getData(url('week-votes?week=2026-10-26'))).toEqual([
      entry(1, 'adam', testUuid(601), 2),
      entry(2, 'Adam', testUuid(602), 2),
      entry(3, 'Zdena', testUuid(600), 2),
      entry(4, 'Novak', testUuid(603), 1),
    ]);
    expect(await getData(url('week-votes?week=2026-11-16'))).toEqual([entry(1, 'Novak', testUuid(603), 1)]);
  });

  it('answers an empty list for a period without votes, past or future', async () => {
    for (const query of [
      'month-votes?month=2019-02',
      'month-votes?month=2027-01',
      'week-votes?week=2026-11-02',
    ]) {
      const res = await get(url(query));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, data: [] });
    }
  });

  it('marks a closed period immutable and long-cacheable, with an ETag that gives 304', async () => {
    const closed = await get(url('month-votes?month=2026-10'));
    expect(closed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = closed.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await get(url('month-votes?month=2026-10'), { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const week = await get(url('week-votes?week=2026-11-09'));
    expect(week.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A future period may still get votes: never immutable.
    const future = await get(url('month-votes?month=2027-01'));
    expect(future.headers.get('cache-control')).toMatch(/^public, max-age=[0-2]$/);
  });

  it.each([
    ['month-votes?month=2026-13', PERIOD_MESSAGES.month],
    ['month-votes?month=2026-1', PERIOD_MESSAGES.month],
    ['month-votes?month=listopad', PERIOD_MESSAGES.month],
    ['month-votes?month=', PERIOD_MESSAGES.month],
    ['month-votes?month=2026-10&month=2026-11', PERIOD_MESSAGES.month],
    ['week-votes?week=2026-11-31', PERIOD_MESSAGES.week],
    ['week-votes?week=16.11.2026', PERIOD_MESSAGES.week],
    ['week-votes?week=2026-11-18', PERIOD_MESSAGES.notMonday('2026-11-18')],
  ])('answers %s with 400 VALIDATION_FAILED and a Czech message', async (query, message) => {
    const res = await get(url(query));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 400, error: 'VALIDATION_FAILED', message });
  });

  it("switches the current month's board at midnight, while the last answer is still fresh", async () => {
    // Mon 2026-11-30 23:59:59.5 in Prague; half a second later it is December, which has no votes.
    const beforeMidnight = Date.UTC(2026, 10, 30, 22, 59, 59, 500);
    api.clock.set(beforeMidnight); // the clock only moves forward: this test comes last
    // Asked twice: the second answer is the one remembered for this request target (ADR 0075).
    await get(url('month-votes'));
    expect(await getData(url('month-votes'))).toEqual([
      entry(1, 'Novak', testUuid(603), 3),
      entry(2, 'Tyden', testUuid(604), 2),
    ]);
    api.clock.set(beforeMidnight + 1_000); // within the board's 2 s TTL, but the month changed
    const december = await get(url('month-votes'));
    expect([december.status, december.body]).toEqual([200, { status: 200, data: [] }]);
  });
});
