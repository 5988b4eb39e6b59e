import { loadApiConfig, loadIngestorConfig } from './app-config';
import { ConfigError } from './config-parsers';

const loadConfig = loadApiConfig;

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.variable;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };

describe('edge configuration (CORS_ORIGINS, TRUST_PROXY, METRICS_TOKEN, DOCS_ENABLED, time-outs)', () => {
  it('defaults: local origins outside production, none in production; no proxy; docs on', () => {
    expect(loadConfig({})).toMatchObject({
      cors: { origins: [], anyOriginForPublicReads: false, localOrigins: true },
      trustProxy: [],
      metricsToken: null,
      docsEnabled: true,
      timeouts: { dbConnectMs: 5000, dbQueryMs: 5000, readinessMs: 2000, shutdownMs: 10000 },
    });
    expect(loadConfig(PRODUCTION).cors).toEqual({
      origins: [],
      anyOriginForPublicReads: false,
      localOrigins: false,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        ...PRODUCTION,
        CORS_ORIGINS: 'https://web.example.cz, http://panel.example.cz:8080,*',
        TRUST_PROXY: '10.0.0.5,172.16.0.0/12,::1',
        METRICS_TOKEN: 'metrics-token-0123456789',
        DOCS_ENABLED: 'false',
        DB_CONNECT_TIMEOUT_MS: '3000',
        DB_QUERY_TIMEOUT_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '20000',
      }),
    ).toMatchObject({
      cors: {
        origins: ['https://web.example.cz', 'http://panel.example.cz:8080'],
        anyOriginForPublicReads: true,
        localOrigins: false,
      },
      trustProxy: ['10.0.0.5', '172.16.0.0/12', '::1'],
      metricsToken: 'metrics-token-0123456789',
      docsEnabled: false,
      timeouts: { dbConnectMs: 3000, dbQueryMs: 1500, readinessMs: 1500, shutdownMs: 20000 },
    });
    expect(loadConfig({ CORS_ORIGINS: 'none' }).cors.localOrigins).toBe(false);
  });

  it.each([
    ['CORS_ORIGINS', 'https://web.example.cz/'],
    ['CORS_ORIGINS', 'web.example.cz'],
    ['CORS_ORIGINS', 'ftp://web.example.cz'],
    ['CORS_ORIGINS', 'https://web.example.cz/app'],
    ['TRUST_PROXY', 'proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'true'],
    ['METRICS_TOKEN', 'short'],
    ['DOCS_ENABLED', 'yes'],
    ['DB_QUERY_TIMEOUT_MS', '0'],
    ['DB_CONNECT_TIMEOUT_MS', '5s'],
    ['SHUTDOWN_TIMEOUT_MS', '99999999'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    expect(configError({ [variable]: value })).toBe(variable);
  });

  it('the ingestor reads TRUST_PROXY, METRICS_TOKEN and the time-outs, not CORS_ORIGINS or DOCS_ENABLED', () => {
    expect(
      loadIngestorConfig({
        TRUST_PROXY: '10.0.0.5',
        METRICS_TOKEN: 'metrics-token-0123456789',
        SHUTDOWN_TIMEOUT_MS: '20000',
        CORS_ORIGINS: 'web.example.cz',
        DOCS_ENABLED: 'yes',
      }),
    ).toMatchObject({
      trustProxy: ['10.0.0.5'],
      metricsToken: 'metrics-token-0123456789',
      timeouts: { shutdownMs: 20000 },
    });
    expect(() => loadIngestorConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(
      'Invalid configuration: TRUST_PROXY must be',
    );
  });
});
