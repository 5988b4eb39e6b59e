import { randomBytes } from 'node:crypto';
import { isValidTimeZone } from '@craftstats/domain';
import { EdgeConfig, loadEdgeConfig } from './edge-config';

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

export interface IngestCredential {
  server: string;
  token: string;
}

/** NODE_ENV values; `production` enables the strict checks, `test` is what the test suites use. */
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** LOG_LEVEL values, Nest's names from the most to the least verbose. */
export const LOG_LEVELS = ['verbose', 'debug', 'log', 'warn', 'error'] as const;
export type AppLogLevel = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT values: one JSON object per line, or short human lines (pino-pretty). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** How the apps log (LOG_LEVEL, LOG_FORMAT, LOG_REQUESTS). */
export interface LoggingConfig {
  level: AppLogLevel;
  format: LogFormat;
  /** One line per HTTP request (method, route, status, time). */
  requests: boolean;
}

/** The website (apps/web) served by the API at its own origin (WEB_ENABLED, WEB_DIR). */
export interface WebConfig {
  /** Serve the website's pages and assets (default true); false = the API answers as without it. */
  enabled: boolean;
  /** Folder of the built website (`index.html`, `assets/`), relative to the working directory. */
  dir: string;
}

/** The whole configuration of both apps, read and validated once at start (SPEC section 2). */
export interface AppConfig extends EdgeConfig {
  nodeEnv: NodeEnv;
  production: boolean;
  database: DatabaseConfig;
  /**
   * Read replicas of the MySQL/MariaDB primary (DATABASE_REPLICA_URLS): the API's public reads go to
   * them, everything else stays on the primary. Empty without replicas.
   */
  databaseReplicas: MysqlDatabaseConfig[];
  /** The raw DATABASE_URL (or the default); never logged because it may hold a password. */
  databaseUrl: string;
  apiPort: number;
  ingestPort: number;
  host: string;
  jwtSecret: string;
  /** True when no JWT_SECRET was configured and a random one was generated for this start. */
  jwtSecretGenerated: boolean;
  adminKey: string | null;
  ingestTokens: IngestCredential[];
  staffRankIds: string[];
  mcServer: { host: string; port: number | null } | null;
  uniquePlayersOffset: number;
  timeZone: string;
  redisUrl: string | null;
  simulator: boolean;
  rateLimitPublic: number;
  rateLimitAuth: number;
  /** Concurrent log streams (SSE) one client address may hold (SSE_MAX_PER_CLIENT). */
  sseMaxPerClient: number;
  /** Days of per-minute player-count history kept (PLAYERCOUNT_HISTORY_DAYS). */
  playerCountHistoryDays: number;
  /** Key prefix of the Redis rate-limit counters (RATE_LIMIT_PREFIX); instances that share them use one. */
  rateLimitPrefix: string;
  web: WebConfig;
  logging: LoggingConfig;
}

export const CONFIG_DEFAULTS = {
  databaseUrl: 'sqlite:./data/craftstats.sqlite',
  apiPort: 3000,
  ingestPort: 3001,
  host: '127.0.0.1',
  staffRankIds: ['10', '11', '12', '13', '14', '15'],
  timeZone: 'Europe/Prague',
  rateLimitPublic: 600,
  rateLimitAuth: 10,
  rateLimitPrefix: 'craftstats:rl',
  playerCountHistoryDays: 30,
  sseMaxPerClient: 10,
  webDir: 'dist/apps/web',
} as const;

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

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

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

function parseIngestTokens(raw: string | undefined): IngestCredential[] {
  if (raw === undefined) return [];
  const seen = new Set<string>();
  return raw.split(',').map((pair) => {
    const [server, token, ...rest] = pair.trim().split(':');
    if (!server || !token || rest.length > 0 || !/^[A-Za-z0-9._-]{1,64}$/.test(server)) {
      throw new ConfigError('INGEST_TOKENS', 'must be a list of server-name:token pairs separated by commas');
    }
    if (token.length < 16)
      throw new ConfigError('INGEST_TOKENS', `has a token for "${server}" shorter than 16 characters`);
    if (seen.has(server)) throw new ConfigError('INGEST_TOKENS', `names the server "${server}" twice`);
    seen.add(server);
    return { server, token };
  });
}

function parseMcServer(raw: string | undefined): AppConfig['mcServer'] {
  if (raw === undefined) return null;
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(raw);
  if (!match || (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535))) {
    throw new ConfigError('MC_SERVER_ADDRESS', `must be host[:port], got "${raw}"`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: match[2] === undefined ? null : Number(match[2]) };
}

function parseJwtSecret(env: Env, production: boolean): { secret: string; generated: boolean } {
  const raw = env['JWT_SECRET'];
  if (raw === undefined || raw === '') {
    if (production)
      throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production (at least 32 bytes)');
    return { secret: randomBytes(48).toString('base64url'), generated: true };
  }
  if (Buffer.byteLength(raw, 'utf8') < 32)
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long');
  return { secret: raw, generated: false };
}

/** `DATABASE_URL` (default: the SQLite file), validated; what the migration CLI reads too. */
export function loadDatabaseConfig(env: Env = process.env): DatabaseConfig {
  return loadConfigDatabase(env).database;
}

function loadConfigDatabase(env: Env): { databaseUrl: string; database: DatabaseConfig } {
  const databaseUrl = read(env, 'DATABASE_URL') ?? CONFIG_DEFAULTS.databaseUrl;
  return { databaseUrl, database: parseDatabaseUrl(databaseUrl) };
}

/** `DATABASE_REPLICA_URLS`: a comma list of mysql:// URLs of read replicas of a MySQL/MariaDB primary. */
function parseReplicaUrls(env: Env, primary: DatabaseConfig): MysqlDatabaseConfig[] {
  const raw = read(env, 'DATABASE_REPLICA_URLS');
  if (raw === undefined) return [];
  if (primary.kind !== 'mysql') {
    throw new ConfigError(
      'DATABASE_REPLICA_URLS',
      'needs a MySQL/MariaDB DATABASE_URL (SQLite has no replicas)',
    );
  }
  return raw.split(',').map((url) => {
    const replica = parseDatabaseUrl(url.trim(), 'DATABASE_REPLICA_URLS');
    if (replica.kind !== 'mysql') {
      throw new ConfigError(
        'DATABASE_REPLICA_URLS',
        'must list mysql:// or mariadb:// URLs separated by commas',
      );
    }
    return replica;
  });
}

/** Reads and validates every variable of SPEC section 2. Throws ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const production = nodeEnv === 'production';
  const logging = loadLoggingConfig(env, production);
  const { databaseUrl, database } = loadConfigDatabase(env);

  const host = read(env, 'HOST') ?? CONFIG_DEFAULTS.host;
  if (!/^[A-Za-z0-9.:-]+$/.test(host)) throw new ConfigError('HOST', `must be a bind address, got "${host}"`);

  const staffRaw = read(env, 'STAFF_RANK_IDS');
  const staffRankIds =
    staffRaw === undefined ? [...CONFIG_DEFAULTS.staffRankIds] : staffRaw.split(',').map((s) => s.trim());
  if (staffRankIds.some((id) => !/^\d{1,20}$/.test(id))) {
    throw new ConfigError('STAFF_RANK_IDS', 'must be a comma list of numeric rank ids');
  }

  const timeZone = read(env, 'TZ_COMMUNITY') ?? CONFIG_DEFAULTS.timeZone;
  if (!isValidTimeZone(timeZone))
    throw new ConfigError('TZ_COMMUNITY', `is not an IANA time zone: "${timeZone}"`);

  const redisUrl = read(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }

  const simulatorRaw = read(env, 'SIMULATOR');
  if (simulatorRaw !== undefined && simulatorRaw !== 'on' && simulatorRaw !== 'off') {
    throw new ConfigError('SIMULATOR', `must be "on" or "off", got "${simulatorRaw}"`);
  }
  const simulator =
    simulatorRaw === undefined ? read(env, 'DATABASE_URL') === undefined : simulatorRaw === 'on';

  const rateLimitPrefix = read(env, 'RATE_LIMIT_PREFIX') ?? CONFIG_DEFAULTS.rateLimitPrefix;
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(rateLimitPrefix)) {
    throw new ConfigError('RATE_LIMIT_PREFIX', 'must be 1 to 64 characters of A-Z a-z 0-9 : . _ -');
  }

  const webEnabled = read(env, 'WEB_ENABLED');
  if (webEnabled !== undefined && webEnabled !== 'true' && webEnabled !== 'false') {
    throw new ConfigError('WEB_ENABLED', `must be "true" or "false", got "${webEnabled}"`);
  }

  const jwt = parseJwtSecret(env, production);
  const adminKey = env['ADMIN_KEY'] === undefined || env['ADMIN_KEY'] === '' ? null : env['ADMIN_KEY'];

  return {
    nodeEnv,
    production,
    database,
    databaseReplicas: parseReplicaUrls(env, database),
    databaseUrl,
    apiPort: integer(env, 'API_PORT', CONFIG_DEFAULTS.apiPort, 0, 65535),
    ingestPort: integer(env, 'INGEST_PORT', CONFIG_DEFAULTS.ingestPort, 0, 65535),
    host,
    jwtSecret: jwt.secret,
    jwtSecretGenerated: jwt.generated,
    adminKey,
    ingestTokens: parseIngestTokens(read(env, 'INGEST_TOKENS')),
    staffRankIds,
    mcServer: parseMcServer(read(env, 'MC_SERVER_ADDRESS')),
    uniquePlayersOffset: integer(env, 'UNIQUE_PLAYERS_OFFSET', 0, 0, 1_000_000_000),
    timeZone,
    redisUrl,
    simulator,
    rateLimitPublic: integer(env, 'RATE_LIMIT_PUBLIC', CONFIG_DEFAULTS.rateLimitPublic, 0, 1_000_000),
    rateLimitAuth: integer(env, 'RATE_LIMIT_AUTH', CONFIG_DEFAULTS.rateLimitAuth, 0, 1_000_000),
    rateLimitPrefix,
    sseMaxPerClient: integer(env, 'SSE_MAX_PER_CLIENT', CONFIG_DEFAULTS.sseMaxPerClient, 1, 1_000_000),
    playerCountHistoryDays: integer(
      env,
      'PLAYERCOUNT_HISTORY_DAYS',
      CONFIG_DEFAULTS.playerCountHistoryDays,
      1,
      3650,
    ),
    web: { enabled: webEnabled !== 'false', dir: read(env, 'WEB_DIR') ?? CONFIG_DEFAULTS.webDir },
    logging,
    ...loadEdgeConfig(env, production, (variable, problem) => new ConfigError(variable, problem)),
  };
}

/**
 * LOG_LEVEL, LOG_FORMAT and LOG_REQUESTS: JSON with a line per request in production, short pretty
 * lines without per-request lines otherwise. Throws ConfigError naming the variable.
 */
export function loadLoggingConfig(env: Env, production: boolean): LoggingConfig {
  const requests = oneOf(env, 'LOG_REQUESTS', ['on', 'off'], production ? 'on' : 'off');
  return {
    level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'log'),
    format: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, production ? 'json' : 'pretty'),
    requests: requests === 'on',
  };
}
