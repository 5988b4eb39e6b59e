/** Error codes meaning "the database cannot be reached or is overloaded right now" (retryable, 503). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'DATABASE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_NO_SUCH_TABLE',
  'ER_LOCK_WAIT_TIMEOUT',
  // mysql2 PoolCluster (read replicas): no node of the pattern accepts connections right now.
  'POOL_NONEONLINE',
  'POOL_NOEXIST',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_FULL',
]);

/** Error codes after which the same transaction may simply be run again. */
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY', 'SQLITE_LOCKED']);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, errno, message } = current as { code?: unknown; errno?: unknown; message?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof errno === 'string') codes.push(errno);
    if (
      typeof message === 'string' &&
      /no such table|database is closed|The database connection is not open|Connection is not established/i.test(
        message,
      )
    ) {
      codes.push('SQLITE_CANTOPEN');
    }
    current =
      (current as { driverError?: unknown; cause?: unknown }).driverError ??
      (current as { cause?: unknown }).cause;
  }
  return codes;
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'CannotConnectError')
    return true;
  return codesOf(error).some((code) => UNAVAILABLE_CODES.has(code));
}

export function isRetryableTransactionError(error: unknown): boolean {
  return codesOf(error).some((code) => RETRYABLE_CODES.has(code));
}

/** The driver's error code of `error` (or of the error it wraps), e.g. `ECONNREFUSED`, `ER_BAD_DB_ERROR`. */
export function databaseErrorCode(error: unknown): string | undefined {
  return codesOf(error)[0];
}
