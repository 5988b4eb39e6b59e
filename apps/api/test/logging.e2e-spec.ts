import { connect, createServer } from 'node:net';
import { Body, Controller, DynamicModule, Get, Headers, Module, Post } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { storage } from 'nestjs-pino/storage';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { DomainError } from '@craftstats/domain';
import {
  ApiConfig,
  AppLogger,
  Metrics,
  RequestLog,
  RequestLogger,
  createHttpApp,
} from '@craftstats/platform';
import {
  AppProcess,
  RunningApp,
  bootApp,
  httpRequest,
  startAppProcess,
  testConfig,
} from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

// The logs of both apps (createHttpApp, runApp): pino JSON lines as production writes them, a request id
// per request in every line the request logs, secrets redacted, Nest's route listing only at debug,
// per-request lines switchable (LOG_REQUESTS), pretty lines on demand, buffered lines written at exit.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SECRETS = {
  bearer: 'eyJhbGciOiJIUzI1NiJ9.tajny-token-v-logu',
  password: 'Heslo-ktere-neuvidis-2026',
  cookie: 'session=susenka-tajna-123',
  accessToken: 'x-access-token-tajny-456',
  adminKey: 'admin-klic-tajny-789',
};

/** A careless handler: logs the whole body and headers of the request (redaction must catch it). */
@Controller('probe')
class LoggingProbeController {
  @Post('careless')
  careless(
    @Body() body: unknown,
    @Headers() headers: Record<string, string>,
    @RequestLogger('Probe') log: RequestLog,
  ): { ok: true } {
    log.log({ msg: 'probe received', body, headers });
    return { ok: true };
  }

  @Get('quiet')
  async quiet(@RequestLogger('Probe') log: RequestLog): Promise<{ ok: true }> {
    // After an await, as a service's line would be: the request id is not lost across it.
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.log({ msg: 'probe handled' });
    return { ok: true };
  }

  /** Whether a request context is kept in nestjs-pino's AsyncLocalStorage (it must not be: request-log.ts). */
  @Get('store')
  store(): { bound: boolean } {
    return { bound: storage.getStore() !== undefined };
  }

  @Get('boom')
  boom(): never {
    throw new Error('probe exploded');
  }

  @Get('refused')
  refused(): never {
    throw DomainError.of('FORBIDDEN');
  }
}

async function createProbeApp(config: ApiConfig, logger?: AppLogger): Promise<NestFastifyApplication> {
  @Module({})
  class ProbeModule {}
  const module: DynamicModule = { module: ProbeModule, controllers: [LoggingProbeController] };
  const app = await createHttpApp(module, {
    name: 'api',
    bodyLimit: 16 * 1024,
    metrics: new Metrics('api'),
    logging: config.logging,
    logger,
  });
  await app.init();
  return app;
}

type Entry = Record<string, unknown>;
const entries = (running: RunningApp): Entry[] => running.logger.entries();
const ofRequest = (running: RunningApp, id: string) => entries(running).filter((e) => e['reqId'] === id);

describe('logs: JSON lines with a request id, secrets redacted (production format)', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await bootApp('api', createProbeApp, testConfig({ NODE_ENV: 'production' }));
  });
  afterAll(() => running?.close());

  it('writes one JSON object per line: level name, ISO time, app, request id, the request line', async () => {
    const answer = await httpRequest(running.url, '/probe/quiet');
    expect(answer.status).toBe(200);
    const id = String(answer.headers['x-request-id']);
    expect(id).toMatch(UUID);
    for (const line of running.logger.lines) expect(line.endsWith('}\n')).toBe(true);
    expect(ofRequest(running, id)).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        app: 'api',
        reqId: id,
        context: 'Probe',
        msg: 'probe handled',
      },
      {
        level: 'info',
        time: expect.any(String),
        app: 'api',
        reqId: id,
        msg: 'request',
        method: 'GET',
        route: '/probe/quiet',
        path: '/probe/quiet',
        status: 200,
        ip: '127.0.0.1',
        ms: expect.any(Number),
      },
    ]);
  });

  it('reuses a sane incoming X-Request-Id, echoes it and puts it in every line of a request with a body', async () => {
    const id = 'lb-7f3a.2026:11/23+x=1@edge';
    const answer = await httpRequest(running.url, '/probe/careless', {
      method: 'POST',
      headers: { 'x-request-id': id, 'content-type': 'application/json' },
      body: JSON.stringify({ nick: 'Pepa' }),
    });
    expect([answer.status, answer.headers['x-request-id']]).toEqual([201, id]);
    expect(ofRequest(running, id).map((e) => e['msg'])).toEqual(['probe received', 'request']);
  });

  it('keeps the request id in the lines of a request whose body arrives after a pause', async () => {
    const body = JSON.stringify({ nick: 'Pomaly' });
    const url = new URL(running.url);
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      'POST /probe/careless HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `X-Request-Id: pomalu-1\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.end(body);
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(ofRequest(running, 'pomalu-1').map((e) => e['msg'])).toEqual(['probe received', 'request']);
  });

  it.each([
    ['with spaces', 'moje id'],
    ['over 128 characters', 'a'.repeat(129)],
    ['with a line break escape', 'abc%0d%0aInjected: 1'],
    ['with quotes', '"><script>'],
    ['empty', ''],
  ])('replaces an incoming X-Request-Id %s by a new one', async (_what, incoming) => {
    const answer = await httpRequest(running.url, '/probe/quiet', { headers: { 'x-request-id': incoming } });
    const id = String(answer.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(ofRequest(running, id).map((e) => e['msg'])).toEqual(['probe handled', 'request']);
    expect(running.logger.lines.join('')).not.toContain(`"reqId":${JSON.stringify(incoming)}`);
  });

  it('binds no AsyncLocalStorage to a request: its promise hook would tax every promise of the process', async () => {
    const answer = await httpRequest(running.url, '/probe/store');
    expect(JSON.parse(answer.text)).toEqual({ bound: false });
  });

  it('gives two requests two different ids', async () => {
    const a = await httpRequest(running.url, '/probe/quiet');
    const b = await httpRequest(running.url, '/probe/quiet');
    expect(a.headers['x-request-id']).not.toEqual(b.headers['x-request-id']);
  });

  it('echoes the request id on answers the router gives before any handler (404)', async () => {
    const answer = await httpRequest(running.url, '/nikde', { headers: { 'x-request-id': 'hledam-1' } });
    expect([answer.status, answer.headers['x-request-id']]).toEqual([404, 'hledam-1']);
    expect(ofRequest(running, 'hledam-1')).toEqual([
      expect.objectContaining({ msg: 'request', status: 404, route: 'unmatched' }),
    ]);
  });

  it('never writes the Bearer token, cookies, access tokens, passwords or admin keys', async () => {
    const answer = await httpRequest(running.url, '/probe/careless', {
      method: 'POST',
      headers: {
        'x-request-id': 'tajnosti-1',
        'content-type': 'application/json',
        authorization: `Bearer ${SECRETS.bearer}`,
        cookie: SECRETS.cookie,
        'x-access-token': SECRETS.accessToken,
      },
      body: JSON.stringify({
        username: 'Pepa',
        password: SECRETS.password,
        adminKey: SECRETS.adminKey,
        nested: { token: SECRETS.bearer },
      }),
    });
    expect(answer.status).toBe(201);
    const all = running.logger.lines.join('');
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
    const [received] = ofRequest(running, 'tajnosti-1');
    // The line itself was written, with the secrets replaced (so the check above looked at a real line).
    expect(received).toMatchObject({
      msg: 'probe received',
      body: {
        username: 'Pepa',
        password: '[redacted]',
        adminKey: '[redacted]',
        nested: { token: '[redacted]' },
      },
      headers: {
        authorization: '[redacted]',
        cookie: '[redacted]',
        'x-access-token': '[redacted]',
        'content-type': 'application/json',
      },
    });
  });

  it('logs a 5xx with the error and its stack at error level, with the request id', async () => {
    const answer = await httpRequest(running.url, '/probe/boom', { headers: { 'x-request-id': 'boom-1' } });
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('probe exploded');
    const [error, request] = ofRequest(running, 'boom-1');
    expect(error).toMatchObject({
      level: 'error',
      context: 'Errors',
      msg: 'Unhandled error',
      method: 'GET',
      url: '/probe/boom',
      err: { type: 'Error', message: 'probe exploded', stack: expect.stringContaining('at ') },
    });
    expect(request).toMatchObject({ msg: 'request', status: 500 });
  });

  it('does not log a 4xx as an error', async () => {
    const answer = await httpRequest(running.url, '/probe/refused', { headers: { 'x-request-id': 'ne-1' } });
    expect(answer.status).toBe(403);
    expect(ofRequest(running, 'ne-1')).toEqual([expect.objectContaining({ level: 'info', msg: 'request' })]);
  });
});

describe('logs: LOG_REQUESTS', () => {
  it('writes no per-request line with LOG_REQUESTS=off, while the request still logs its own lines', async () => {
    const running = await bootApp('api', createProbeApp, testConfig({ LOG_REQUESTS: 'off' }));
    try {
      for (let i = 0; i < 5; i++) await httpRequest(running.url, '/probe/quiet');
      await httpRequest(running.url, '/nikde');
      const lines = entries(running);
      expect(lines.filter((e) => e['msg'] === 'request')).toEqual([]);
      expect(lines.filter((e) => e['msg'] === 'probe handled')).toHaveLength(5);
    } finally {
      await running.close();
    }
  });

  it('is off by default outside production and on in production', () => {
    expect(testConfig({ LOG_REQUESTS: undefined }).logging.requests).toBe(false);
    expect(testConfig({ LOG_REQUESTS: undefined, NODE_ENV: 'production' }).logging.requests).toBe(true);
  });
});

describe('logs: the start of the real API', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(() => db?.drop());

  const startLines = async (level: string) => {
    const running = await bootApp(
      'api',
      createApiApp,
      testConfig({ DATABASE_URL: db.url, LOG_LEVEL: level }),
    );
    await running.close();
    return entries(running);
  };

  it('lists no routes and no modules at the default level: a start is a few lines', async () => {
    const lines = await startLines('log');
    expect(lines.filter((e) => /Mapped \{/.test(String(e['msg'])))).toEqual([]);
    expect(lines.filter((e) => e['context'] === 'InstanceLoader')).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(5);
  });

  it('lists every route at LOG_LEVEL=debug', async () => {
    const lines = await startLines('debug');
    const mapped = lines.filter((e) => /Mapped \{/.test(String(e['msg'])));
    expect(mapped.length).toBeGreaterThan(10);
    expect(mapped[0]).toMatchObject({ level: 'debug', context: 'RouterExplorer' });
    expect(lines.some((e) => e['context'] === 'InstanceLoader' && e['level'] === 'debug')).toBe(true);
  });
});

describe('logs: the API as its own process', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(() => db?.drop());

  const stopped = async (api: AppProcess) => {
    expect(await api.stop()).toBe(0);
    return api.output();
  };

  it('writes JSON in production, with the request id, and flushes the last lines when it stops', async () => {
    const api = await startAppProcess('api', {
      DATABASE_URL: db.url,
      NODE_ENV: 'production',
      LOG_FORMAT: '',
      LOG_REQUESTS: '',
      METRICS_TOKEN: 'metrics-token-0123456789',
    });
    const answer = await httpRequest(api.url, '/health', {
      headers: { 'x-request-id': 'proces-1', authorization: `Bearer ${SECRETS.bearer}` },
    });
    expect([answer.status, answer.headers['x-request-id']]).toEqual([200, 'proces-1']);
    const output = await stopped(api);
    expect(output).not.toContain(SECRETS.bearer);
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Entry);
    expect(lines.find((e) => e['reqId'] === 'proces-1')).toMatchObject({
      level: 'info',
      app: 'api',
      msg: 'request',
      route: '/health',
      status: 200,
    });
    expect(lines.filter((e) => /Mapped \{/.test(String(e['msg'])))).toEqual([]);
    // Written after app.close(), right before process.exit: buffered lines reach the output.
    expect(lines[lines.length - 1]).toMatchObject({ context: 'Shutdown', msg: 'Stopped', signal: 'SIGTERM' });
  });

  it('writes short pretty lines with LOG_FORMAT=pretty (the default outside production)', async () => {
    const api = await startAppProcess('api', { DATABASE_URL: db.url, LOG_FORMAT: '', LOG_REQUESTS: 'on' });
    await httpRequest(api.url, '/health', { headers: { 'x-request-id': 'hezky-1' } });
    const lines = (await stopped(api)).trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR|DEBUG): api/);
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: api GET \/health 200 [\d.]+ ms .*"reqId":"hezky-1"/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: api: Server listening at http:\/\/127\.0\.0\.1:\d+$/),
    );
    expect(lines.length).toBeLessThanOrEqual(8);
  });

  it('writes a taken port as one fatal line naming API_PORT before it exits with 69', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const failed = await startAppProcess('api', { DATABASE_URL: db.url, API_PORT: String(port) }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failed).toMatch(/exited with 69 before listening/);
      const fatal = (failed ?? '')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Entry)
        .find((e) => e['level'] === 'fatal');
      expect(fatal).toEqual({
        level: 'fatal',
        time: expect.any(String),
        app: 'api',
        context: 'Bootstrap',
        msg: `API_PORT=${port}: the port is already in use on 127.0.0.1 (EADDRINUSE); stop the other process or choose another port`,
      });
    } finally {
      blocker.close();
    }
  });
});
