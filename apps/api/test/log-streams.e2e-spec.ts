import { EventSource } from 'eventsource';
import {
  AchievementLogEntry,
  EconomyLogEntry,
  subscribeAchievementsLog,
  subscribeEconomyLog,
} from '@craftstats/contracts';
import { LogRepository } from '@craftstats/domain';
import { describeEachDialect, testUuid } from '@craftstats/persistence/testing';
import { bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { STREAM_MESSAGES } from '../src/logs/log-streams';
import { get, getData } from './support/http';
import { WireEvent } from './support/ingestor';
import { useReadApi } from './support/read-api';
import { openStream } from './support/sse';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const MAX_PER_CLIENT = 4;
let n = 0;
const coins = (value: number): WireEvent => ({
  action: 'ECONOMY_CRAFTCOINS_ADD',
  uuid: testUuid(700 + (n % 5)),
  nick: `Streamer${n++ % 5}`,
  old_value: 0,
  new_value: value,
  date: T0 - 100_000 + n,
});
const achievement = (id: string): WireEvent => ({
  action: 'ACHIEVEMENT_COMPLETE',
  uuid: testUuid(710),
  nick: 'Lovec',
  ach_id: id,
  ach_name: `Úspěch ${id}`,
  ach_value: 5,
  date: T0 - 50_000 + n++,
});
const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describeEachDialect('log streams over Server-Sent Events (data ingested through the log-ingestor)', (fx) => {
  const api = useReadApi(fx, { now: T0, env: { SSE_MAX_PER_CLIENT: String(MAX_PER_CLIENT) } });
  const url = (path: string) => `${api.url}${path}`;

  it('streams each new entry exactly as /economy/log shows it, its position as id, within 1 s of the commit', async () => {
    await api.ingest([coins(1)]); // history before the stream: not sent without Last-Event-ID
    const stream = await openStream(url('/economy/log/stream'));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
      const answered = await (async () => {
        await api.ingestor.send([
          coins(10),
          { action: 'PLAYER_JOIN', uuid: testUuid(700), nick: 'Streamer0', mc_version: '1.21', date: T0 - 1 },
          coins(20),
        ]);
        return Date.now(); // the ingestor answers after the commit
      })();
      const messages = await stream.waitFor(2);
      // Only the public action families, as in /economy/log (no PLAYER_JOIN).
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message.at - answered).toBeLessThanOrEqual(1_000);
      const entries = messages.map((m) => JSON.parse(m.data) as EconomyLogEntry);
      const log = await getData<EconomyLogEntry[]>(url('/economy/log'));
      expect(entries).toEqual([log[1], log[0]].filter((e) => ['10', '20'].includes(e.new_value)));
      expect(entries.map((e) => e.new_value)).toEqual(['10', '20']);
      expect(Object.keys(entries[0])).toEqual(Object.keys(log[0]));
      const ids = messages.map((m) => Number(m.id));
      expect(ids[1]).toBeGreaterThan(ids[0]);
      expect(stream.comments).toContain('connected');
      expect(stream.text()).toMatch(/^retry: 2000\n/);
    } finally {
      stream.close();
    }
  });

  it('resumes after Last-Event-ID with every missed entry once, then the live ones', async () => {
    const first = await openStream(url('/economy/log/stream'));
    await api.ingestor.send([coins(31), coins(32)]);
    const seen = await first.waitFor(2);
    first.close();
    const lastId = seen[1].id;
    await api.ingestor.send([coins(33), coins(34), coins(35)]); // while disconnected
    const resumed = await openStream(url('/economy/log/stream'), { 'last-event-id': lastId });
    try {
      const missed = await resumed.waitFor(3);
      expect(missed.map((m) => (JSON.parse(m.data) as EconomyLogEntry).new_value)).toEqual([
        '33',
        '34',
        '35',
      ]);
      await api.ingestor.send([coins(36)]);
      const all = await resumed.waitFor(4);
      expect(all.map((m) => (JSON.parse(m.data) as EconomyLogEntry).new_value)).toEqual([
        '33',
        '34',
        '35',
        '36',
      ]);
      const ids = all.map((m) => Number(m.id));
      expect(new Set(ids).size).toBe(4);
      expect(ids.every((id) => id > Number(lastId))).toBe(true);
    } finally {
      resumed.close();
    }
    // The query parameter does the same for clients that cannot set the header.
    const byQuery = await openStream(url(`/economy/log/stream?lastEventId=${lastId}`));
    try {
      expect(
        (await byQuery.waitFor(4)).map((m) => (JSON.parse(m.data) as EconomyLogEntry).new_value),
      ).toEqual(['33', '34', '35', '36']);
    } finally {
      byQuery.close();
    }
  });

  it('streams achievements as /achievements/log shows them', async () => {
    const stream = await openStream(url('/achievements/log/stream'));
    try {
      await api.ingestor.send([achievement('a1'), coins(40), achievement('a2')]);
      const messages = await stream.waitFor(2);
      const entries = messages.map((m) => JSON.parse(m.data) as AchievementLogEntry);
      const log = await getData<AchievementLogEntry[]>(url('/achievements/log'));
      expect(entries).toEqual([log[1], log[0]]);
      expect(entries.map((e) => e.ach_id)).toEqual(['a1', 'a2']);
    } finally {
      stream.close();
    }
  });

  it('polls the database once per interval for all clients of the instance, not once per client', async () => {
    const repo = api.app.get(LogRepository);
    const spy = jest.spyOn(repo, 'tail');
    const clients = await Promise.all(
      Array.from({ length: MAX_PER_CLIENT }, () => openStream(url('/economy/log/stream'))),
    );
    try {
      spy.mockClear();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // 2 s at one poll per 250 ms: about 8 polls for all clients (4 clients each polling: about 32).
      const polls = spy.mock.calls.filter(([kind]) => kind === 'economy').length;
      expect(polls).toBeGreaterThanOrEqual(3);
      expect(polls).toBeLessThanOrEqual(10);
      await api.ingestor.send([coins(50)]);
      for (const client of clients) expect((await client.waitFor(1))[0].data).toContain('"new_value":"50"');
    } finally {
      for (const client of clients) client.close();
      spy.mockRestore();
    }
  });

  it('refuses more than SSE_MAX_PER_CLIENT streams of one client with 429 in the envelope', async () => {
    const clients = await Promise.all(
      Array.from({ length: MAX_PER_CLIENT }, () => openStream(url('/economy/log/stream'))),
    );
    try {
      const refused = await openStream(url('/economy/log/stream'));
      await refused.ended;
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text())).toEqual({
        status: 429,
        error: 'RATE_LIMITED',
        message: STREAM_MESSAGES.tooMany(MAX_PER_CLIENT),
      });
    } finally {
      for (const client of clients) client.close();
    }
    // A closed stream frees its place (once the server has seen the socket close).
    let again = await openStream(url('/economy/log/stream'));
    for (let attempt = 0; again.status !== 200 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openStream(url('/economy/log/stream'));
    }
    expect(again.status).toBe(200);
    again.close();
  });

  it.each(['abc', '-1', '1.5'])('answers Last-Event-ID %s with 400 VALIDATION_FAILED', async (bad) => {
    const res = await get(url('/economy/log/stream'), { 'last-event-id': bad });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      error: 'VALIDATION_FAILED',
      message: STREAM_MESSAGES.lastEventId,
    });
  });

  it('the contracts subscription (EventSource) delivers in order, reconnects after a refusal and resumes', async () => {
    const got: Array<{ value: string; position: number }> = [];
    // Fill the client's places: the subscription is refused (429) and must retry by itself.
    const blockers = await Promise.all(
      Array.from({ length: MAX_PER_CLIENT }, () => openStream(url('/economy/log/stream'))),
    );
    const errors: unknown[] = [];
    let opens = 0;
    const subscription = subscribeEconomyLog({
      baseUrl: api.url,
      EventSource,
      reconnectDelayMs: 200,
      onEntry: (entry, position) => got.push({ value: entry.new_value, position }),
      onError: (event) => errors.push(event),
      onOpen: () => opens++,
    });
    try {
      await until(() => errors.length > 0);
      expect(opens).toBe(0); // refused, never connected
      for (const blocker of blockers) blocker.close();
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // reconnected meanwhile
      await api.ingestor.send([coins(61), coins(62)]);
      await until(() => got.length >= 2);
      expect(got.map((g) => g.value)).toEqual(['61', '62']);
      expect(opens).toBeGreaterThanOrEqual(1); // onOpen tells a page the stream is live again
      expect(subscription.lastEventId).toBe(got[1].position);
    } finally {
      subscription.close();
    }
    // A new subscription from a stored position gets what came after it.
    await api.ingestor.send([coins(63)]);
    const resumed: string[] = [];
    const again = subscribeEconomyLog({
      baseUrl: api.url,
      EventSource,
      lastEventId: got[0].position,
      onEntry: (entry) => resumed.push(entry.new_value),
    });
    try {
      await until(() => resumed.length >= 2);
      expect(resumed).toEqual(['62', '63']);
    } finally {
      again.close();
    }
    const achievements: string[] = [];
    const sub = subscribeAchievementsLog({
      baseUrl: api.url,
      EventSource,
      onEntry: (e) => achievements.push(e.ach_id),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await api.ingestor.send([achievement('b1')]);
      await until(() => achievements.length >= 1);
      expect(achievements).toEqual(['b1']);
    } finally {
      sub.close();
    }
  });
});

describeEachDialect('log streams at shutdown', (fx) => {
  it('ends every open stream cleanly when the API shuts down', async () => {
    const running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: fx.db.url }));
    const streams = await Promise.all([
      openStream(`${running.url}/economy/log/stream`),
      openStream(`${running.url}/achievements/log/stream`),
    ]);
    const endedAt = streams.map((stream) => stream.ended.then(() => Date.now()));
    const started = Date.now();
    await running.close();
    const closedAt = Date.now();
    // The server ended the streams itself while closing (no socket left hanging open).
    for (const at of await Promise.all(endedAt)) expect(at).toBeLessThanOrEqual(closedAt + 1_000);
    expect(closedAt - started).toBeLessThan(15_000);
  });
});
