import net from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { AppLogger } from '../lib/logging/logger';
import { RunningApp, TestConfig, bootApp, testConfig } from './app-harness';
import { rawExchange } from './raw-http';

// Every answer with a body is the envelope, also for the requests Node's HTTP server and Fastify
// answer themselves: Expect, a missing or bad Host, an over-long URL, CONNECT and other odd methods,
// and requests on keep-alive connections during shutdown. HEAD answers have no body. Both apps; no
// stored data is involved (one SQLite database).

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

  describe(`${name}: shutdown with an open keep-alive connection`, () => {
    it('answers a request that arrives while closing with 503 UNAVAILABLE and Retry-After', async () => {
      const db = await createTestDatabase('sqlite');
      const running = await bootApp(name, create, testConfig({ DATABASE_URL: db.url }));
      try {
        const url = new URL(running.url);
        const socket = net.connect(Number(url.port), url.hostname);
        let received = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (received += chunk));
        await new Promise((resolve) => socket.once('connect', resolve));
        // The first request is in flight (its body still arriving), so the connection is busy when the
        // app starts closing; the second arrives on the same keep-alive connection after that.
        const body = JSON.stringify({ events: [] });
        socket.write(
          `POST /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        const closed = running.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket.write(`${body}GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        await closed;
        await new Promise((resolve) =>
          socket.destroyed ? resolve(undefined) : socket.once('close', resolve),
        );
        const second = received.indexOf('HTTP/1.1', 1);
        expect(second).toBeGreaterThan(0);
        const answer = parse(received.slice(second));
        expect({ status: answer.status, retryAfter: answer.headers['retry-after'] }).toEqual({
          status: 503,
          retryAfter: '5',
        });
        expect(JSON.parse(answer.body)).toEqual({
          status: 503,
          error: 'UNAVAILABLE',
          message: 'Služba se právě vypíná, zkus to za chvíli.',
        });
      } finally {
        await db.drop();
      }
    });
  });
}
