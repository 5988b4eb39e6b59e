// Compile-only check that a Vite/TypeScript frontend can use the built @craftstats/contracts package.
// Nothing here runs; `tsc -p libs/contracts/consumer-check/tsconfig.json` must pass with zero errors.
// It imports the package by name on purpose (resolved to the build through node_modules), which the Nx
// boundary rule would otherwise ask to replace with a relative import, as the folder is inside the project.
/* eslint-disable @nx/enforce-module-boundaries */
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  ECONOMY_LEADERBOARDS,
  ERROR_MESSAGES,
  VOTE_LEADERBOARDS,
  createApiClient,
  createIngestClient,
  isApiError,
  newEventId,
  type ApiClient,
  type ErrorCode,
  type IngestEvent,
  type IngestResponse,
  type LeaderboardEntry,
  type LeaderboardName,
  type PagedEnvelope,
  type PanelEconomyLogEntry,
  type PlayerProfile,
} from '@craftstats/contracts';

const api: ApiClient = createApiClient({ baseUrl: '/api' });

export async function loadHome(signal: AbortSignal): Promise<string[]> {
  const names: LeaderboardName[] = [...ECONOMY_LEADERBOARDS, ...VOTE_LEADERBOARDS];
  const boards: LeaderboardEntry[][] = await Promise.all(
    names.map((name) => api.leaderboard(name, { signal })),
  );
  const count = await api.playerCount();
  const staff = await api.staffList();
  const unique = await api.uniquePlayers();
  const log = await api.economyLog();
  const achievements = await api.achievementsLog();
  return [
    `${boards.length} leaderboards, top: ${boards[0]?.[0]?.nick ?? '-'}`,
    `${count.isOnline ? count.players.online : 0}/${count.players.max}, favicon ${count.favicon.length} B`,
    `${staff.map((member) => `${member.nick} (${member.rank})`).join(', ')}; ${unique.amount} players`,
    `${log[0]?.action ?? ''} ${log[0]?.new_value ?? ''} ${achievements[0]?.ach_value ?? 0}`,
  ];
}

export async function loadProfile(nickOrUuid: string): Promise<string> {
  try {
    const profile: PlayerProfile = /^[0-9a-f-]{32,36}$/i.test(nickOrUuid)
      ? await api.playerByUuid(nickOrUuid)
      : await api.playerByNick(nickOrUuid);
    return (
      `${profile.nick}#${profile.discriminator} since ${new Date(profile.registred).toISOString()}, ` +
      `${profile.economy.craftcoins} CC, ${profile.votes.month} votes, web ${profile.social.web ?? '-'}, ` +
      `${Math.floor(profile.played_time / 60)} h played, Discord ${profile.discord.id ?? 'not linked'}`
    );
  } catch (error) {
    if (isApiError(error)) {
      const code: ErrorCode | 'NETWORK_ERROR' = error.code;
      const retry = error.retryAfter === undefined ? '' : ` (${error.retryAfter} s)`;
      return code === 'NETWORK_ERROR'
        ? error.message
        : `${error.status} ${error.message || ERROR_MESSAGES[code]}${retry}`;
    }
    throw error;
  }
}

export async function staffLogin(
  username: string,
  password: string,
): Promise<PagedEnvelope<PanelEconomyLogEntry> | string> {
  const result = await api.login({ username, password });
  if (!result.body.success) {
    return result.httpStatus === 429 ? ACCOUNT_MESSAGES.RATE_LIMITED : result.body.message;
  }
  const staff = api.withToken(result.body.token);
  const me = await staff.me();
  const page = await staff.panelEconomyLog({ nick: me.nick, from: Date.now() - 86_400_000, limit: 500 });
  if (page.nextCursor !== null) await staff.panelEconomyLog({ cursor: page.nextCursor });
  await staff.panelAchievementsLog();
  return page;
}

export async function setPassword(username: string, password: string, adminKey: string): Promise<string> {
  const { httpStatus, body } = await api.register({ username, password, adminKey });
  return `${httpStatus}: ${body.success ? 'OK' : 'chyba'} — ${body.message}`;
}

export async function deliver(token: string, uuid: string): Promise<IngestResponse> {
  const ingest = createIngestClient({ baseUrl: 'http://127.0.0.1:3001', token, maxBatch: 500 });
  const events: IngestEvent[] = [
    { id: newEventId('survival'), action: 'ECONOMY_REGISTER', uuid, nick: 'Notch', date: Date.now() },
    {
      id: newEventId('survival'),
      action: 'ECONOMY_CRAFTCOINS_ADD',
      uuid,
      nick: 'Notch',
      old_value: 0,
      new_value: 100,
    },
    { id: newEventId(), action: 'PLAYER_VOTE', uuid, nick: 'Notch', site: 'craftlist.org' },
    {
      id: newEventId(),
      action: 'PLAYER_UPDATE_LEVEL',
      uuid,
      nick: 'Notch',
      mode: 'skyblock',
      level: 4,
      experience: 10,
    },
  ];
  return ingest.send(events);
}

export const playerUrl: string = API_PATHS.playerByNick('Jan Novák');

// Optional inputs accept `undefined` even with exactOptionalPropertyTypes (form state, env variables),
// and the browser's own fetch fits the `fetch` option.
export function fromFormState(nick: string | undefined, token: string | undefined, signal?: AbortSignal) {
  const client = createApiClient({ baseUrl: '/api', fetch: window.fetch, token, timeoutMs: undefined });
  return client.panelEconomyLog({ nick, limit: undefined }, { signal });
}

// Wrong usages the types must reject.
export function wrongUsages(token: string): void {
  // @ts-expect-error 'gold' is not a leaderboard name
  void api.leaderboard('gold');
  // @ts-expect-error login needs a password
  void api.login({ username: 'Notch' });
  void api.login({ username: 'Notch', password: 'x' }).then((result) => {
    // @ts-expect-error the token exists only after narrowing on `success`
    return result.body.token;
  });
  void api.playerByNick('Notch').then((profile) => {
    // @ts-expect-error the field is spelled `registred`
    return profile.registered;
  });
  // @ts-expect-error `limit` is a number
  void api.panelEconomyLog({ limit: '100' });
  // @ts-expect-error PLAYER_VOTE needs `site`
  const vote: IngestEvent = { id: 'x', action: 'PLAYER_VOTE', uuid: 'u', nick: 'n' };
  // @ts-expect-error the ingest client needs a token
  createIngestClient({ baseUrl: '/' });
  void createIngestClient({ baseUrl: '/', token }).send([vote]);
}
