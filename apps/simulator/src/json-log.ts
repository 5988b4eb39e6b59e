/** Structured log lines like the apps write ({time, level, app, msg, ...fields}), on stdout. */
export type LogLevel = 'info' | 'warn' | 'error' | 'fatal';

export type Log = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

export function jsonLog(write: (line: string) => void = (line) => process.stdout.write(line)): Log {
  return (level, msg, fields = {}) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level, app: 'simulator', msg, ...fields })}\n`);
}

/** An error's message for a log field (never its stack: these are expected, retried failures). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
