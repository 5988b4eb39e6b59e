import type { DataSource } from 'typeorm';
import {
  type DataSourceExtras,
  createDataSource,
  databaseErrorCode,
  probeDatabase,
} from '@craftstats/persistence';
import { DatabaseConfig, describeDatabase } from '../config/config-parsers';

/** A database given by a variable (DATABASE_URL) or an option (`--from`), for the messages. */
export interface NamedDatabase {
  variable: string;
  settings: DatabaseConfig;
}

/**
 * What an operator reads for each expected failure of opening a database. `retry`: the server may
 * still be coming up, so a supervised start waits for it; a refused login or a missing database does not
 * mend itself.
 */
const FAILURES: Record<string, { reason: string; retry: boolean }> = {
  ECONNREFUSED: { reason: 'nothing accepts connections there', retry: true },
  ECONNRESET: { reason: 'the server closed the connection', retry: true },
  PROTOCOL_CONNECTION_LOST: { reason: 'the server closed the connection', retry: true },
  ETIMEDOUT: { reason: 'the server does not answer', retry: true },
  EHOSTUNREACH: { reason: 'the host cannot be reached', retry: true },
  ENETUNREACH: { reason: 'the network of the host cannot be reached', retry: true },
  ENOTFOUND: { reason: 'the host name does not resolve', retry: true },
  EAI_AGAIN: { reason: 'the host name does not resolve (yet)', retry: true },
  ER_CON_COUNT_ERROR: { reason: 'the server has too many connections', retry: true },
  ER_SERVER_SHUTDOWN: { reason: 'the server is shutting down', retry: true },
  ER_ACCESS_DENIED_ERROR: {
    reason: 'the server refused the login: check the user and password',
    retry: false,
  },
  ER_DBACCESS_DENIED_ERROR: { reason: 'the user may not use this database', retry: false },
  ER_BAD_DB_ERROR: {
    reason:
      'the database does not exist: create it (CREATE DATABASE … CHARACTER SET utf8mb4) or fix the name',
    retry: false,
  },
  ER_NOT_SUPPORTED_AUTH_MODE: { reason: "the server's authentication method is not supported", retry: false },
  HANDSHAKE_SSL_ERROR: { reason: 'the TLS handshake failed', retry: false },
  SQLITE_CANTOPEN: { reason: 'the file cannot be opened', retry: false },
  SQLITE_NOTADB: { reason: 'the file is not an SQLite database', retry: false },
  SQLITE_READONLY: { reason: 'the file is read-only', retry: false },
  SQLITE_CORRUPT: { reason: 'the file is damaged', retry: false },
  SQLITE_BUSY: { reason: 'the file is locked by another process', retry: true },
  EACCES: { reason: 'no permission to create or open the file', retry: false },
  EPERM: { reason: 'no permission to create or open the file', retry: false },
  EROFS: { reason: 'the file system is read-only', retry: false },
  ENOTDIR: { reason: 'a part of the path is not a directory', retry: false },
  EISDIR: { reason: 'the path is a directory', retry: false },
};

/**
 * An expected failure to open the database (unreachable, login refused, no such database, a file that
 * cannot be opened): the message is one line naming the variable, where the database is (host and
 * user, never the password) and the driver's error code. Never shown with a stack.
 */
export class DatabaseStartError extends Error {
  constructor(
    readonly variable: string,
    readonly code: string,
    readonly retry: boolean,
    where: string,
    reason: string,
  ) {
    super(`cannot use the database of ${variable} (${where}): ${reason} (${code})`);
    this.name = 'DatabaseStartError';
  }
}

/** `error` as a DatabaseStartError when it is an expected failure of opening `database`, else null. */
export function databaseStartError(error: unknown, database: NamedDatabase): DatabaseStartError | null {
  if (error instanceof DatabaseStartError) return error;
  const code = databaseErrorCode(error);
  const failure = code === undefined ? undefined : FAILURES[code];
  if (code === undefined || failure === undefined) return null;
  return new DatabaseStartError(
    database.variable,
    code,
    failure.retry,
    describeDatabase(database.settings),
    failure.reason,
  );
}

/** Opens the database once; an expected failure rejects with a DatabaseStartError, anything else as is. */
export async function checkDatabase(database: NamedDatabase, connectTimeoutMs: number): Promise<void> {
  try {
    await probeDatabase(database.settings, connectTimeoutMs);
  } catch (error) {
    throw databaseStartError(error, database) ?? error;
  }
}

export interface WaitForDatabaseOptions {
  connectTimeoutMs: number;
  /** How long to keep trying a database that cannot be reached (yet). */
  waitMs: number;
  /** Pause between two attempts. */
  intervalMs: number;
  /** Called before each pause with the failure and the seconds left: the visible countdown. */
  onRetry(error: DatabaseStartError, secondsLeft: number): void;
  signal?: AbortSignal;
}

/**
 * `checkDatabase` until it succeeds, for at most `waitMs`: a server that is still starting is waited for
 * with a countdown; a failure that does not mend itself (a refused login, a missing database) and the
 * last failure after the deadline reject with the DatabaseStartError.
 */
export async function waitForDatabase(
  database: NamedDatabase,
  options: WaitForDatabaseOptions,
): Promise<void> {
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    try {
      await checkDatabase(database, options.connectTimeoutMs);
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (!(error instanceof DatabaseStartError) || !error.retry || left <= 0 || options.signal?.aborted)
        throw error;
      options.onRetry(error, Math.ceil(left / 1000));
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.intervalMs, left)));
    }
  }
}

/**
 * A DataSource on `database`, initialized, for the operators' commands: an expected failure rejects with
 * a DatabaseStartError (one line), anything else as is.
 */
export async function openDatabase(
  database: NamedDatabase,
  extras: DataSourceExtras = {},
): Promise<DataSource> {
  try {
    return await createDataSource(database.settings, extras).initialize();
  } catch (error) {
    throw databaseStartError(error, database) ?? error;
  }
}
