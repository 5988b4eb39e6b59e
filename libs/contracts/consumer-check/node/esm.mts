// A Node ES module consumer: resolves the "import" condition (index.js + index.d.ts).
import { API_PATHS, createApiClient, createIngestClient, type LeaderboardEntry } from '@craftstats/contracts';

const api = createApiClient({ baseUrl: 'http://127.0.0.1:3000' });
export const top: Promise<LeaderboardEntry[]> = api.leaderboard('total-votes');
export const ingest = createIngestClient({ baseUrl: 'http://127.0.0.1:3001', token: 't' });
export const path: string = API_PATHS.health;
