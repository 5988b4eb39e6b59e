import { readFileSync } from 'node:fs';
import { votePeriodKeys } from '@craftstats/domain';
import type { IngestEvent } from '@craftstats/contracts';
import { AppProcess, MariaDbServer, startAppProcess } from '@craftstats/platform/testing';

export const TZ = 'Europe/Prague';

/** Game servers (ingest credentials) the fault tests send as: `name:token`. */
export const SERVERS = ['survival', 'skyblock', 'creative', 'prison'].map((name) => ({
  name,
  token: `${name}-fault-suite-token-0123456789`,
}));
export const INGEST_TOKENS = SERVERS.map((s) => `${s.name}:${s.token}`).join(',');

/** The Czech 503 envelope both apps answer while the database is gone. */
export const UNAVAILABLE = {
  status: 503,
  error: 'UNAVAILABLE',
  message: 'Služba je dočasně nedostupná, zkus to za chvíli.',
};

/** Creates an empty database on the private server and returns its `mysql://` URL. */
export async function createDatabase(server: MariaDbServer, name: string): Promise<string> {
  await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return server.url(name);
}

export function startIngestor(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  return startAppProcess(
    'log-ingestor',
    { DATABASE_URL: databaseUrl, INGEST_TOKENS, TZ_COMMUNITY: TZ, ...env },
    60_000,
  );
}

export function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  return startAppProcess('api', { DATABASE_URL: databaseUrl, TZ_COMMUNITY: TZ, ...env }, 60_000);
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true, at most `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** A deterministic pseudo-random sequence (LCG): the same workload on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function testUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

/**
 * `players` players × `perPlayer` events: one registration, then votes and KARMA/CRAFTCOINS balance
 * changes at distinct dates (the newest-dated one decides the balance), shuffled so that events
 * arrive out of date order. Vote dates span several weeks and two months.
 */
export function workload(prefix: string, players: number, perPlayer: number, t0: number): IngestEvent[] {
  const random = seededRandom(players * 7919 + perPlayer);
  const events: IngestEvent[] = [];
  for (let p = 0; p < players; p++) {
    const uuid = testUuid(p + 1);
    const nick = `${prefix}_${p}`;
    events.push({ id: `${prefix}-${p}-reg`, action: 'ECONOMY_REGISTER', uuid, nick, date: t0 });
    for (let i = 1; i < perPlayer; i++) {
      const date = t0 + i * 3_600_000 * 7 + p; // ~7 h apart: weeks and a month boundary are crossed
      const kind = i % 3;
      if (kind === 0) {
        events.push({
          id: `${prefix}-${p}-${i}`,
          action: 'PLAYER_VOTE',
          uuid,
          nick,
          site: 'craftlist.org',
          date,
        });
      } else {
        const currency = kind === 1 ? 'KARMA' : 'CRAFTCOINS';
        const value = Math.floor(random() * 1_000_000);
        events.push({
          id: `${prefix}-${p}-${i}`,
          action: `ECONOMY_${currency}_ADD`,
          uuid,
          nick,
          old_value: '0',
          new_value: String(value),
          date,
        });
      }
    }
  }
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [events[i], events[j]] = [events[j] as IngestEvent, events[i] as IngestEvent];
  }
  return events;
}

interface LogRow {
  event_id: string;
  action: string;
  uuid: string;
  new_value: string;
  date: string;
}

/**
 * Recomputes the projections the workload touches from the log alone (economy_log, the record of
 * truth) and returns them next to what the database holds, so a test can assert they are equal:
 * players, total votes, vote counts per period, balances. `npm run rebuild -- --verify` replaces this
 * once it exists.
 */
export async function projectionsVsLog(server: MariaDbServer, database: string) {
  const q = <T>(sql: string) => server.query<T>(sql.replaceAll('$db', `\`${database}\``));
  const log = await q<LogRow>('SELECT event_id, action, uuid, new_value, date FROM $db.economy_log');
  const players = new Set<string>();
  const votes = new Map<string, number>();
  const balances = new Map<string, { amount: string; date: number }>();
  for (const row of log) {
    players.add(row.uuid);
    const date = Number(row.date);
    if (row.action === 'PLAYER_VOTE') {
      const keys = votePeriodKeys(date, TZ);
      for (const key of [`total/all`, `month/${keys.month}`, `week/${keys.week}`]) {
        const k = `${row.uuid} ${key}`;
        votes.set(k, (votes.get(k) ?? 0) + 1);
      }
    }
    const balance = /^ECONOMY_(.+)_(ADD|TAKE|RESET)$/.exec(row.action);
    if (balance) {
      const k = `${row.uuid} ${balance[1]}`;
      const seen = balances.get(k);
      if (!seen || date > seen.date) balances.set(k, { amount: row.new_value, date });
    }
  }
  const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const recomputed = {
    players: [...players].sort(),
    votesTotal: sorted(
      new Map([...players].map((uuid) => [uuid, votes.get(`${uuid} total/all`) ?? 0] as [string, number])),
    ),
    voteCounts: sorted(votes),
    balances: sorted(new Map([...balances].map(([k, v]) => [k, v.amount]))),
  };
  const stored = {
    players: (await q<{ uuid: string }>('SELECT uuid FROM $db.players')).map((r) => r.uuid).sort(),
    votesTotal: sorted(
      new Map(
        (await q<{ uuid: string; votes_total: number }>('SELECT uuid, votes_total FROM $db.players')).map(
          (r) => [r.uuid, Number(r.votes_total)] as [string, number],
        ),
      ),
    ),
    voteCounts: sorted(
      new Map(
        (
          await q<{ uuid: string; period: string; period_key: string; votes: number }>(
            'SELECT uuid, period, period_key, votes FROM $db.vote_counts',
          )
        ).map((r) => [`${r.uuid} ${r.period}/${r.period_key}`, Number(r.votes)] as [string, number]),
      ),
    ),
    balances: sorted(
      new Map(
        (
          await q<{ uuid: string; currency: string; amount: string }>(
            'SELECT uuid, currency, amount FROM $db.player_balances',
          )
        ).map((r) => [`${r.uuid} ${r.currency}`, String(r.amount)] as [string, string]),
      ),
    ),
  };
  return { recomputed, stored, logRows: log.length };
}

/** Ids of the events the database claims to have processed (the idempotency table). */
export async function storedEventIds(server: MariaDbServer, database: string): Promise<Set<string>> {
  const rows = await server.query<{ event_id: string }>(
    `SELECT event_id FROM \`${database}\`.processed_events`,
  );
  return new Set(rows.map((r) => r.event_id));
}
