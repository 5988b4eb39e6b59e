// A MariaDB server of the benchmark's own, for `npm run bench -- --private-server` and
// `import-legacy.mjs --private-server`: mariadb-install-db into a new directory on disk (not /dev/shm:
// a benchmark must pay for its disk writes), its own port and socket, production durability
// (innodb_flush_log_at_trx_commit=1) and an InnoDB buffer pool large enough for the data set, so that
// neither the API nor its ceiling is measured against a shared server's 128M default that makes every
// random player a disk read (ADR 0047). The server and its directory are removed by remove(), and at
// the latest when this process exits.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../ports.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

/**
 * Starts the server; resolves once it accepts connections.
 * @param {{ bufferPool: string, log: (text: string) => void }} options
 * @returns {Promise<{ url: string, port: number, pid: number, dir: string, bufferPool: string, remove: () => void }>}
 */
export async function startPrivateServer({ bufferPool, log }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-bench-mariadb-'));
  const port = await freePort();
  const datadir = path.join(dir, 'data');
  // Its own temporary directory: a mariadbd that starts removes the temporary-table files it finds in
  // its tmpdir, those of other servers too (libs/platform/src/testing/mariadb-server.ts, `tmpDir`).
  const tmpdir = path.join(dir, 'tmp');
  mkdirSync(tmpdir);
  execFileSync('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${datadir}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    `--tmpdir=${tmpdir}`,
  ]);
  const child = spawn(
    'mariadbd',
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${datadir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(dir, 'mariadb.sock')}`,
      `--pid-file=${path.join(dir, 'mariadb.pid')}`,
      `--log-error=${path.join(dir, 'error.log')}`,
      `--tmpdir=${tmpdir}`,
      '--skip-name-resolve',
      '--performance-schema=OFF',
      `--innodb-buffer-pool-size=${bufferPool}`,
      '--innodb-log-file-size=1G',
      '--innodb-flush-log-at-trx-commit=1',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
    ],
    { stdio: 'ignore' },
  );
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  child.unref();
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      remove();
      throw new Error(`the private mariadbd exited with ${child.exitCode} while starting`);
    }
    try {
      const probe = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
      await probe.end();
      break;
    } catch (error) {
      if (i > 600) {
        remove();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  log(`private MariaDB server on port ${port}, buffer pool ${bufferPool}, data in ${dir}`);
  return { url: `mysql://root@127.0.0.1:${port}/`, port, pid: child.pid, dir, bufferPool, remove };
}
