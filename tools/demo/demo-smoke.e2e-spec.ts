import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  LEADERBOARD_NAMES,
  type LeaderboardEntry,
  createApiClient,
  isApiError,
} from '@craftstats/contracts';
import { freePorts } from '@craftstats/platform/testing';

// `npm start` with no configuration but a throw-away database: SIMULATOR=on forces demo mode although
// DATABASE_URL is set. The whole process tree (start.mjs, api, log-ingestor, simulator) runs in its own
// process group, so the test can tell when every one of them has exited, and can send Ctrl+C's SIGINT
// to all of them at once, as a terminal does.

const ROOT = path.resolve(__dirname, '../..');

/** The part of better-sqlite3 (which ships no types) this test uses to read the demo's database. */
interface SqliteDatabase {
  prepare(sql: string): { all(): unknown[]; get(): unknown; run(): unknown };
  close(): void;
}
const Database = require('better-sqlite3') as new (
  file: string,
  options?: { readonly: boolean },
) => SqliteDatabase;
const STAFF_RANK_IDS = ['10', '11', '12', '13', '14', '15'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface DemoCredentials {
  apiUrl: string;
  staffNick: string;
  staffPassword: string;
  adminKey: string;
  ingestToken: string;
  minecraftPing: string;
}

/**
 * Runs `check` (which asserts) until it passes or `timeoutMs` is over, then fails with its last error.
 * Fails at once with `gone()`'s error when the demo has exited, and on a 500 answer.
 */
async function eventually<T>(
  check: () => Promise<T>,
  gone: () => Error | null,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      const exited = gone();
      if (exited) throw exited;
      // A 500 is a bug, not a slow start: waiting would only hide it for a minute.
      if (isApiError(error) && error.code === 'INTERNAL_ERROR') throw error;
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The last lines of the demo's output, for a failure message: few enough that `npm test`'s summary of
 * the failure (its first 20 lines) still shows them; the whole output goes to tmp/demo-smoke.log.
 */
function lastLines(output: string, count = 15): string {
  return output.trimEnd().split('\n').slice(-count).join('\n');
}

/** Whether any process of the process group `pgid` is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseCredentials(output: string): DemoCredentials | null {
  const field = (pattern: RegExp) => pattern.exec(output)?.slice(1);
  const api = field(/^\s+API\s+(http:\/\/\S+)/m);
  const staff = field(/^\s+staff login\s+(\S+) \/ (\S+)\s/m);
  const adminKey = field(/^\s+admin key\s+(\S+)/m);
  const ingest = field(/^\s+ingest token\s+(\S+)$/m);
  const ping = field(/^\s+Minecraft ping\s+(\S+)/m);
  if (!api || !staff || !adminKey || !ingest || !ping) return null;
  return {
    apiUrl: api[0],
    staffNick: staff[0],
    staffPassword: staff[1],
    adminKey: adminKey[0],
    ingestToken: ingest[0],
    minecraftPing: ping[0],
  };
}

function expectRanked(entries: LeaderboardEntry[]): void {
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.length).toBeLessThanOrEqual(50);
  expect(entries.map((e) => e.index)).toEqual(entries.map((_, i) => i + 1));
  for (let i = 1; i < entries.length; i++) expect(entries[i].value).toBeLessThanOrEqual(entries[i - 1].value);
  for (const e of entries) expect(e.uuid).toMatch(UUID);
}

describe('demo mode: npm start with SIMULATOR=on', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let ports: { api: number; ingest: number; status: number };
  let demo: DemoCredentials;
  let api: ApiClient;

  /** `eventually`, failing fast with the demo's last output once start.mjs has exited. */
  const until = <T>(check: () => Promise<T>, timeoutMs?: number): Promise<T> =>
    eventually(
      check,
      () =>
        child.exitCode === null
          ? null
          : new Error(`start.mjs exited with ${child.exitCode}; its last lines:\n${lastLines(output)}`),
      timeoutMs,
    );

  /** Runs `npm start` (start.mjs) on the test's database and ports, in its own process group. */
  function launch(): void {
    output = '';
    child = spawn(process.execPath, ['tools/start.mjs'], {
      cwd: ROOT,
      // A clean environment: only what a user's shell would have, plus the test's ports and database.
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? os.homedir(),
        SIMULATOR: 'on',
        DATABASE_URL: `sqlite:${path.join(dir, 'demo.sqlite')}`,
        API_PORT: String(ports.api),
        INGEST_PORT: String(ports.ingest),
        DEMO_STATUS_PORT: String(ports.status),
      },
      detached: true, // its own process group: start.mjs and the three apps it spawns
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** The credentials of the banner, once start.mjs printed its ready line. */
  const ready = () =>
    until(async () => {
      const parsed = /^ready: /m.test(output) ? parseCredentials(output) : null;
      if (!parsed)
        throw new Error(`no ready line with the credentials yet; the last lines:\n${lastLines(output)}`);
      return parsed;
    });

  /** Players the database shows online (the demo's SQLite file, read-only). */
  function onlinePlayers(): unknown[] {
    const db = new Database(path.join(dir, 'demo.sqlite'), { readonly: true });
    try {
      return db.prepare('SELECT nick FROM players WHERE is_online = 1').all();
    } finally {
      db.close();
    }
  }

  /**
   * Sends `signal` to every process of the demo's group (as a terminal's Ctrl+C, or `kill -TERM -<pgid>`,
   * does) while players are online, and checks the orderly stop: start.mjs exits 0 within 30 s with
   * the whole group, the simulator stopped first with every event delivered, nobody is left online.
   */
  async function expectOrderlyStopOn(signal: NodeJS.Signals): Promise<void> {
    // Someone is online, so "nobody left online" below says something.
    await until(async () => expect(onlinePlayers().length).toBeGreaterThan(0));
    const pgid = child.pid as number;
    const started = Date.now();
    process.kill(-pgid, signal);
    expect(await exit).toEqual({ code: 0, signal: null });
    while (groupAlive(pgid) && Date.now() - started < 31_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(groupAlive(pgid)).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);

    // The simulator's last line (pretty, as in demo mode): "… INFO: simulator: stopped {"delivered":…}".
    const stopped = /INFO: simulator: stopped (\{.*\})$/m.exec(output);
    expect(stopped).not.toBeNull();
    const counts = JSON.parse(stopped?.[1] ?? '{}') as Record<string, unknown>;
    expect(counts).toMatchObject({ undelivered: 0, delivered: expect.any(Number) });
    // In that order: the simulator stopped before the apps began to.
    const simulatorStopped = output.indexOf('INFO: simulator: stopped');
    expect(output.indexOf('INFO: api [Shutdown]: Stopping gracefully')).toBeGreaterThan(simulatorStopped);
    expect(output.indexOf('INFO: log-ingestor [Shutdown]: Stopping gracefully')).toBeGreaterThan(
      simulatorStopped,
    );
    expect(output).not.toContain('events not delivered at shutdown');
    expect(output).not.toMatch(/(ERROR|FATAL): simulator/);

    expect(onlinePlayers()).toEqual([]);
    const db = new Database(path.join(dir, 'demo.sqlite'), { readonly: true });
    try {
      const events = db.prepare('SELECT COUNT(*) AS n FROM economy_log').get() as { n: number };
      expect(events.n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-demo-'));
    const [apiPort, ingestPort, statusPort] = await freePorts(3);
    ports = { api: apiPort, ingest: ingestPort, status: statusPort };
    launch();
    demo = await ready();
    api = createApiClient({ baseUrl: demo.apiUrl, timeoutMs: 5000 });
  }, 90_000);

  afterAll(async () => {
    // The whole output, for a post-mortem (tmp/ is git-ignored).
    if (output !== '') {
      mkdirSync(path.join(ROOT, 'tmp'), { recursive: true });
      writeFileSync(path.join(ROOT, 'tmp/demo-smoke.log'), output);
    }
    if (child?.pid !== undefined && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the URLs and the credentials it generated for the demo', () => {
    expect(demo.apiUrl).toBe(`http://127.0.0.1:${ports.api}`);
    expect(demo.minecraftPing).toBe(`127.0.0.1:${ports.status}`);
    expect(demo.staffNick).toBe('Spravce_Demo');
    expect(demo.staffPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(demo.adminKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(demo.ingestToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(output).toContain(`API docs         http://127.0.0.1:${ports.api}/docs`);
    expect(output).toContain(`{"username":"Spravce_Demo","password":"${demo.staffPassword}"}`);
  });

  it('prints the banner only once both apps answer /health, and ends it with one ready line', async () => {
    // The children keep logging after the banner: compare the banner's own lines.
    const lines = output.slice(output.indexOf('\ncraftstats:')).split('\n');
    expect(lines.filter((line) => line.startsWith('ready: '))).toHaveLength(1);
    const ready = lines.findIndex((line) => line.startsWith('ready: '));
    expect(lines.slice(ready - 1, ready + 1)).toEqual([
      'Send SIGUSR2 to show the credentials again; Ctrl+C or SIGTERM stops.',
      `ready: website http://127.0.0.1:${ports.api}/, API http://127.0.0.1:${ports.api}, ingestor http://127.0.0.1:${ports.ingest}, demo simulator running`,
    ]);
    // The website comes first, at the API's own address, and answers with its page.
    expect(lines.slice(1, 3)).toEqual([
      'craftstats:',
      `  Website          http://127.0.0.1:${ports.api}/   (staff panel: http://127.0.0.1:${ports.api}/panel)`,
    ]);
    const page = await fetch(`http://127.0.0.1:${ports.api}/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('<html lang="cs">');
    // Both apps had answered /health before the banner.
    const before = output.slice(0, output.indexOf('\ncraftstats:'));
    expect(before).toContain(`INFO: api: Server listening at http://127.0.0.1:${ports.api}`);
    expect(before).toContain(`INFO: log-ingestor: Server listening at http://127.0.0.1:${ports.ingest}`);
    for (const port of [ports.api, ports.ingest]) {
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    }
  });

  it('prints the credentials again on demand', async () => {
    const before = output.length;
    process.kill(child.pid as number, 'SIGUSR2');
    await until(async () => expect(output.slice(before)).toContain(`ingest token     ${demo.ingestToken}`));
  });

  it('accepts the printed ingest token as the Bearer value, with the README example and its own player', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const body = /-d '(\{"events":\[[\s\S]*?\]\})'/.exec(readme)?.[1];
    if (!body) throw new Error('no ingestion example in the README');
    const res = await fetch(`http://127.0.0.1:${ports.ingest}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.ingestToken}`, 'content-type': 'application/json' },
      body,
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 200,
      body: { accepted: 2, duplicates: 0, rejected: [] },
    });
    const nick = (JSON.parse(body) as { events: { nick: string }[] }).events[0].nick;
    const profile = await api.playerByNick(nick);
    expect(profile.economy.craftcoins).toBe(250);
    // Not one of the simulated players: nobody else holds that nick.
    const board = await api.leaderboard('craftcoins');
    expect(board.filter((e) => e.nick === nick).every((e) => e.uuid === profile.uuid)).toBe(true);
  });

  it.each(LEADERBOARD_NAMES)('fills the %s leaderboard', async (name) => {
    expectRanked(await until(async () => expectNonEmpty(await api.leaderboard(name))));
  });

  it('answers the player count from the simulator’s Server List Ping responder', async () => {
    const count = await until(async () => {
      const answer = await api.playerCount();
      expect(answer.isOnline).toBe(true);
      expect(answer.players.online).toBeGreaterThan(0);
      return answer;
    });
    expect(count.players.max).toBe(500);
    expect(count.version).toBe(769);
    expect(count.favicon).toMatch(/^data:image\/png;base64,/);
  });

  it('counts the registered players', async () => {
    const { amount } = await until(async () => {
      const answer = await api.uniquePlayers();
      expect(answer.amount).toBeGreaterThan(0);
      return answer;
    });
    expect(amount).toBeLessThanOrEqual(41);
  });

  it('lists the demo staff member among the staff', async () => {
    const staff = await until(async () => {
      const list = await api.staffList();
      expect(list.map((s) => s.nick)).toContain(demo.staffNick);
      return list;
    });
    for (const member of staff) {
      expect(STAFF_RANK_IDS).toContain(member.rank);
      expect(member.uuid).toMatch(UUID);
    }
  });

  it('shows the economy log and the achievements log, newest first', async () => {
    const economy = await until(async () => expectNonEmpty(await api.economyLog()));
    const dates = economy.map((e) => Number(e.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const achievements = await until(async () => expectNonEmpty(await api.achievementsLog()));
    expect(achievements[0]).toEqual(
      expect.objectContaining({
        ach_id: expect.any(String),
        ach_name: expect.any(String),
        ach_value: expect.any(Number),
      }),
    );
  });

  it('keeps changing: new economy log entries arrive while it runs', async () => {
    const first = (await api.economyLog())[0];
    await until(async () => {
      const newest = (await api.economyLog())[0];
      expect(Number(newest.date)).toBeGreaterThan(Number(first.date));
    }, 20_000);
  });

  it('serves the profile of a leaderboard player by nick and by uuid', async () => {
    const [top] = await api.leaderboard('craftcoins');
    const byNick = await api.playerByNick(top.nick.toLowerCase());
    const byUuid = await api.playerByUuid(top.uuid.replace(/-/g, '').toUpperCase());
    expect([byNick.nick, byNick.uuid]).toEqual([top.nick, top.uuid]);
    expect([byUuid.nick, byUuid.uuid, byUuid.id]).toEqual([top.nick, top.uuid, byNick.id]);
    expect(byNick.registred).toBeGreaterThan(0);
    expect(byNick.economy.craftcoins).toBeGreaterThan(0);
  });

  it('logs the demo staff member in with the printed password, and GET /account/me answers', async () => {
    const login = await until(async () => {
      const result = await api.login({ username: demo.staffNick, password: demo.staffPassword });
      expect(result.httpStatus).toBe(200);
      return result;
    }, 30_000);
    if (!login.body.success) throw new Error(`login failed: ${login.body.message}`);
    const me = await api.withToken(login.body.token).me();
    expect(me.nick).toBe(demo.staffNick);
    expect(STAFF_RANK_IDS).toContain(me.rank);
    expect(me.expiresAt).toBeGreaterThan(Date.now() + 4 * 3600_000 - 120_000);
    expect(me.expiresAt).toBeLessThanOrEqual(Date.now() + 4 * 3600_000 + 5_000);
  });

  it('reports no drift with npm run rebuild -- --verify while the demo keeps ingesting', async () => {
    const verify = await rebuildCli(dir, ['--verify']);
    expect(verify.stdout).toMatch(/^\d+ players, \d+ events, [\d.]+ s: no drift$/m);
    expect(verify.code).toBe(0);
  }, 120_000);

  it('logs short pretty lines: no JSON, no route listing, a start of a few lines per app', () => {
    const logLines = output.split('\n').filter((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\] [A-Z]+: /.test(line));
    expect(logLines.length).toBeGreaterThan(0);
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).not.toContain('Mapped {');
    const beforeBanner = output.slice(0, output.indexOf('\ncraftstats:'));
    expect(beforeBanner.split('\n').filter((line) => line.includes('INFO: api')).length).toBeLessThanOrEqual(
      4,
    );
  });

  it('on SIGINT to the whole process group (Ctrl+C) stops the simulator first: every event delivered, nobody left online', async () => {
    await expectOrderlyStopOn('SIGINT');
  }, 60_000);

  it('started again on the same database, on SIGTERM to the whole process group stops the simulator first too', async () => {
    launch();
    await ready();
    await expectOrderlyStopOn('SIGTERM');
  }, 150_000);

  it('finds drift after the database was tampered with (exit 1), and npm run rebuild repairs it', async () => {
    const db = new Database(path.join(dir, 'demo.sqlite'));
    db.prepare("UPDATE players SET tag = 'tampered' WHERE registred <> 0").run();
    db.close();
    const before = await rebuildCli(dir, ['--verify']);
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/^drift\tplayers\t[0-9a-f-]{36}\ttag: "tampered" ≠ /m);
    const rebuild = await rebuildCli(dir, []);
    expect(rebuild.code).toBe(0);
    expect(rebuild.stdout).toMatch(
      /difference\(s\) in \d+ player\(s\) \(players \d+\), rewritten from the log$/m,
    );
    const after = await rebuildCli(dir, ['--verify']);
    expect([after.code, after.stdout]).toEqual([0, expect.stringMatching(/: no drift\n$/)]);
  }, 120_000);
});

/** Runs `npm run rebuild` (tools/rebuild.mjs) against the demo's database. */
function rebuildCli(
  dir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const cli = spawn(process.execPath, ['tools/rebuild.mjs', ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: `sqlite:${path.join(dir, 'demo.sqlite')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    cli.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    cli.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function expectNonEmpty<T>(items: T[]): T[] {
  expect(items.length).toBeGreaterThan(0);
  return items;
}
