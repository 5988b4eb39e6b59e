import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort } from './ports';

const run = promisify(execFile);

export interface MariaDbServerOptions {
  /** Enables the binary log (ROW format, `sync_binlog=1`) with this server id, for replication tests. */
  serverId?: number;
  /** Further `mariadbd` options, e.g. `['--read-only']`. */
  args?: string[];
  /** How long start and restart wait for the server to accept connections (default 60 s). */
  readyTimeoutMs?: number;
}

/** Every server this process started; killed on exit so a crashed test run leaves no daemon behind. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const server of live) server.kill('SIGKILL');
  });
}

/**
 * Where data directories go: /dev/shm (memory) when there is one, else the temp directory. The
 * faults are process crashes, not power cuts: what a killed mariadbd wrote is in the OS either way,
 * and memory keeps fsync-per-commit from dominating the suite's run time.
 */
function scratchDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A private MariaDB server for fault tests: its own data directory (created with
 * `mariadb-install-db` in a temp directory), its own port, socket and pid file, run as a child of
 * this process, and removed completely by `destroy()`. The machine's shared server is never touched,
 * so a test may stop, kill -9, freeze (SIGSTOP) and resume it, and restart it on the same data.
 *
 * Durability is the production setting: `innodb_flush_log_at_trx_commit=1` (and `sync_binlog=1`
 * with a binary log), so a kill -9 loses no committed transaction.
 */
export class MariaDbServer {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private log = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly options: MariaDbServerOptions,
  ) {}

  /** Creates the data directory and starts the server; resolves once it accepts connections. */
  static async start(options: MariaDbServerOptions = {}): Promise<MariaDbServer> {
    const dir = await mkdtemp(path.join(scratchDir(), 'craftstats-mariadb-'));
    const server = new MariaDbServer(dir, await freePort(), options);
    try {
      await mkdir(server.tmpDir);
      await run(
        'mariadb-install-db',
        [
          '--no-defaults',
          `--datadir=${server.dataDir}`,
          '--user=root',
          '--auth-root-authentication-method=normal',
          '--skip-test-db',
          // Passed on to the bootstrapping mariadbd (see tmpDir).
          `--tmpdir=${server.tmpDir}`,
        ],
        { timeout: 60_000 },
      );
      await server.restart();
      return server;
    } catch (error) {
      await server.destroy();
      throw error;
    }
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /**
   * The server's own temporary directory. With the shared /tmp, a mariadbd that starts removes the
   * temporary-table files (`#sql*`) it finds there, including those of another server bootstrapping
   * at that moment, whose bootstrap then fails (`Unknown table 'mysql.tmp_user_nopasswd'`, seen in CI):
   * the replication fault test starts two servers at once.
   */
  get tmpDir(): string {
    return path.join(this.dir, 'tmp');
  }

  /** The server's pid while it runs (for freezing or inspecting it), else null. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** `mysql://root@127.0.0.1:<port>/<database>` */
  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Runs statements on a short-lived connection as root and returns the last result's rows. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const connection = await createConnection({
      host: '127.0.0.1',
      port: this.port,
      user: 'root',
      multipleStatements: true,
      connectTimeout: 5_000,
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    try {
      const [rows] = await connection.query(sql, params);
      return rows as T[];
    } finally {
      await connection.end();
    }
  }

  /** (Re)starts `mariadbd` on the same data directory and port; resolves when it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('the MariaDB server is already running');
    const args = [
      '--no-defaults',
      '--user=root',
      `--datadir=${this.dataDir}`,
      `--port=${this.port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(this.dir, 'mariadb.sock')}`,
      `--pid-file=${path.join(this.dir, 'mariadb.pid')}`,
      `--log-error=${path.join(this.dir, 'error.log')}`,
      `--tmpdir=${this.tmpDir}`,
      '--skip-name-resolve',
      '--performance-schema=OFF',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=48M',
      '--innodb-flush-log-at-trx-commit=1',
      '--max-connections=300',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      ...(this.options.serverId === undefined
        ? []
        : [
            `--server-id=${this.options.serverId}`,
            `--log-bin=${path.join(this.dataDir, 'binlog')}`,
            '--binlog-format=ROW',
            '--sync-binlog=1',
            '--log-slave-updates=1',
          ]),
      ...(this.options.args ?? []),
    ];
    const child = spawn('mariadbd', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.log = '';
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child = child;
    track(child);
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (this.child !== child) throw new Error(`mariadbd exited during start:\n${await this.errorLog()}`);
      try {
        await this.query('SELECT 1');
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`mariadbd did not accept connections: ${String(error)}\n${await this.errorLog()}`);
        }
        await sleep(100);
      }
    }
  }

  /** Clean shutdown (SIGTERM: InnoDB flushes and closes); resolves when the process has exited. */
  async stop(): Promise<void> {
    this.signal('SIGCONT'); // a frozen server cannot shut down
    this.signal('SIGTERM');
    await this.exited;
  }

  /** A crash: SIGKILL, no shutdown at all; resolves when the process is gone. */
  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }

  /** Freezes the server (SIGSTOP): connections stay open, nothing answers. */
  freeze(): void {
    this.signal('SIGSTOP');
  }

  /** Resumes a frozen server (SIGCONT). */
  resume(): void {
    this.signal('SIGCONT');
  }

  /** Kills the server if it still runs and removes its whole directory. */
  async destroy(): Promise<void> {
    if (this.child) await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }

  private signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  private async errorLog(): Promise<string> {
    const file = await readFile(path.join(this.dir, 'error.log'), 'utf8').catch(() => '');
    return `${this.log}${file}`.split('\n').slice(-30).join('\n');
  }
}
