import { type AppLogger, createLogger, loggingConfig } from '@craftstats/platform/logging';

/** The simulator's log call: a level, a message and fields, as the apps log (pino). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

export type Log = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

/**
 * The simulator's logger: the apps' pino logger (`app: "simulator"`) with their LOG_LEVEL and
 * LOG_FORMAT (pretty lines in demo mode, JSON in production), on the same asynchronous stdout.
 */
export function createSimulatorLogger(env: Record<string, string | undefined> = process.env): AppLogger {
  return createLogger('simulator', loggingConfig(env));
}

/** The `Log` function writing to `logger`. */
export function logTo(logger: AppLogger): Log {
  return (level, msg, fields = {}) => logger[level](fields, msg);
}

/** An error's message for a log field (never its stack: these are expected, retried failures). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
