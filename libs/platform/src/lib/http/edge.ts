import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { HelmetOptions } from 'helmet';
import { CorsConfig } from '../config/edge-config';
import type { HeaderFields } from './reply-headers';

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

/** What the CORS decision reads of a request: a Fastify request or Node's own `IncomingMessage`. */
export interface RequestHead {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** True for a GET/HEAD (or its preflight) of a public read endpoint: what `*` in CORS_ORIGINS opens. */
export function isPublicRead(request: RequestHead): boolean {
  const method =
    request.method === 'OPTIONS'
      ? String(request.headers['access-control-request-method'] ?? '').toUpperCase()
      : request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  // Doubled slashes collapsed, as the router matches them: `//account/me` is a private path too.
  const path = (request.url ?? '')
    .split('?')[0]
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
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
  request: RequestHead,
): string | false {
  if (origin === undefined || origin === '') return false;
  if (cors.origins.includes(origin)) return origin;
  if (cors.localOrigins && LOCAL_ORIGIN.test(origin)) return origin;
  if (cors.anyOriginForPublicReads && isPublicRead(request)) return '*';
  return false;
}

/** Headers of every answer to a request whose origin CORS allows (besides the allowed origin). */
const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
});
/** Headers of a preflight answer (204, no body). */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-methods': 'GET, HEAD, POST',
  'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
  'access-control-max-age': String(PREFLIGHT_MAX_AGE),
  'content-length': '0',
});

/**
 * CORS's header fields of the answer to `request`, added to `fields`: `Vary: Origin` on every answer
 * (what is allowed depends on it), and for an allowed origin `Access-Control-Allow-Origin` (the
 * origin, or `*` for a public read) and `Access-Control-Expose-Headers`. Returns the allowed origin,
 * false for none. Used by `corsHook` and by the answers given before Fastify (early-answers.ts).
 */
export function addCorsFields(cors: CorsConfig, request: RequestHead, fields: HeaderFields): string | false {
  fields['vary'] = 'Origin';
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
  const allowed = corsOriginFor(cors, origin, request);
  if (allowed !== false) {
    fields['access-control-allow-origin'] = allowed;
    for (const name in CORS_HEADERS) fields[name] = CORS_HEADERS[name];
  }
  return allowed;
}

/**
 * CORS as a Fastify `onRequest` hook (ADR 0018, 0065): one decision per request (`addCorsFields`) and
 * headers computed once, instead of a plugin that rebuilds its options object on every request.
 * - An `OPTIONS` request from an allowed origin is answered here as a preflight: 204 with the allowed
 *   methods, headers and max-age, before any other hook (no request id, no security headers, nothing
 *   else runs). Whether it names `Access-Control-Request-Method` is not checked: a bare `OPTIONS` from
 *   an allowed origin is a preflight too.
 * - From any other origin (or none) only `Vary` is added: a preflight gets the 404 envelope, like any
 *   `OPTIONS` request, and a browser refuses to read the answer.
 */
export function corsHook(
  cors: CorsConfig,
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, reply, done) => {
    const fields: HeaderFields = {};
    const allowed = addCorsFields(cors, request, fields);
    void reply.headers(fields);
    if (allowed === false || request.method !== 'OPTIONS') {
      done();
      return;
    }
    void reply.code(204).headers(PREFLIGHT_HEADERS).send();
  };
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) stands for; null for any other. */
export function ipv4OfMapped(address: string): string | null {
  // Only a mapped address starts with two colons and is this short: no regular expression for the rest.
  if (address.length > 22 || address.charCodeAt(0) !== COLON || address.charCodeAt(1) !== COLON) return null;
  return IPV4_MAPPED.exec(address)?.[1] ?? null;
}

const COLON = 0x3a;
const DOT = 0x2e;
const ZERO = 0x30;

/**
 * A dotted-quad IPv4 address as an unsigned 32-bit number, or -1 for anything else; the same addresses
 * as `net.isIPv4` (four decimal parts of 0–255, no leading zeros), read in one pass without allocating.
 */
export function ipv4Number(address: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === DOT) {
      if (digits === 0 || parts === 3) return -1;
      value = value * 256 + part;
      parts++;
      part = 0;
      digits = 0;
    } else {
      const digit = c - ZERO;
      if (digit < 0 || digit > 9 || (digits === 1 && part === 0) || digits === 3) return -1;
      part = part * 10 + digit;
      if (part > 255) return -1;
      digits++;
    }
  }
  if (digits === 0 || parts !== 3) return -1;
  return value * 256 + part;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (addresses and CIDRs, checked by the config parser): whether
 * the peer at `address` is one of the reverse proxies whose X-Forwarded-For is believed, so that
 * `request.ip` is the client it forwards for. It runs for the socket address and each forwarded hop of
 * every request: IPv4 addresses (and IPv4-mapped IPv6 ones, which count as their IPv4 address) are
 * compared as numbers with the listed IPv4 networks; other addresses go to Node's native `BlockList`.
 * Fastify's own compilation of the list parses every address with ipaddr.js (2.5 % of a cached read's
 * CPU), and `BlockList.check` makes a `SocketAddress` per call (7 %, docs/performance.md).
 * `false` (trust nobody) for an empty list.
 */
export function trustedProxies(list: readonly string[]): ((address: string) => boolean) | false {
  if (list.length === 0) return false;
  const trustedV6 = new BlockList();
  /** Listed IPv4 networks as (network, mask) pairs of unsigned 32-bit numbers. */
  const networks: number[] = [];
  for (const item of list) {
    const [address = '', prefix] = item.split('/');
    if (isIPv4(address)) {
      const bits = prefix === undefined ? 32 : Number(prefix);
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      networks.push((ipv4Number(address) & mask) >>> 0, mask);
    } else if (prefix === undefined) trustedV6.addAddress(address, 'ipv6');
    else trustedV6.addSubnet(address, Number(prefix), 'ipv6');
  }
  const trustsV4 = (value: number): boolean => {
    for (let i = 0; i < networks.length; i += 2) {
      if ((value & (networks[i + 1] as number)) >>> 0 === networks[i]) return true;
    }
    return false;
  };
  return (address: string) => {
    const v4 = ipv4Number(address);
    if (v4 >= 0) return trustsV4(v4);
    const mapped = ipv4OfMapped(address);
    if (mapped !== null) {
      const value = ipv4Number(mapped);
      return value >= 0 && trustsV4(value);
    }
    return isIPv6(address) && trustedV6.check(address, 'ipv6');
  };
}
