import { createLogger, lazyChildLogger, prettyLine, requestIdOf } from './logger';

function memory(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

describe('createLogger', () => {
  it('writes JSON lines with the level name, ISO time and the app, at or above the level', () => {
    const out = memory();
    const logger = createLogger('api', { level: 'warn', format: 'json' }, out);
    logger.info('skipped');
    logger.warn({ context: 'Test', n: 1 }, 'kept');
    expect(out.lines.map((line) => JSON.parse(line))).toEqual([
      { level: 'warn', time: expect.stringMatching(/Z$/), app: 'api', context: 'Test', n: 1, msg: 'kept' },
    ]);
  });

  it('maps LOG_LEVEL verbose to trace', () => {
    expect(createLogger('api', { level: 'verbose', format: 'json' }, memory()).level).toBe('trace');
  });

  it('redacts secrets by key, at the top and two levels down', () => {
    const out = memory();
    createLogger('api', { level: 'log', format: 'json' }, out).info({
      password: 'p1',
      body: { password: 'p2', adminKey: 'k', nested: { token: 't' } },
      headers: {
        authorization: 'Bearer b',
        cookie: 'c',
        'set-cookie': 's',
        'x-access-token': 'x',
        host: 'h',
      },
    });
    const line = JSON.parse(out.lines[0]);
    expect(line).toMatchObject({
      password: '[redacted]',
      body: { password: '[redacted]', adminKey: '[redacted]', nested: { token: '[redacted]' } },
      headers: {
        authorization: '[redacted]',
        cookie: '[redacted]',
        'set-cookie': '[redacted]',
        'x-access-token': '[redacted]',
        host: 'h',
      },
    });
  });
});

describe('lazyChildLogger', () => {
  it('creates no child until something logs at an enabled level', () => {
    const out = memory();
    const parent = createLogger('api', { level: 'warn', format: 'json' }, out);
    const child = jest.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'r-1' }, {});
    log.info('below the level');
    log.debug({ a: 1 }, 'below the level');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    expect(out.lines).toEqual([]);
  });

  it('writes through a child with the bindings once it logs, and creates it once', () => {
    const out = memory();
    const parent = createLogger('api', { level: 'log', format: 'json' }, out);
    const child = jest.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'r-2' }, {});
    expect(child).not.toHaveBeenCalled();
    log.info({ password: 'p' }, 'first');
    log.warn('second');
    log.child({ step: 'x' }).error('third');
    // The request's child once, then the grandchild asked for (pino children inherit the spied method).
    expect(child.mock.calls.map((call) => call[0])).toEqual([{ reqId: 'r-2' }, { step: 'x' }]);
    expect(out.lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'info', reqId: 'r-2', password: '[redacted]', msg: 'first' }),
      expect.objectContaining({ level: 'warn', reqId: 'r-2', msg: 'second' }),
      expect.objectContaining({ level: 'error', reqId: 'r-2', step: 'x', msg: 'third' }),
    ]);
  });
});

describe('prettyLine', () => {
  const pretty = prettyLine(false);
  const time = '2026-11-23T08:00:00.000Z';

  it('writes app, context and message on one short line, other fields after it', () => {
    const line = pretty(
      JSON.stringify({
        level: 'info',
        time,
        app: 'api',
        context: 'Database',
        msg: 'Database ready',
        dialect: 'sqlite',
      }),
    );
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\.000\] INFO: api \[Database\]: Database ready \{"dialect":"sqlite"\}\n$/,
    );
  });

  it('writes a request line as method, path, status and time', () => {
    const line = pretty(
      JSON.stringify({
        level: 'info',
        time,
        app: 'api',
        reqId: 'r1',
        msg: 'request',
        method: 'GET',
        route: '/health',
        path: '/health',
        status: 200,
        ms: 0.8,
        ip: '127.0.0.1',
      }),
    );
    expect(line).toMatch(/INFO: api GET \/health 200 0\.8 ms \{"reqId":"r1","ip":"127\.0\.0\.1"\}\n$/);
  });
});

describe('requestIdOf', () => {
  it('keeps a sane id and replaces anything else by a random UUID', () => {
    expect(requestIdOf('abc-123_x.y:z/9+=@')).toBe('abc-123_x.y:z/9+=@');
    const uuid = /^[0-9a-f-]{36}$/;
    for (const bad of [undefined, '', 'a b', 'a'.repeat(129), 'é', 'a\nb', ['a', 'b']]) {
      expect(requestIdOf(bad)).toMatch(uuid);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
