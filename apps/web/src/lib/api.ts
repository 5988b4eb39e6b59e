import { createApiClient } from '@craftstats/contracts';

/**
 * Where the API is: the website's own origin by default (the API serves the website, one address, no
 * CORS). A build for a static host on another origin sets `VITE_API_URL` (docs/operations.md).
 */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '';

/** The one client every page uses: pages never call `fetch` themselves. */
export const api = createApiClient({ baseUrl: API_BASE_URL, timeoutMs: 15_000 });
