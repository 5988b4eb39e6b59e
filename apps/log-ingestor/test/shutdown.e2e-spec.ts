import { In } from 'typeorm';
import { ERROR_MESSAGES } from '@craftstats/contracts';
import { EconomyLogEntity } from '@craftstats/persistence';
import { describeEachDialect } from '@craftstats/persistence/testing';
import {
  RawConnection,
  RawConnectionAnswer,
  RunningApp,
  bootApp,
  testConfig,
} from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';
import { eventPool } from './support/event-pool';
import { INGEST_TOKENS, SURVIVAL_TOKEN } from './support/ingest';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

/** The raw bytes of POST /v1/events with `body`, as the survival server. */
function ingestRequest(body: string): string {
  return (
    'POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    `Authorization: Bearer ${SURVIVAL_TOKEN}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

const summary = (answer: RawConnectionAnswer) => ({
  status: answer.status,
  connection: answer.headers['connection'],
  body: JSON.parse(answer.body) as unknown,
});

// A batch the ingestor has received is stored and acknowledged while it shuts down, never refused with
// 503 or cut off (docs/adr/0067). On SQLite each batch's write blocks the event loop, so SIGTERM is
// often handled while other batches wait, read but not yet parsed, in their sockets.
describeEachDialect('POST /v1/events while the ingestor shuts down', (fx) => {
  let running: RunningApp;
  let closing: Promise<void> | undefined;
  beforeEach(async () => {
    running = await bootApp(
      'log-ingestor',
      createIngestorApp,
      testConfig({ DATABASE_URL: fx.db.url, INGEST_TOKENS, TZ_COMMUNITY: TZ }),
    );
    closing = undefined;
  });
  afterEach(() => closing ?? running?.close());

  const stored = (ids: string[]) =>
    fx.dataSource.getRepository(EconomyLogEntity).countBy({ source: 'survival', eventId: In(ids) });

  it('stores and acknowledges a batch whose body is still arriving when the close begins', async () => {
    const events = eventPool('inflight', 9_100, 20, 5, T0).events;
    const raw = ingestRequest(JSON.stringify({ events }));
    const connection = await RawConnection.open(running.url);
    connection.write(raw.slice(0, raw.length - 500));
    await new Promise((resolve) => setTimeout(resolve, 100));
    closing = running.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.write(raw.slice(raw.length - 500));
    expect(summary(await connection.nextAnswer())).toEqual({
      status: 200,
      connection: 'close',
      body: { accepted: events.length, duplicates: 0, rejected: [] },
    });
    await closing;
    expect(await stored(events.map((e) => e.id as string))).toBe(events.length);
  });

  it('stores and acknowledges the batches waiting in the sockets of several connections when the close begins', async () => {
    const batches = [0, 1, 2, 3].map((k) => eventPool(`waiting${k}`, 9_200 + k * 20, 20, 5, T0).events);
    const connections = await Promise.all(batches.map(() => RawConnection.open(running.url)));
    // Each connection has been used once, so it is an idle keep-alive connection in the server's eyes.
    for (const connection of connections) {
      connection.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect((await connection.nextAnswer()).headers['connection']).toBe('keep-alive');
    }
    // Every batch reaches the server's sockets; the close begins before the server has read any.
    batches.forEach((events, k) => connections[k]?.write(ingestRequest(JSON.stringify({ events }))));
    closing = running.close();
    const answers = await Promise.all(connections.map(async (c) => summary(await c.nextAnswer())));
    expect(answers).toEqual(
      batches.map((events) => ({
        status: 200,
        connection: 'close',
        body: { accepted: events.length, duplicates: 0, rejected: [] },
      })),
    );
    await closing;
    expect(await stored(batches.flat().map((e) => e.id as string))).toBe(batches.flat().length);
  });

  it('answers a malformed batch waiting in the socket when the close begins with 400, not 503', async () => {
    const connection = await RawConnection.open(running.url);
    connection.write(ingestRequest('{"events": [}'));
    closing = running.close();
    expect(summary(await connection.nextAnswer())).toEqual({
      status: 400,
      connection: 'close',
      body: { status: 400, error: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST },
    });
    await closing;
  });
});
