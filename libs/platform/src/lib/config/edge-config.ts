import { isIP } from 'node:net';

/**
 * Configuration of what faces browsers, proxies and operators (issue 12): CORS, the trusted reverse
 * proxies, the /metrics token, the API docs switch and the time-outs of every database wait.
 */
export interface EdgeConfig {
  cors: CorsConfig;
  /** Addresses/CIDRs of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY). Empty = none. */
  trustProxy: string[];
  /** Bearer token of GET /metrics (METRICS_TOKEN); null = public outside production, closed in production. */
  metricsToken: string | null;
  /** DOCS_ENABLED: serve /docs and /docs-json. */
  docsEnabled: boolean;
  timeouts: TimeoutConfig;
}

export interface CorsConfig {
  /** Exact origins allowed on every route (`scheme://host[:port]`). */
  origins: string[];
  /** `*` was listed: any origin may read the public endpoints (never the panel or account routes). */
  anyOriginForPublicReads: boolean;
  /** The demo default: http(s)://localhost, 127.0.0.1 and [::1] on any port. */
  localOrigins: boolean;
}

export interface TimeoutConfig {
  /** Opening a database connection, and waiting for a free one from the pool (DB_CONNECT_TIMEOUT_MS). */
  dbConnectMs: number;
  /** One database query (DB_QUERY_TIMEOUT_MS). */
  dbQueryMs: number;
  /** The readiness probe's `SELECT 1` (the smaller of 2 s and the query time-out). */
  readinessMs: number;
  /** From SIGTERM to exit at the latest (SHUTDOWN_TIMEOUT_MS). */
  shutdownMs: number;
}

export const EDGE_DEFAULTS = {
  dbConnectMs: 5_000,
  dbQueryMs: 5_000,
  readinessMs: 2_000,
  shutdownMs: 10_000,
} as const;

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => Error;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function list(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function parseCors(raw: string | undefined, production: boolean, fail: Fail): CorsConfig {
  if (raw === undefined) return { origins: [], anyOriginForPublicReads: false, localOrigins: !production };
  if (raw === 'none') return { origins: [], anyOriginForPublicReads: false, localOrigins: false };
  const origins: string[] = [];
  let any = false;
  for (const item of list(raw)) {
    if (item === '*') {
      any = true;
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.origin !== item) {
      throw fail(
        'CORS_ORIGINS',
        `must be a comma list of origins like https://web.example.cz (scheme, host, optional port; no path or trailing slash), "*" or "none", got "${item}"`,
      );
    }
    origins.push(url.origin);
  }
  return { origins, anyOriginForPublicReads: any, localOrigins: false };
}

function parseTrustProxy(raw: string | undefined, fail: Fail): string[] {
  if (raw === undefined || raw === 'none') return [];
  return list(raw).map((item) => {
    const [address, prefix, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix && rest.length === 0);
    if (family === 0 || !prefixOk) {
      throw fail(
        'TRUST_PROXY',
        `must be a comma list of IP addresses or CIDRs of your reverse proxies (e.g. 10.0.0.5,172.16.0.0/12), got "${item}"`,
      );
    }
    return item;
  });
}

function milliseconds(env: Env, name: string, fallback: number, fail: Fail): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 100 || Number(raw) > 600_000) {
    throw fail(name, `must be a number of milliseconds from 100 to 600000, got "${raw}"`);
  }
  return Number(raw);
}

/** Reads CORS_ORIGINS, TRUST_PROXY, METRICS_TOKEN, DOCS_ENABLED and the time-outs; `fail` builds the ConfigError. */
export function loadEdgeConfig(env: Env, production: boolean, fail: Fail): EdgeConfig {
  const metricsToken = read(env, 'METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16) {
    throw fail('METRICS_TOKEN', 'must be at least 16 characters long');
  }
  const docs = read(env, 'DOCS_ENABLED');
  if (docs !== undefined && docs !== 'true' && docs !== 'false') {
    throw fail('DOCS_ENABLED', `must be "true" or "false", got "${docs}"`);
  }
  const dbQueryMs = milliseconds(env, 'DB_QUERY_TIMEOUT_MS', EDGE_DEFAULTS.dbQueryMs, fail);
  return {
    cors: parseCors(read(env, 'CORS_ORIGINS'), production, fail),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY'), fail),
    metricsToken,
    docsEnabled: docs !== 'false',
    timeouts: {
      dbConnectMs: milliseconds(env, 'DB_CONNECT_TIMEOUT_MS', EDGE_DEFAULTS.dbConnectMs, fail),
      dbQueryMs,
      readinessMs: Math.min(EDGE_DEFAULTS.readinessMs, dbQueryMs),
      shutdownMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', EDGE_DEFAULTS.shutdownMs, fail),
    },
  };
}
