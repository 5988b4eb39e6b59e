import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import helmet, { HelmetOptions } from 'helmet';
import { CorsConfig } from '../config/edge-config';

/**
 * Helmet's defaults (X-Content-Type-Options, X-Frame-Options, Referrer-Policy, HSTS, the
 * cross-origin policies and a CSP of `default-src 'self'`) for every answer of both apps. The CSP is
 * helmet's own with one change: no `upgrade-insecure-requests`, which would send the /docs page's own
 * scripts to https:// on a plain-http demo or LAN install and leave Swagger UI blank. Swagger UI
 * needs nothing else: its page, scripts and styles are served by the API itself (`'self'`), its
 * inline `<style>` is allowed by helmet's `style-src 'unsafe-inline'`, its icons are `data:` images.
 * Cross-Origin-Resource-Policy is `cross-origin` so the website on another origin may read the API.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { 'upgrade-insecure-requests': null },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * The same headers as a plain object, for the answers given before Fastify's hooks run (router
 * errors, requests Node's parser refuses). They are static (no CSP nonces), so computed once by
 * running helmet against a recording response.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)(
    { headers: {} } as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => undefined,
  );
  return Object.freeze(headers);
})();

/** Request headers a browser app may send: the token (both forms), JSON bodies and revalidation. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'x-access-token', 'If-None-Match'];
/** Response headers a browser app may read besides the safelisted ones. */
const EXPOSED_HEADERS = ['ETag', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
/** How long a browser may cache a preflight answer, seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Paths that are not public reads: staff accounts, the panel and the operators' metrics. */
const PRIVATE_PREFIXES = ['/account', '/panel', '/metrics'];

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** True for a GET/HEAD (or its preflight) of a public read endpoint: what `*` in CORS_ORIGINS opens. */
export function isPublicRead(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  const method =
    request.method === 'OPTIONS'
      ? String(request.headers['access-control-request-method'] ?? '').toUpperCase()
      : request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = request.url.split('?')[0].toLowerCase();
  return !PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * What a request from `origin` is allowed: the origin itself (listed, or local in the demo default),
 * `*` (a public read with `*` configured), or nothing (no CORS headers; a preflight gets the 404
 * envelope). Credentials (cookies) are never allowed: the API authenticates with bearer tokens.
 */
export function corsOriginFor(
  cors: CorsConfig,
  origin: string | undefined,
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>,
): string | false {
  if (origin === undefined || origin === '') return false;
  if (cors.origins.includes(origin)) return origin;
  if (cors.localOrigins && LOCAL_ORIGIN.test(origin)) return origin;
  if (cors.anyOriginForPublicReads && isPublicRead(request)) return '*';
  return false;
}

/** The @fastify/cors options delegate (one decision per request, see `corsOriginFor`). */
export function corsDelegate(
  cors: CorsConfig,
): (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => void {
  return (request, callback) => {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    callback(null, {
      origin: corsOriginFor(cors, origin, request),
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      credentials: false,
      maxAge: PREFLIGHT_MAX_AGE,
      // A bare OPTIONS without the preflight headers falls through to the 404 envelope instead of
      // the plugin's plain-text 400.
      strictPreflight: false,
    });
  };
}
