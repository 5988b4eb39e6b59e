import { isIP } from 'node:net';
import { ConfigError, Env, read } from './config-parsers';

/**
 * What faces browsers, proxies and operators: CORS and the API docs switch (the API's), the trusted
 * reverse proxies, the /metrics token and the time-outs of every database wait (both apps').
 */
export interface EdgeConfig {
  /** Addresses/CIDRs of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY). Empty = none. */
  trustProxy: string[];
  /** Bearer token of GET /metrics (METRICS_TOKEN); null = public outside production, closed in production. */
  metricsToken: string | null;
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

function list(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function parseCors(raw: string | undefined, production: boolean): CorsConfig {
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
      throw new ConfigError(
        'CORS_ORIGINS',
        `must be a comma list of origins like https://web.example.cz (scheme, host, optional port; no path or trailing slash), "*" or "none", got "${item}"`,
      );
    }
    origins.push(url.origin);
  }
  return { origins, anyOriginForPublicReads: any, localOrigins: false };
}

function parseTrustProxy(raw: string | undefined): string[] {
  if (raw === undefined || raw === 'none') return [];
  return list(raw).map((item) => {
    const [address, prefix, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix && rest.length === 0);
    if (family === 0 || !prefixOk) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be a comma list of IP addresses or CIDRs of your reverse proxies (e.g. 10.0.0.5,172.16.0.0/12), got "${item}"`,
      );
    }
    return item;
  });
}

function milliseconds(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 100 || Number(raw) > 600_000) {
    throw new ConfigError(name, `must be a number of milliseconds from 100 to 600000, got "${raw}"`);
  }
  return Number(raw);
}

/** TRUST_PROXY, METRICS_TOKEN and the time-outs: what both apps read. */
export function loadEdgeConfig(env: Env): EdgeConfig {
  const metricsToken = read(env, 'METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters long');
  }
  const dbQueryMs = milliseconds(env, 'DB_QUERY_TIMEOUT_MS', EDGE_DEFAULTS.dbQueryMs);
  return {
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    metricsToken,
    timeouts: {
      dbConnectMs: milliseconds(env, 'DB_CONNECT_TIMEOUT_MS', EDGE_DEFAULTS.dbConnectMs),
      dbQueryMs,
      readinessMs: Math.min(EDGE_DEFAULTS.readinessMs, dbQueryMs),
      shutdownMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', EDGE_DEFAULTS.shutdownMs),
    },
  };
}

/** CORS_ORIGINS (the API's). */
export function corsConfig(env: Env, production: boolean): CorsConfig {
  return parseCors(read(env, 'CORS_ORIGINS'), production);
}

/** DOCS_ENABLED (the API's): serve /docs and /docs-json. */
export function docsEnabled(env: Env): boolean {
  const docs = read(env, 'DOCS_ENABLED');
  if (docs !== undefined && docs !== 'true' && docs !== 'false') {
    throw new ConfigError('DOCS_ENABLED', `must be "true" or "false", got "${docs}"`);
  }
  return docs !== 'false';
}
