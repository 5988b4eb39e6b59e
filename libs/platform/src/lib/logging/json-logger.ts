import { LoggerService, LogLevel } from '@nestjs/common';

const LEVELS: Record<LogLevel, number> = { verbose: 10, debug: 20, log: 30, warn: 40, error: 50, fatal: 60 };
const NAMES: Record<LogLevel, string> = {
  verbose: 'trace',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

/** Keys whose values never reach a log line, wherever they appear in a logged object. */
const SECRET_KEYS = /pass(word)?|secret|token|adminkey|authorization|cookie|x-access-token/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

/**
 * Structured logs: one JSON object per line on stdout ({time, level, app, context, msg, ...fields}).
 * Secrets are redacted by key name; error stacks go to the log, never to a response.
 */
export class JsonLogger implements LoggerService {
  private readonly minLevel: number;

  constructor(
    private readonly app: string,
    level: LogLevel = (process.env['LOG_LEVEL'] as LogLevel | undefined) ?? 'log',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {
    this.minLevel = LEVELS[level] ?? LEVELS.log;
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('log', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (LEVELS[level] < this.minLevel) return;
    // Nest passes the context as the last string argument, and for errors the stack before it.
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: NAMES[level],
      app: this.app,
    };
    if (context) entry['context'] = context;
    if (message instanceof Error) {
      entry['msg'] = message.message;
      entry['stack'] = message.stack;
    } else if (message !== null && typeof message === 'object') {
      Object.assign(entry, redact(message));
    } else {
      entry['msg'] = String(message);
    }
    for (const extra of args) {
      if (typeof extra === 'string') entry['stack'] = extra;
      else if (extra instanceof Error) entry['stack'] = extra.stack;
      else if (extra !== undefined && extra !== null && typeof extra === 'object')
        Object.assign(entry, redact(extra));
    }
    this.write(`${JSON.stringify(entry)}\n`);
  }
}
