import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '@craftstats/platform/testing';

const ROOT = path.resolve(__dirname, '../../../..');

/** What `npm start` prints in demo mode, read from its banner. */
export interface Demo {
  /** The website's (and the API's) address, without a trailing slash. */
  url: string;
  ingestUrl: string;
  staffNick: string;
  staffPassword: string;
  ingestToken: string;
  /** The lines start.mjs printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

function field(output: string, pattern: RegExp): string[] | null {
  return pattern.exec(output)?.slice(1) ?? null;
}

/**
 * `npm start` (tools/start.mjs) in demo mode — the real API, ingestor and simulator — on the given
 * SQLite database and free ports, in its own process group; resolves at its `ready:` line. It builds
 * the apps and the website itself (Nx-cached).
 */
export async function startDemo(env: Record<string, string>, timeoutMs = 170_000): Promise<Demo> {
  const [api, ingest, status] = await freePorts(3);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['tools/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? os.homedir(),
      SIMULATOR: 'on',
      API_PORT: String(api),
      INGEST_PORT: String(ingest),
      DEMO_STATUS_PORT: String(status),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGINT'); // Ctrl+C to the whole group, as a terminal sends it
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }, 30_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (!/^ready: /m.test(output)) {
    if (child.exitCode !== null)
      throw new Error(`start.mjs exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`start.mjs was not ready in ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const website = field(output, /^\s+Website\s+(http:\/\/\S+?)\/\s/m);
  const ingestor = field(output, /^\s+Log ingestor\s+(http:\/\/\S+)\/v1\/events/m);
  const staff = field(output, /^\s+staff login\s+(\S+) \/ (\S+)\s/m);
  const token = field(output, /^\s+ingest token\s+(\S+)$/m);
  if (!website || !ingestor || !staff || !token) {
    await stop();
    throw new Error(`the demo banner lacks the website, ingestor or credentials:\n${output.slice(-4000)}`);
  }
  return {
    url: website[0] as string,
    ingestUrl: ingestor[0] as string,
    staffNick: staff[0] as string,
    staffPassword: staff[1] as string,
    ingestToken: token[0] as string,
    output: () => output,
    stop,
  };
}
