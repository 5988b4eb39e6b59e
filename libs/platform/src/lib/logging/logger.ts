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

const LEVEL_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/**
 * Fastify's `childLoggerFactory`: each request's logger (`request.log`, bound to `reqId`) is created
 * the first time something logs through it at an enabled level or uses it otherwise, not for every
 * request. pino's `child()` serializes the bindings through the redaction paths (REDACT_PATHS have
 * wildcards, so every binding is run through them): a cost every cached read paid although, with
 * request lines off, most requests never log. Until then `request.log` answers for the parent: its
 * disabled levels are the parent's no-ops, its enabled ones create the child and write through it.
 */
export function lazyChildLogger(
  parent: Logger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): Logger {
  let child: Logger | undefined;
  const real = (): Logger => (child ??= parent.child(bindings, options));
  return new Proxy(parent, {
    get(target, property) {
      if (child === undefined) {
        if (typeof property === 'string' && LEVEL_METHODS.has(property)) {
          const level = property as pino.Level;
          return target.isLevelEnabled(level)
            ? (...args: Parameters<pino.LogFn>) => real()[level](...args)
            : target[level];
        }
        if (property === 'child') {
          return (b: pino.Bindings, o?: pino.ChildLoggerOptions) => real().child(b, o);
        }
      }
      const logger = real();
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
    set(_target, property, value) {
      return Reflect.set(real(), property, value);
    },
  });
}
