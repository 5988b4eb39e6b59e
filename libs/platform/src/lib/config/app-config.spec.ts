import { loadApiConfig, loadDatabaseToolConfig, loadIngestorConfig } from './app-config';
import { ConfigError, DEFAULT_STAFF_RANK_IDS } from './config-parsers';

type Env = Record<string, string | undefined>;

function configError(env: Env, load: (env: Env) => unknown = loadConfig): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

/** Both apps' loaders over one environment, as a deployment gives them (the API's fields win). */
function loadConfig(env: Env) {
  return { ...loadIngestorConfig(env), ...loadApiConfig(env) };
}

describe("the apps' configuration loaders", () => {
  it('uses the documented defaults with an empty environment (demo mode on SQLite)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      database: { kind: 'sqlite', path: './data/craftstats.sqlite' },
      apiPort: 3000,
      ingestPort: 3001,
      host: '127.0.0.1',
      adminKey: null,
      ingestTokens: [],
      staffRankIds: [...DEFAULT_STAFF_RANK_IDS],
      mcServer: null,
      uniquePlayersOffset: 0,
      timeZone: 'Europe/Prague',
      redisUrl: null,
      rateLimitPublic: 600,
      rateLimitAuth: 10,
      playerCountHistoryDays: 30,
      sseMaxPerClient: 10,
      web: { enabled: true, dir: 'dist/apps/web' },
      jwtSecretGenerated: true,
      nodeEnv: 'development',
      logging: { level: 'log', format: 'pretty', requests: false },
    });
    expect(Buffer.byteLength(config.jwtSecret)).toBeGreaterThanOrEqual(32);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'mysql://stats:p%40ss@db.local:3307/craftstats',
      API_PORT: '8080',
      INGEST_PORT: '8081',
      HOST: '0.0.0.0',
      JWT_SECRET: 'x'.repeat(32),
      ADMIN_KEY: 'admin',
      INGEST_TOKENS: 'survival:aaaaaaaaaaaaaaaa, skyblock:bbbbbbbbbbbbbbbb',
      STAFF_RANK_IDS: '20,21',
      MC_SERVER_ADDRESS: 'mc.example.cz',
      UNIQUE_PLAYERS_OFFSET: '125000',
      TZ_COMMUNITY: 'Europe/Bratislava',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PUBLIC: '0',
      RATE_LIMIT_AUTH: '5',
      LOG_LEVEL: 'debug',
      PLAYERCOUNT_HISTORY_DAYS: '90',
      WEB_ENABLED: 'false',
      WEB_DIR: '/srv/craftstats/web',
    });
    expect(config).toMatchObject({
      production: true,
      nodeEnv: 'production',
      logging: { level: 'debug', format: 'json', requests: true },
      database: {
        kind: 'mysql',
        flavor: 'mysql',
        host: 'db.local',
        port: 3307,
        user: 'stats',
        password: 'p@ss',
        database: 'craftstats',
      },
      apiPort: 8080,
      ingestPort: 8081,
      host: '0.0.0.0',
      jwtSecretGenerated: false,
      adminKey: 'admin',
      ingestTokens: [
        { server: 'survival', token: 'aaaaaaaaaaaaaaaa' },
        { server: 'skyblock', token: 'bbbbbbbbbbbbbbbb' },
      ],
      staffRankIds: ['20', '21'],
      mcServer: { host: 'mc.example.cz', port: null },
      uniquePlayersOffset: 125000,
      timeZone: 'Europe/Bratislava',
      rateLimitPublic: 0,
      rateLimitAuth: 5,
      playerCountHistoryDays: 90,
      web: { enabled: false, dir: '/srv/craftstats/web' },
    });
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://x/y' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
    ['API_PORT', { API_PORT: 'abc' }],
    ['INGEST_PORT', { INGEST_PORT: '70000' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['JWT_SECRET', { NODE_ENV: 'production' }],
    ['INGEST_TOKENS', { INGEST_TOKENS: 'survival' }],
    ['INGEST_TOKENS', { INGEST_TOKENS: 'survival:short' }],
    ['INGEST_TOKENS', { INGEST_TOKENS: 'a:aaaaaaaaaaaaaaaa,a:bbbbbbbbbbbbbbbb' }],
    ['STAFF_RANK_IDS', { STAFF_RANK_IDS: '10,admin' }],
    ['MC_SERVER_ADDRESS', { MC_SERVER_ADDRESS: 'mc.example.cz:99999' }],
    ['UNIQUE_PLAYERS_OFFSET', { UNIQUE_PLAYERS_OFFSET: '-1' }],
    ['TZ_COMMUNITY', { TZ_COMMUNITY: 'Europe/Atlantis' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['WEB_ENABLED', { WEB_ENABLED: 'off' }],
    ['RATE_LIMIT_PUBLIC', { RATE_LIMIT_PUBLIC: '1.5' }],
    ['RATE_LIMIT_AUTH', { RATE_LIMIT_AUTH: 'many' }],
    ['NODE_ENV', { NODE_ENV: 'prod' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'info' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['LOG_REQUESTS', { LOG_REQUESTS: 'yes' }],
    ['PLAYERCOUNT_HISTORY_DAYS', { PLAYERCOUNT_HISTORY_DAYS: '0' }],
    ['SSE_MAX_PER_CLIENT', { SSE_MAX_PER_CLIENT: '0' }],
    ['PLAYERCOUNT_HISTORY_DAYS', { PLAYERCOUNT_HISTORY_DAYS: '3651' }],
  ])('refuses a bad %s with a message naming it', (variable, env) => {
    const error = configError(env as Record<string, string>);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('lets LOG_FORMAT and LOG_REQUESTS override what NODE_ENV chooses', () => {
    expect(loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'json', LOG_REQUESTS: 'on' }).logging).toEqual({
      level: 'log',
      format: 'json',
      requests: true,
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        LOG_FORMAT: 'pretty',
        LOG_REQUESTS: 'off',
      }).logging,
    ).toEqual({ level: 'log', format: 'pretty', requests: false });
  });

  it('reads DATABASE_REPLICA_URLS as the read replicas of a MySQL/MariaDB primary', () => {
    expect(loadConfig({}).databaseReplicas).toEqual([]);
    const config = loadConfig({
      DATABASE_URL: 'mysql://app:pw@db1:3306/craftstats',
      DATABASE_REPLICA_URLS: 'mysql://reader:pw2@db2/craftstats, mariadb://reader@db3:3307/craftstats',
    });
    expect(config.databaseReplicas).toEqual([
      {
        kind: 'mysql',
        flavor: 'mysql',
        host: 'db2',
        port: 3306,
        user: 'reader',
        password: 'pw2',
        database: 'craftstats',
      },
      {
        kind: 'mysql',
        flavor: 'mariadb',
        host: 'db3',
        port: 3307,
        user: 'reader',
        password: '',
        database: 'craftstats',
      },
    ]);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'mysql://db2/craftstats' })).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS needs a MySQL/MariaDB DATABASE_URL (SQLite has no replicas)',
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'mysql://db1/craftstats', DATABASE_REPLICA_URLS: 'sqlite:./x.sqlite' }),
    ).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS must list mysql:// or mariadb:// URLs separated by commas',
    );
  });

  it('names the allowed values in the message', () => {
    expect(configError({ LOG_LEVEL: 'loud' }).message).toBe(
      'Invalid configuration: LOG_LEVEL must be one of verbose, debug, log, warn, error, got "loud"',
    );
    expect(configError({ NODE_ENV: 'prod' }).message).toBe(
      'Invalid configuration: NODE_ENV must be one of development, production, test, got "prod"',
    );
  });

  it("the ingestor reads neither JWT_SECRET nor ADMIN_KEY nor the API's variables, even in production", () => {
    const env = {
      NODE_ENV: 'production',
      INGEST_TOKENS: 'survival:aaaaaaaaaaaaaaaa',
      // Values the API would refuse: the ingestor never reads them.
      JWT_SECRET: '',
      RATE_LIMIT_PUBLIC: 'many',
      CORS_ORIGINS: 'not-an-origin',
      DATABASE_REPLICA_URLS: 'sqlite:x',
      API_PORT: 'abc',
    };
    const config = loadIngestorConfig(env);
    expect(config).toMatchObject({ production: true, ingestPort: 3001, databaseReplicas: [] });
    expect(Object.keys(config)).not.toEqual(expect.arrayContaining(['jwtSecret']));
    expect(Object.keys(config)).not.toEqual(expect.arrayContaining(['adminKey']));
    expect(configError(env, loadApiConfig).variable).toBe('JWT_SECRET');
  });

  it('the API reads neither INGEST_PORT nor INGEST_TOKENS', () => {
    const config = loadApiConfig({ INGEST_PORT: 'abc', INGEST_TOKENS: 'nonsense' });
    expect(config.apiPort).toBe(3000);
    expect(configError({ INGEST_TOKENS: 'nonsense' }, loadIngestorConfig).variable).toBe('INGEST_TOKENS');
  });

  it("the database CLIs read DATABASE_URL and TZ_COMMUNITY, with the apps' defaults and messages", () => {
    expect(loadDatabaseToolConfig({ JWT_SECRET: 'short', API_PORT: 'x' })).toEqual({
      database: { kind: 'sqlite', path: './data/craftstats.sqlite' },
      databaseUrl: 'sqlite:./data/craftstats.sqlite',
      timeZone: 'Europe/Prague',
    });
    for (const env of [{ DATABASE_URL: 'postgres://x/y' }, { TZ_COMMUNITY: 'Mars/Olympus' }]) {
      expect(configError(env, loadDatabaseToolConfig).message).toBe(configError(env, loadApiConfig).message);
      expect(configError(env, loadDatabaseToolConfig).message).toBe(
        configError(env, loadIngestorConfig).message,
      );
    }
  });

  it('never puts the database password into an error message', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:tajne-heslo@db/' });
    expect(error.message).not.toContain('tajne-heslo');
  });
});
