/** Both scopes count requests in fixed windows of one minute, aligned to the clock (README: "per minute"). */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The rate-limited scopes: the public read endpoints and the account endpoints. */
export const PUBLIC_THROTTLER = 'public';
export const AUTH_THROTTLER = 'auth';
export type RateLimitScope = typeof PUBLIC_THROTTLER | typeof AUTH_THROTTLER;

/**
 * On the account endpoints, the per-username budget (all addresses together) is this many times
 * RATE_LIMIT_AUTH, the per-address budget: one address cannot use up a member's budget, so it cannot
 * lock the member out, while many addresses together are still bounded (docs/adr/0070).
 */
export const AUTH_USERNAME_LIMIT_FACTOR = 10;

/** Metadata key set by `@PublicRateLimit()` / `@AuthRateLimit()`: which scope counts the route (in its Fastify route config). */
export const RATE_LIMIT_SCOPE = 'craftstats:rate-limit-scope';

/** Standard header names (IETF draft "RateLimit header fields for HTTP", as most proxies/clients read them). */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const;
