import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { AppLogger } from '../lib/logging/logger';
import { RunningApp, TestConfig, bootApp, testConfig } from './app-harness';
import { RawConnection, RawConnectionAnswer, rawExchange } from './raw-http';

// Every answer with a body is the envelope, also for the requests Node's HTTP server and Fastify
// answer themselves: Expect, a missing or bad Host, an over-long URL, CONNECT and other odd methods.
// HEAD answers have no body. Requests on open connections during shutdown are answered as usual. Both
// apps; no stored data is involved (one SQLite database).

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first HTTP/1.1 answer of a raw exchange (content-length delimited). */
function parse(raw: string): Parsed {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete answer: ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = Buffer.from(raw.slice(end + 4), 'latin1').toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length) };
}

const request = (method: string, path: string, headers: string[] = ['Host: 127.0.0.1']) =>
  [`${method} ${path} HTTP/1.1`, ...headers, 'Connection: close', '', ''].join('\r\n');

type Create = (config: TestConfig, logger: AppLogger) => Promise<NestFastifyApplication>;

/**
 * Declares the walk for one app (`apps/<app>/test/envelope-edges.e2e-spec.ts` call it with their
 * factory), so that both apps are held to the same edge answers.
 */
export function describeEnvelopeEdges(name: string, create: Create): void {
  describe(`${name}: the envelope on every answer`, () => {
    let db: TestDatabase;
    let running: RunningApp;

    beforeAll(async () => {
      db = await createTestDatabase('sqlite');
      running = await bootApp(name, create, testConfig({ DATABASE_URL: db.url }));
    });
    afterAll(async () => {
      await running?.close();
      await db?.drop();
    });

    const exchange = async (raw: string) => parse(await rawExchange(running.url, raw));

    it.each([
      [
        'an Expect header other than 100-continue',
        request('GET', '/health', ['Host: a', 'Expect: tea']),
        417,
      ],
      ['no Host header', request('GET', '/health', []), 400],
      ['a malformed Host header', request('GET', '/health', ['Host: bad host!']), 400],
      ['a URL over the header size limit', request('GET', `/health?x=${'a'.repeat(20_000)}`), 431],
      ['CONNECT', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', 405],
      ['TRACE', request('TRACE', '/health'), 404],
      ['PROPFIND', request('PROPFIND', '/health'), 404],
      ['DELETE on a read route', request('DELETE', '/health'), 404],
      ['an unknown method', request('BREW', '/health'), 400],
    ])('answers %s with the envelope', async (_what, raw, status) => {
      const answer = await exchange(raw);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(answer.body)).toEqual({
        status,
        error: expect.stringMatching(/^[A-Z_]+$/),
        message: expect.stringMatching(/\S/),
      });
    });

    it.each([
      ['a known route', request('HEAD', '/health'), 200],
      ['an unknown path', request('HEAD', '/nikde'), 404],
      ['an Expect header', request('HEAD', '/health', ['Host: a', 'Expect: tea']), 417],
      ['no Host header', request('HEAD', '/health', []), 400],
      ['a URL over the header size limit', request('HEAD', `/health?x=${'a'.repeat(20_000)}`), 431],
    ])('answers HEAD on %s without a body', async (_what, raw, status) => {
      const rawAnswer = await rawExchange(running.url, raw);
      const end = rawAnswer.indexOf('\r\n\r\n');
      expect(Number(rawAnswer.slice(9, 12))).toBe(status);
      expect(rawAnswer.slice(end + 4)).toBe('');
    });
  });

  describe(`${name}: shutdown (docs/adr/0067)`, () => {
    let db: TestDatabase;
    let running: RunningApp;
    let closing: Promise<void> | undefined;
    beforeEach(async () => {
      db = await createTestDatabase('sqlite');
      running = await bootApp(name, create, testConfig({ DATABASE_URL: db.url }));
      closing = undefined;
    });
    afterEach(async () => {
      await (closing ?? running?.close());
      await db?.drop();
    });

    const health = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const answeredOk = { status: 200, connection: 'close', body: '{"status":"ok"}' };
    const summary = (answer: RawConnectionAnswer) => ({
      status: answer.status,
      connection: answer.headers['connection'],
      body: answer.body,
    });

    it('answers a request in flight when the close begins, with Connection: close, then closes the connection', async () => {
      const connection = await RawConnection.open(running.url);
      // Half of the request line and headers: the request has begun, Nest has not seen it yet.
      connection.write(health.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      closing = running.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      connection.write(health.slice(20));
      expect(summary(await connection.nextAnswer())).toEqual(answeredOk);
      await connection.closed;
      await closing;
    });

    it('answers a request whose bytes were waiting in the socket when the close began', async () => {
      const connection = await RawConnection.open(running.url);
      connection.write(health);
      expect((await connection.nextAnswer()).headers['connection']).toBe('keep-alive');
      // The next request reaches the server's socket, and the close begins before the server has read
      // it (as when SIGTERM is handled while the event loop was busy).
      connection.write(health);
      closing = running.close();
      expect(summary(await connection.nextAnswer())).toEqual(answeredOk);
      await connection.closed;
      await closing;
    });

    it('answers a request on a connection the server had not taken in when the close began', async () => {
      const connection = await RawConnection.open(running.url);
      connection.write(health);
      closing = running.close();
      expect(summary(await connection.nextAnswer())).toEqual(answeredOk);
      await closing;
    });

    it('closes idle keep-alive connections and connections that never sent a byte, and accepts no new connection', async () => {
      const used = await RawConnection.open(running.url);
      used.write(health);
      await used.nextAnswer();
      const silent = await RawConnection.open(running.url);
      closing = running.close();
      // At once, not after the keep-alive timeout (72 s) or the shutdown deadline.
      const within = (what: Promise<void>) =>
        Promise.race([
          what.then(() => 'done'),
          new Promise((resolve) => setTimeout(resolve, 5_000, 'pending')),
        ]);
      expect(await within(Promise.all([used.closed, silent.closed, closing]).then(() => undefined))).toBe(
        'done',
      );
      await expect(RawConnection.open(running.url)).rejects.toThrow(/ECONNREFUSED/);
    });
  });
}
