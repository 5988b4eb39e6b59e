import { COMMUNITY_TIME_ZONE } from '@craftstats/contracts';
import { isValidTimeZone } from '@craftstats/domain';

/**
 * The one set of configuration parsers. Every app, CLI and the demo simulator reads its variables
 * through these, so a variable means the same and a bad value gets the same one-line message
 * everywhere. Nest-free (the simulator and the CLIs import it through `@craftstats/platform/config`).
 * Every variable read anywhere is listed in the README's configuration table; a unit test
 * (`config-variables.spec.ts`) compares the two.
 */
export type Env = Record<string, string | undefined>;

/** A configuration value that cannot be used; the message always names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** The trimmed value, or undefined when unset or blank. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** A TCP port; 0 lets the system pick one (tests). */
export function port(env: Env, name: string, fallback: number): number {
  return integer(env, name, fallback, 0, 65535);
}

/** A required http:// or https:// URL, without a trailing slash. */
export function httpUrl(env: Env, name: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(name, 'is required (an http:// or https:// URL)');
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  throw new ConfigError(name, `must be an http:// or https:// URL, got "${value}"`);
}

/** A required value, as given (not trimmed: secrets are taken byte for byte). */
export function required(env: Env, name: string, what: string): string {
  const value = env[name];
  if (value === undefined || value === '') throw new ConfigError(name, `is required (${what})`);
  return value;
}

/** A secret that may be unset: null then. Taken as given (not trimmed). */
export function optionalSecret(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

// ---- Variables read by more than one app or tool -------------------------------------------------

/** NODE_ENV values; `production` enables the strict checks, `test` is what the test suites use. */
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export function nodeEnv(env: Env): NodeEnv {
  return oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
}

/** LOG_LEVEL values, Nest's names from the most to the least verbose. */
export const LOG_LEVELS = ['verbose', 'debug', 'log', 'warn', 'error'] as const;
export type AppLogLevel = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT values: one JSON object per line, or short human lines (pino-pretty). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** How a process logs (LOG_LEVEL, LOG_FORMAT, LOG_REQUESTS). */
export interface LoggingConfig {
  level: AppLogLevel;
  format: LogFormat;
  /** One line per HTTP request (method, route, status, time). */
  requests: boolean;
}

/**
 * LOG_LEVEL, LOG_FORMAT and LOG_REQUESTS: JSON with a line per request in production, short pretty
 * lines without per-request lines otherwise.
 */
export function loggingConfig(env: Env, production = nodeEnv(env) === 'production'): LoggingConfig {
  const requests = oneOf(env, 'LOG_REQUESTS', ['on', 'off'], production ? 'on' : 'off');
  return {
    level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'log'),
    format: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, production ? 'json' : 'pretty'),
    requests: requests === 'on',
  };
}

/** Where the data lives: embedded SQLite (the default) or MySQL 8 / MariaDB 10.6+. */
export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'mysql';
      flavor: 'mysql' | 'mariadb';
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
    };

export type MysqlDatabaseConfig = Extract<DatabaseConfig, { kind: 'mysql' }>;

/** The database of DATABASE_URL, and the raw URL (never logged: it may hold a password). */
export interface DatabaseSource {
  /** The variable it came from (DATABASE_URL, or a tool's own, e.g. `--from`), for messages. */
  variable: string;
  url: string;
  settings: DatabaseConfig;
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/craftstats.sqlite';

/** `mysql://user:pass@host:3306/db`, `mariadb://…` or `sqlite:PATH`. Throws ConfigError naming `name`. */
export function parseDatabaseUrl(raw: string, name = 'DATABASE_URL'): DatabaseConfig {
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (file === '') throw new ConfigError(name, 'needs a file path after "sqlite:"');
    return { kind: 'sqlite', path: file };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be mysql://user:pass@host:3306/db or sqlite:PATH');
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(name, `has an unsupported scheme "${url.protocol}" (use mysql:// or sqlite:)`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database)
    throw new ConfigError(name, 'must name a database, e.g. mysql://root@127.0.0.1:3306/craftstats');
  return {
    kind: 'mysql',
    flavor: url.protocol === 'mariadb:' ? 'mariadb' : 'mysql',
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database,
  };
}

/** DATABASE_URL (default: the SQLite file of the demo). */
export function databaseSource(env: Env): DatabaseSource {
  const url = read(env, 'DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  return { variable: 'DATABASE_URL', url, settings: parseDatabaseUrl(url) };
}

/** Where a database is, for messages: never the password. */
export function describeDatabase(settings: DatabaseConfig): string {
  return settings.kind === 'sqlite'
    ? `SQLite file ${settings.path}`
    : `database "${settings.database}" at ${settings.host}:${settings.port} as user "${settings.user}"`;
}

/** TZ_COMMUNITY: the IANA time zone of vote months and weeks. */
export function timeZone(env: Env): string {
  const value = read(env, 'TZ_COMMUNITY') ?? COMMUNITY_TIME_ZONE;
  if (!isValidTimeZone(value)) throw new ConfigError('TZ_COMMUNITY', `is not an IANA time zone: "${value}"`);
  return value;
}

export const DEFAULT_STAFF_RANK_IDS: readonly string[] = ['10', '11', '12', '13', '14', '15'];

/** STAFF_RANK_IDS: the rank ids that make a player staff. */
export function staffRankIds(env: Env): string[] {
  const raw = read(env, 'STAFF_RANK_IDS');
  const ids = raw === undefined ? [...DEFAULT_STAFF_RANK_IDS] : raw.split(',').map((s) => s.trim());
  if (ids.some((id) => !/^\d{1,20}$/.test(id))) {
    throw new ConfigError('STAFF_RANK_IDS', 'must be a comma list of numeric rank ids');
  }
  return ids;
}

export const DEFAULT_HOST = '127.0.0.1';

/** HOST: the bind address of both apps. */
export function host(env: Env): string {
  const value = read(env, 'HOST') ?? DEFAULT_HOST;
  if (!/^[A-Za-z0-9.:-]+$/.test(value))
    throw new ConfigError('HOST', `must be a bind address, got "${value}"`);
  return value;
}

export const DEFAULT_PORTS = { api: 3000, ingest: 3001, demoStatus: 25566 } as const;

/** SIMULATOR: run the demo simulator with `npm start`; on by default only without DATABASE_URL. */
export function simulatorOn(env: Env): boolean {
  const raw = read(env, 'SIMULATOR');
  if (raw !== undefined && raw !== 'on' && raw !== 'off') {
    throw new ConfigError('SIMULATOR', `must be "on" or "off", got "${raw}"`);
  }
  return raw === undefined ? read(env, 'DATABASE_URL') === undefined : raw === 'on';
}

/** The demo's settings that both `npm start` and the simulator read (DEMO_STATUS_PORT, DEMO_STAFF_NICK). */
export interface DemoConfig {
  /** Port of the simulator's Server List Ping responder on 127.0.0.1. */
  statusPort: number;
  /** The demo staff member (a Minecraft name). */
  staffNick: string;
}

export function demoConfig(env: Env): DemoConfig {
  const staffNick = read(env, 'DEMO_STAFF_NICK') ?? 'Spravce_Demo';
  if (!/^[A-Za-z0-9_]{3,16}$/.test(staffNick)) {
    throw new ConfigError(
      'DEMO_STAFF_NICK',
      `must be a Minecraft name ([A-Za-z0-9_]{3,16}), got "${staffNick}"`,
    );
  }
  return { statusPort: integer(env, 'DEMO_STATUS_PORT', DEFAULT_PORTS.demoStatus, 1, 65535), staffNick };
}
