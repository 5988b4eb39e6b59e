import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '@craftstats/platform/testing';

// `npm run dev` (tools/start.mjs --watch): a change under apps/web rebuilds the website and restarts the
// API only; a change of an app stops, rebuilds and restarts the apps; a website change that comes in
// while a restart runs is done right after it, not dropped. A change here is a new modification time
// (the file's content stays as it is, so the tree stays clean and Nx's cache answers the build).

const ROOT = path.resolve(__dirname, '../..');
const WEB_SOURCE = path.join(ROOT, 'apps/web/src/main.tsx');
const API_SOURCE = path.join(ROOT, 'apps/api/src/main.ts');

const touch = (file: string): void => {
  const now = new Date();
  utimesSync(file, now, now);
};

describe('npm run dev rebuilds and restarts on a change', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let apiUrl: string;

  /** Resolves once the output, from `from` on, matches `pattern`; fails with the output's tail after `ms`. */
  async function waitFor(pattern: RegExp, from: number, ms = 60_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const match = pattern.exec(output.slice(from));
      if (match) return match[0];
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`no ${pattern} in the output of npm run dev:\n${output.slice(from).slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Touches `file` until the output shows `pattern`: Node's recursive fs.watch sets up its watches on
   * Linux asynchronously, folder by folder, so a change in the first moments after `ready` can go
   * unseen. Once one is seen, no further touch is made.
   */
  async function touchUntilSeen(file: string, pattern: RegExp, from: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      touch(file);
      try {
        await waitFor(pattern, from, 5_000);
        return;
      } catch (error) {
        if (child.exitCode !== null || attempt === 10) throw error;
      }
    }
  }

  /** Waits until the output has not grown for `ms`: whatever a change set off has finished. */
  async function settled(ms = 1_500): Promise<void> {
    for (let length = -1; length !== output.length;) {
      length = output.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-dev-'));
    const [api, ingest] = await freePorts(2);
    apiUrl = `http://127.0.0.1:${api}`;
    child = spawn(process.execPath, ['tools/start.mjs', '--watch'], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: os.tmpdir(),
        DATABASE_URL: `sqlite:${path.join(dir, 'dev.sqlite')}`,
        API_PORT: String(api),
        INGEST_PORT: String(ingest),
        JWT_SECRET: 'dev-watch-secret-dev-watch-secret-0123456789',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(/^ready: /m, 0, 90_000);
  }, 120_000);

  afterAll(async () => {
    const group = child?.pid;
    if (group !== undefined) {
      // SIGTERM to the whole process group (start.mjs and its apps), as a terminal's Ctrl+C does; what
      // still runs after 20 s is killed.
      const alive = (): boolean => {
        try {
          process.kill(-group, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (alive()) process.kill(-group, 'SIGTERM');
      for (let waited = 0; alive() && waited < 20_000; waited += 200)
        await new Promise((resolve) => setTimeout(resolve, 200));
      if (alive()) process.kill(-group, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a change under apps/web rebuilds the website and restarts the API only', async () => {
    const from = output.length;
    await touchUntilSeen(WEB_SOURCE, /apps\/web\/src\/main\.tsx changed: rebuilding the website/, from);
    await waitFor(/website rebuilt; API restarted; ready/, from);
    await settled();
    const after = output.slice(from);
    // The ingestor kept running: it did not stop or listen again.
    expect(after).not.toMatch(/log-ingestor.*(Stopping gracefully|Server listening)/);
    const page = await fetch(`${apiUrl}/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  }, 90_000);

  it('a website change during an app restart is rebuilt right after it', async () => {
    const from = output.length;
    await touchUntilSeen(
      API_SOURCE,
      /stopping the simulator, then the apps; rebuilding and restarting/,
      from,
    );
    touch(WEB_SOURCE); // the restart is running now
    await waitFor(/website rebuilt; API restarted; ready/, from);
    const lines = output
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('[start] '));
    // Queued, not taken at once: after the restart, with its own line.
    const restarted = lines.indexOf('[start] restarted; ready');
    const queued = lines.indexOf('[start] apps/web changed meanwhile: rebuilding the website');
    expect({ restarted: restarted >= 0, queuedAfterIt: queued > restarted }).toEqual({
      restarted: true,
      queuedAfterIt: true,
    });
    expect(lines).not.toContain('[start] apps/web/src/main.tsx changed: rebuilding the website');
    expect((await fetch(`${apiUrl}/health`)).status).toBe(200);
  }, 120_000);
});
