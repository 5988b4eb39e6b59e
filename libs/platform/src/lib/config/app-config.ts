import { randomBytes } from 'node:crypto';
import {
  ConfigError,
  DEFAULT_PORTS,
  DatabaseConfig,
  Env,
  LoggingConfig,
  MysqlDatabaseConfig,
  NodeEnv,
  databaseSource,
  host,
  integer,
  loggingConfig,
  nodeEnv,
  oneOf,
  optionalSecret,
  parseDatabaseUrl,
  port,
  read,
  staffRankIds,
  timeZone,
} from './config-parsers';
import { CorsConfig, EdgeConfig, corsConfig, docsEnabled, loadEdgeConfig } from './edge-config';

/**
 * Each app validates only the variables it uses (README, "Configuration"), through the shared parsers
 * of `config-parsers.ts`. `ServiceConfig` is what the platform needs in every app (database, logging,
 * HTTP edge); `ApiConfig` and `IngestorConfig` add each app's own.
 */
export interface ServiceConfig extends EdgeConfig {
  nodeEnv: NodeEnv;
  production: boolean;
  database: DatabaseConfig;
  /**
   * Read replicas of the MySQL/MariaDB primary (DATABASE_REPLICA_URLS): the API's public reads go to
   * them, everything else stays on the primary. Always empty in the ingestor, which only writes.
   */
  databaseReplicas: MysqlDatabaseConfig[];
  /** The raw DATABASE_URL (or the default); never logged because it may hold a password. */
  databaseUrl: string;
  host: string;
  timeZone: string;
  logging: LoggingConfig;
}

export interface IngestCredential {
  server: string;
  token: string;
}

/** The website (apps/web) served by the API at its own origin (WEB_ENABLED, WEB_DIR). */
export interface WebConfig {
  /** Serve the website's pages and assets (default true); false = the API answers as without it. */
  enabled: boolean;
  /** Folder of the built website (`index.html`, `assets/`), relative to the working directory. */
  dir: string;
}

/** The API's configuration. */
export interface ApiConfig extends ServiceConfig {
  apiPort: number;
  cors: CorsConfig;
  docsEnabled: boolean;
  jwtSecret: string;
  /** True when no JWT_SECRET was configured and a random one was generated for this start. */
  jwtSecretGenerated: boolean;
  adminKey: string | null;
  staffRankIds: string[];
  mcServer: { host: string; port: number | null } | null;
  uniquePlayersOffset: number;
  redisUrl: string | null;
  rateLimitPublic: number;
  rateLimitAuth: number;
  /** Key prefix of the Redis rate-limit counters (RATE_LIMIT_PREFIX); instances that share them use one. */
  rateLimitPrefix: string;
  /** Concurrent log streams (SSE) one client address may hold (SSE_MAX_PER_CLIENT). */
  sseMaxPerClient: number;
  /** Days of per-minute player-count history kept (PLAYERCOUNT_HISTORY_DAYS). */
  playerCountHistoryDays: number;
  web: WebConfig;
}

/** The log-ingestor's configuration: no JWT secret, no admin key, no rate limits. */
export interface IngestorConfig extends ServiceConfig {
  ingestPort: number;
  ingestTokens: IngestCredential[];
}

/** What the database CLIs read (`npm run migration:*`, `rebuild`, `import:legacy`). */
export interface DatabaseToolConfig {
  database: DatabaseConfig;
  /** The raw DATABASE_URL (or the default); never printed because it may hold a password. */
  databaseUrl: string;
  timeZone: string;
}

export const CONFIG_DEFAULTS = {
  rateLimitPublic: 600,
  rateLimitAuth: 10,
  rateLimitPrefix: 'craftstats:rl',
  playerCountHistoryDays: 30,
  sseMaxPerClient: 10,
  webDir: 'dist/apps/web',
} as const;

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

function parseMcServer(raw: string | undefined): ApiConfig['mcServer'] {
  if (raw === undefined) return null;
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(raw);
  if (!match || (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535))) {
    throw new ConfigError('MC_SERVER_ADDRESS', `must be host[:port], got "${raw}"`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: match[2] === undefined ? null : Number(match[2]) };
}

function parseJwtSecret(env: Env, production: boolean): { secret: string; generated: boolean } {
  const raw = optionalSecret(env, 'JWT_SECRET');
  if (raw === null) {
    if (production)
      throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production (at least 32 bytes)');
    return { secret: randomBytes(48).toString('base64url'), generated: true };
  }
  if (Buffer.byteLength(raw, 'utf8') < 32)
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long');
  return { secret: raw, generated: false };
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

/** What every app reads: NODE_ENV, logging, DATABASE_URL, HOST, TZ_COMMUNITY and the edge variables. */
function loadServiceConfig(env: Env): Omit<ServiceConfig, 'databaseReplicas'> {
  const environment = nodeEnv(env);
  const production = environment === 'production';
  const { url, settings } = databaseSource(env);
  return {
    nodeEnv: environment,
    production,
    logging: loggingConfig(env, production),
    database: settings,
    databaseUrl: url,
    host: host(env),
    timeZone: timeZone(env),
    ...loadEdgeConfig(env),
  };
}

/** The API's variables, validated. Throws ConfigError naming the first variable at fault. */
export function loadApiConfig(env: Env = process.env): ApiConfig {
  const service = loadServiceConfig(env);
  const redisUrl = read(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  const rateLimitPrefix = read(env, 'RATE_LIMIT_PREFIX') ?? CONFIG_DEFAULTS.rateLimitPrefix;
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(rateLimitPrefix)) {
    throw new ConfigError('RATE_LIMIT_PREFIX', 'must be 1 to 64 characters of A-Z a-z 0-9 : . _ -');
  }
  const jwt = parseJwtSecret(env, service.production);
  return {
    ...service,
    databaseReplicas: parseReplicaUrls(env, service.database),
    apiPort: port(env, 'API_PORT', DEFAULT_PORTS.api),
    cors: corsConfig(env, service.production),
    docsEnabled: docsEnabled(env),
    jwtSecret: jwt.secret,
    jwtSecretGenerated: jwt.generated,
    adminKey: optionalSecret(env, 'ADMIN_KEY'),
    staffRankIds: staffRankIds(env),
    mcServer: parseMcServer(read(env, 'MC_SERVER_ADDRESS')),
    uniquePlayersOffset: integer(env, 'UNIQUE_PLAYERS_OFFSET', 0, 0, 1_000_000_000),
    redisUrl,
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
    web: {
      enabled: oneOf(env, 'WEB_ENABLED', ['true', 'false'], 'true') === 'true',
      dir: read(env, 'WEB_DIR') ?? CONFIG_DEFAULTS.webDir,
    },
  };
}

/** The log-ingestor's variables, validated. Throws ConfigError naming the first variable at fault. */
export function loadIngestorConfig(env: Env = process.env): IngestorConfig {
  return {
    ...loadServiceConfig(env),
    databaseReplicas: [],
    ingestPort: port(env, 'INGEST_PORT', DEFAULT_PORTS.ingest),
    ingestTokens: parseIngestTokens(read(env, 'INGEST_TOKENS')),
  };
}

/** DATABASE_URL and TZ_COMMUNITY, as the apps read them: the database CLIs' configuration. */
export function loadDatabaseToolConfig(env: Env = process.env): DatabaseToolConfig {
  const { url, settings } = databaseSource(env);
  return { database: settings, databaseUrl: url, timeZone: timeZone(env) };
}
