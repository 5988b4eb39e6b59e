import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IngestEvent } from '@craftstats/contracts';
import { AppProcess, MariaDbServer, startAppProcess } from '@craftstats/platform/testing';

export const TZ = 'Europe/Prague';
const ROOT = path.resolve(__dirname, '../../..');

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

export interface RebuildVerify {
  /** Exit code of `npm run rebuild -- --verify`: 0 no drift, 1 drift, 2 error. */
  code: number | null;
  /** Players and log events the command replayed (from its summary line). */
  players: number;
  events: number;
  /** Its `drift\t<table>\t<uuid>\t<detail>` lines, as `<table> <uuid> <detail>`. */
  drift: string[];
  /** The summary line (`… players, … events, … s: no drift` or the differences). */
  summary: string;
  stderr: string;
}

/**
 * Runs the operators' drift check, `npm run rebuild -- --verify` (tools/rebuild.mjs, the command
 * docs/operations.md prescribes after a crash or a restore), as a process against `databaseUrl`: every
 * projection (players, balances, vote counters, the registered-players counter) compared
 * with a replay of the log by the domain's own rules.
 */
export function rebuildVerify(databaseUrl: string): Promise<RebuildVerify> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/rebuild.mjs'), '--verify', '--quiet'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, TZ_COMMUNITY: TZ },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (error && code === null) return reject(error);
        const lines = stdout.split('\n').filter((l) => l !== '');
        const summary = lines.find((l) => /^\d+ players, \d+ events/.test(l)) ?? '';
        const [, players = 'NaN', events = 'NaN'] = /^(\d+) players, (\d+) events/.exec(summary) ?? [];
        resolve({
          code,
          players: Number(players),
          events: Number(events),
          drift: lines.filter((l) => l.startsWith('drift\t')).map((l) => l.split('\t').slice(1).join(' ')),
          summary,
          stderr,
        });
      },
    );
  });
}

/** Ids of the events the database has stored: the logs, which are the idempotency record. */
export async function storedEventIds(server: MariaDbServer, database: string): Promise<Set<string>> {
  const rows = await server.query<{ event_id: string }>(
    `SELECT event_id FROM \`${database}\`.economy_log UNION ALL SELECT event_id FROM \`${database}\`.achievement_log`,
  );
  return new Set(rows.map((r) => r.event_id));
}
