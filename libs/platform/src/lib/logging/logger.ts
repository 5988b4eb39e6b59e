import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { AppLogLevel, LogFormat, LoggingConfig } from '../config/config-parsers';

/** A pino logger: the process's (`createLogger`) or a request's child. */
export type AppLogger = Logger;

/** LOG_LEVEL (Nest's names) → pino's level. */
const PINO_LEVELS: Record<AppLogLevel, pino.Level> = {
  verbose: 'trace',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
};

/** Keys whose values never reach a log line, at the top of a logged object or up to two levels down. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'token',
  'accessToken',
  'adminKey',
  'jwtSecret',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-access-token',
];

/** pino `redact` paths of every secret key (`password`, `*.password`, `*.*.password`, …). */
export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) => {
  const plain = /^[A-Za-z_$][\w$]*$/.test(key);
  return plain ? [key, `*.${key}`, `*.*.${key}`] : [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`];
});

export const REDACTED = '[redacted]';

/**
 * Fields of the per-request line (`msg: "request"`). In pretty output they form the message
 * ("GET /health 200 0.8 ms") instead of trailing as JSON.
 */
const REQUEST_FIELDS = ['method', 'route', 'path', 'status', 'ms'];

interface LogRecord {
  app?: string;
  context?: string;
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  [key: string]: unknown;
}

/** pino-pretty's formatter of one line: short, one line per entry, `app [context]: message {fields}`. */
export function prettyLine(colorize = false): (line: string) => string {
  return prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'app', 'context', ...REQUEST_FIELDS].join(','),
    messageFormat: (record: LogRecord, messageKey: string) => {
      const prefix = `${record.app ?? ''}${record.context ? ` [${record.context}]` : ''}`;
      if (record.msg === 'request' && record.method !== undefined) {
        return `${prefix} ${record.method} ${record.path} ${record.status} ${record.ms} ms`;
      }
      const rest = REQUEST_FIELDS.filter((field) => record[field] !== undefined)
        .map((field) => `${field}=${String(record[field])}`)
        .join(' ');
      return `${prefix}: ${String(record[messageKey] ?? '')}${rest ? ` ${rest}` : ''}`;
    },
  }) as (line: string) => string;
}

/**
 * Where the log lines go: stdout through an asynchronous pino destination (SonicBoom, `sync: false`:
 * a request never waits for a write; what is left is written synchronously when the process exits,
 * and `flushLogger` waits for the writes in flight before an exit of our own). `pretty`
 * formats each line with pino-pretty first, in this thread.
 */
export function stdoutDestination(format: LogFormat): DestinationStream {
  // minLength 1 writes as soon as there is a line, like 0, but makes flush(cb) wait until everything,
  // including a write still in flight, is out (with 0 it calls back at once): `flushLogger` relies on it.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 1 });
  if (format === 'json') return stdout;
  const pretty = prettyLine(process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined);
  return {
    write: (line: string) => stdout.write(pretty(line)),
    // pino's logger.flush() calls these
    flush: (callback?: (error?: Error) => void) => stdout.flush(callback),
    flushSync: () => stdout.flushSync(),
  } as DestinationStream;
}

/**
 * The process's logger: pino, one JSON object per line (`{level, time, app, context?, reqId?, msg,
 * ...fields}`, level as a name, ISO time) or pino-pretty's short lines, secrets redacted.
 * `destination` replaces stdout (tests collect the lines).
 */
export function createLogger(
  app: string,
  logging: Pick<LoggingConfig, 'level' | 'format'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: PINO_LEVELS[logging.level],
    base: { app },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  return pino(options, destination ?? stdoutDestination(logging.format));
}

/** Writes what `logger` still buffers, then calls `done` (at most `timeoutMs` later). */
export function flushLogger(logger: Logger, done: () => void, timeoutMs = 1000): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  setTimeout(once, timeoutMs).unref();
  try {
    logger.flush(() => once());
  } catch {
    once();
  }
}

/** An incoming X-Request-Id is reused only when it looks like an id: 1..128 of these characters. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request id: the client's (or proxy's) X-Request-Id when sane, else a new random UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * A request's logger until it is needed: the parent answers for it (its disabled levels stay no-ops),
 * and the first line written at an enabled level, or any other use, creates the pino child with the
 * request's bindings. A class rather than a Proxy: Fastify checks every request's logger for its
 * methods (`validateLogger`), and prototype methods answer that without a trap or a closure.
 */
class LazyChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: pino.Bindings,
    private readonly childOptions: pino.ChildLoggerOptions,
  ) {}

  /** The pino child, created once. */
  private real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.childOptions));
  }

  private write(level: pino.Level, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    const child = this.real();
    (child[level] as (...a: unknown[]) => void).apply(child, args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  silent(): void {
    // pino's level "silent" writes nothing.
  }
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }
  bindings(): pino.Bindings {
    return this.real().bindings();
  }
  setBindings(bindings: pino.Bindings): void {
    this.real().setBindings(bindings);
  }
  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
  flush(callback?: (error?: Error) => void): void {
    this.parent.flush(callback);
  }
  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  get levels(): pino.LevelMapping {
    return this.parent.levels;
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger (`request.log`, bound to `reqId`) is created
 * the first time something logs through it at an enabled level or uses it otherwise, not for every
 * request. pino's `child()` serializes the bindings through the redaction paths (REDACT_PATHS have
 * wildcards, so every binding is run through them): a cost every cached read paid although, with
 * request lines off, most requests never log. Until then `request.log` answers for the parent
 * (`LazyChildLogger`): the methods of pino's logger that Fastify, nestjs-pino and this code use.
 */
export function lazyChildLogger(
  parent: Logger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): Logger {
  return new LazyChildLogger(parent, bindings, options) as unknown as Logger;
}
