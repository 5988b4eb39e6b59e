import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeWithMariaDb } from '@craftstats/persistence/testing';
import { buildApps, freePort, freePorts } from '@craftstats/platform/testing';

// The operator's mistakes at `npm start` (docs/operations.md, "Starting"): ports another process holds,
// a database that cannot be reached, refuses the login or does not exist. Each stops the start with one
// plain line naming the variable, before anything is started or printed as ready.

const ROOT = path.resolve(__dirname, '../..');
const MARIADB = process.env['MARIADB_TEST_URL'] ?? 'mariadb://root@127.0.0.1:3306/';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `node tools/start.mjs` (what `npm start` runs) with a clean environment plus `env`. */
function start(env: Record<string, string>, timeoutMs = 60_000): Promise<Run> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tools/start.mjs'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - began });
    });
  });
}

/** API_PORT and INGEST_PORT, two distinct free ports. */
async function appPorts(): Promise<{ API_PORT: string; INGEST_PORT: string }> {
  const [api, ingest] = await freePorts(2);
  return { API_PORT: String(api), INGEST_PORT: String(ingest) };
}

/** An HTTP server that plays a running craftstats (its /health answers 200) and records every request. */
async function impostor(): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(request.url === '/health' ? 200 : 401, { 'content-type': 'application/json' });
    response.end(request.url === '/health' ? '{"status":"ok"}' : '{"status":401}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The lines of `text` that are neither empty nor npm's own `> craftstats… start` header. */
const lines = (text: string) =>
  text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('>'));

function expectNothingStarted(run: Run): void {
  const all = `${run.stdout}\n${run.stderr}`;
  expect({ ready: /^ready:/m.test(all), banner: all.includes('craftstats:') }).toEqual({
    ready: false,
    banner: false,
  });
  expect(all).not.toMatch(/staff login|ingest token|admin key/);
  expect(all).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
}

describe('npm start refuses what it cannot use, in one line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-start-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits within seconds naming API_PORT when another craftstats holds it, and never posts events to it', async () => {
    const api = await impostor();
    const ingest = await impostor();
    try {
      const run = await start({
        DATABASE_URL: `sqlite:${path.join(dir, 'ports.sqlite')}`,
        SIMULATOR: 'on',
        API_PORT: String(api.port),
        INGEST_PORT: String(ingest.port),
        DEMO_STATUS_PORT: String(await freePort()),
      });
      expect(run.code).toBe(69);
      expect(run.ms).toBeLessThan(15_000);
      expect(lines(run.stdout + run.stderr)).toEqual([
        `[start] API_PORT=${api.port}: the port is already in use on 127.0.0.1 (EADDRINUSE); stop the other process or choose another port`,
      ]);
      expectNothingStarted(run);
      // Not fooled by the other process's /health, and the simulator never ran against it.
      expect([...api.requests, ...ingest.requests]).toEqual([]);
    } finally {
      await api.close();
      await ingest.close();
    }
  });

  it('checks the ports before it builds: a taken port stops the start without running the build', async () => {
    await buildApps(); // the loaders the check before the build reads (any earlier build leaves them)
    // A `node` first on PATH that only records that it ran: Nx (`#!/usr/bin/env node`) is the one
    // program the start runs through PATH, so the record says whether the build was started.
    const bin = path.join(dir, 'bin');
    const record = path.join(dir, 'build-started');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'node'), `#!/bin/sh\necho "$@" >> '${record}'\nexit 1\n`);
    chmodSync(path.join(bin, 'node'), 0o755);
    const withSpy = { PATH: `${bin}:${process.env['PATH'] ?? ''}` };
    const taken = await impostor();
    try {
      const run = await start({
        ...withSpy,
        DATABASE_URL: `sqlite:${path.join(dir, 'ports.sqlite')}`,
        SIMULATOR: 'on',
        API_PORT: String(taken.port),
        INGEST_PORT: String(await freePort()),
        DEMO_STATUS_PORT: String(await freePort()),
      });
      expect([run.code, lines(run.stdout + run.stderr)]).toEqual([
        69,
        [expect.stringContaining(`[start] API_PORT=${taken.port}: the port is already in use`)],
      ]);
      expect({ buildStarted: existsSync(record) }).toEqual({ buildStarted: false });
    } finally {
      await taken.close();
    }
    // The spy sees a build: with free ports the start goes on to build, and the spied Nx fails.
    const free = await start({
      ...withSpy,
      DATABASE_URL: `sqlite:${path.join(dir, 'ports.sqlite')}`,
      ...(await appPorts()),
    });
    expect({ buildStarted: existsSync(record) }).toEqual({ buildStarted: true });
    expect(free.code).not.toBe(0);
  });

  it('after checking the ports with the earlier build, loads what it needs next from the new one', async () => {
    // The earlier build is a copy that lacks the database check: loaded from there (through a link
    // Node has cached for the process), the start would fail on it after the build moved the link.
    await buildApps();
    const apps = path.join(ROOT, 'dist/apps');
    const link = path.join(apps, 'api');
    const earlier = `api.builds/earlier-${process.pid}`;
    cpSync(path.join(apps, readlinkSync(link)), path.join(apps, earlier), {
      recursive: true,
      verbatimSymlinks: true,
    });
    rmSync(path.join(apps, earlier, 'libs/platform/src/lib/database/database-check.js'));
    symlinkSync(earlier, `${link}.earlier-${process.pid}`, 'dir');
    renameSync(`${link}.earlier-${process.pid}`, link);
    try {
      const nobody = await freePort();
      const run = await start({
        DATABASE_URL: `mysql://craftstats@127.0.0.1:${nobody}/craftstats`,
        DATABASE_WAIT_SECONDS: '0',
        ...(await appPorts()),
      });
      expect(readlinkSync(link)).not.toBe(earlier); // the build put its own folder in place
      expect([run.code, lines(run.stdout + run.stderr)]).toEqual([
        69,
        [expect.stringMatching(/^\[start\] cannot use the database of DATABASE_URL .*\(ECONNREFUSED\)$/)],
      ]);
    } finally {
      rmSync(path.join(apps, earlier), { recursive: true, force: true });
      if (readlinkSync(link) === earlier) {
        // The start did not get to its build: put a complete build back for the other tests.
        rmSync(link);
        execFileSync(process.execPath, ['tools/build.mjs'], {
          cwd: ROOT,
          env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
        });
      }
    }
  });

  it('names INGEST_PORT and DEMO_STATUS_PORT when those are taken', async () => {
    const taken = await impostor();
    try {
      const ingestRun = await start({
        DATABASE_URL: `sqlite:${path.join(dir, 'ports.sqlite')}`,
        API_PORT: String(await freePort()),
        INGEST_PORT: String(taken.port),
      });
      expect([ingestRun.code, lines(ingestRun.stdout + ingestRun.stderr)]).toEqual([
        69,
        [expect.stringContaining(`[start] INGEST_PORT=${taken.port}: the port is already in use`)],
      ]);
      const statusRun = await start({
        DATABASE_URL: `sqlite:${path.join(dir, 'ports.sqlite')}`,
        SIMULATOR: 'on',
        ...(await appPorts()),
        DEMO_STATUS_PORT: String(taken.port),
      });
      expect([statusRun.code, lines(statusRun.stdout + statusRun.stderr)]).toEqual([
        69,
        [expect.stringContaining(`[start] DEMO_STATUS_PORT=${taken.port}: the port is already in use`)],
      ]);
      expectNothingStarted(statusRun);
    } finally {
      await taken.close();
    }
  });

  it('waits for an unreachable database with a countdown, then gives up in one line naming DATABASE_URL', async () => {
    const nobody = await freePort();
    const run = await start({
      DATABASE_URL: `mysql://craftstats:secret-password@127.0.0.1:${nobody}/craftstats`,
      DATABASE_WAIT_SECONDS: '3',
      ...(await appPorts()),
    });
    expect(run.code).toBe(69);
    const output = lines(run.stdout + run.stderr);
    expect(output[0]).toBe(
      `[start] cannot use the database of DATABASE_URL (database "craftstats" at 127.0.0.1:${nobody} as user "craftstats"): nothing accepts connections there (ECONNREFUSED); waiting for it, giving up in 3 s (DATABASE_WAIT_SECONDS)`,
    );
    expect(output.slice(1, -1)).toEqual(
      output
        .slice(1, -1)
        .map(() =>
          expect.stringMatching(
            /^\[start\] still waiting for the database \(ECONNREFUSED\), giving up in \d s$/,
          ),
        ),
    );
    expect(output.at(-1)).toBe(
      `[start] cannot use the database of DATABASE_URL (database "craftstats" at 127.0.0.1:${nobody} as user "craftstats"): nothing accepts connections there (ECONNREFUSED); gave up after 3 s`,
    );
    expect(run.stdout + run.stderr).not.toContain('secret-password');
    expectNothingStarted(run);
  });

  const mariadb = new URL(MARIADB);
  const mariadbAt = `${mariadb.hostname}:${mariadb.port || 3306}`;
  const answers = () => {
    it('stops at once in one line when the database refuses the login (ER_ACCESS_DENIED_ERROR)', async () => {
      const run = await start({
        DATABASE_URL: `mysql://craftstats_nobody:wrong-password@${mariadbAt}/craftstats`,
        ...(await appPorts()),
      });
      expect([run.code, lines(run.stdout + run.stderr)]).toEqual([
        69,
        [
          `[start] cannot use the database of DATABASE_URL (database "craftstats" at ${mariadbAt} as user "craftstats_nobody"): the server refused the login: check the user and password (ER_ACCESS_DENIED_ERROR)`,
        ],
      ]);
      expect(run.stdout + run.stderr).not.toContain('wrong-password');
    });

    it('stops at once in one line when the database does not exist (ER_BAD_DB_ERROR)', async () => {
      const user = decodeURIComponent(mariadb.username || 'root');
      const credentials = mariadb.password ? `${user}:${mariadb.password}` : user;
      const run = await start({
        DATABASE_URL: `mysql://${credentials}@${mariadbAt}/craftstats_no_such_database`,
        ...(await appPorts()),
      });
      expect([run.code, lines(run.stdout + run.stderr)]).toEqual([
        69,
        [
          expect.stringMatching(
            /^\[start\] cannot use the database of DATABASE_URL \(database "craftstats_no_such_database" at .+ as user ".+"\): the database does not exist: .+ \(ER_BAD_DB_ERROR\)$/,
          ),
        ],
      ]);
    });
  };
  describeWithMariaDb("a real MariaDB's refusals", answers);

  it('names the variable of a bad value before anything starts', async () => {
    const run = await start({ DATABASE_URL: `sqlite:${path.join(dir, 'x.sqlite')}`, API_PORT: 'tři tisíce' });
    expect([run.code, lines(run.stdout + run.stderr)]).toEqual([
      78,
      ['[start] Invalid configuration: API_PORT must be an integer from 0 to 65535, got "tři tisíce"'],
    ]);
  });
});

/** A built app or CLI run on its own (as systemd or an operator runs it), with a clean environment. */
function run(file: string, args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<Run> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - began });
    });
  });
}

const APP = {
  api: 'dist/apps/api/apps/api/src/main.js',
  'log-ingestor': 'dist/apps/log-ingestor/apps/log-ingestor/src/main.js',
};

describe('each app and operator command on its own: one line per expected failure', () => {
  let nobody: number;
  let unreachable: string;
  beforeAll(async () => {
    // The commands below build with Nx themselves; the apps are run from the same build outputs.
    const built = await run('tools/build.mjs', [], {}, 120_000);
    if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
    nobody = await freePort();
    unreachable = `mysql://craftstats:secret-password@127.0.0.1:${nobody}/craftstats`;
  });

  it.each(Object.entries(APP))('%s: an unreachable DATABASE_URL is one line, exit 69', async (app, file) => {
    const result = await run(file, [], {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DATABASE_URL: unreachable,
      ...(await appPorts()),
    });
    expect(result.code).toBe(69);
    const out = lines(result.stdout + result.stderr);
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({
      level: 'fatal',
      app,
      context: 'Database',
      msg: `cannot use the database of DATABASE_URL (database "craftstats" at 127.0.0.1:${nobody} as user "craftstats"): nothing accepts connections there (ECONNREFUSED)`,
    });
    expect(result.stdout + result.stderr).not.toContain('secret-password');
  });

  it.each([
    ['api', 'API_PORT'],
    ['log-ingestor', 'INGEST_PORT'],
  ] as const)('%s: a taken %s is one line, exit 69', async (app, variable) => {
    const taken = await impostor();
    try {
      const result = await run(APP[app], [], {
        DATABASE_URL: 'sqlite::memory:',
        [variable]: String(taken.port),
      });
      expect([result.code, lines(result.stdout + result.stderr)]).toEqual([
        69,
        [
          expect.stringContaining(
            `${variable}=${taken.port}: the port is already in use on 127.0.0.1 (EADDRINUSE)`,
          ),
        ],
      ]);
    } finally {
      await taken.close();
    }
  });

  it('the log-ingestor starts in production without JWT_SECRET and ADMIN_KEY, which it never uses', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [APP['log-ingestor']], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: 'sqlite::memory:',
        INGEST_PORT: String(port),
        INGEST_TOKENS: 'survival:aaaaaaaaaaaaaaaa',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 20_000;
      let health = 0;
      while (health !== 200 && Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect({ health, exitCode: child.exitCode, output: health === 200 ? '' : output }).toEqual({
        health: 200,
        exitCode: null,
        output: '',
      });
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.each([
    ['rebuild', 'tools/rebuild.mjs', ['--verify']],
    ['migration', 'tools/migrate.mjs', ['run']],
    [
      'import',
      'tools/legacy-import/import-legacy.mjs',
      ['--from', 'mysql://old@127.0.0.1:1/legacy', '--dry-run'],
    ],
  ])('npm run %s: an unreachable DATABASE_URL is one line, exit 69', async (name, file, args) => {
    const result = await run(file, args, { DATABASE_URL: unreachable });
    expect([result.code, lines(result.stdout + result.stderr)]).toEqual([
      69,
      [
        `${name}: cannot use the database of DATABASE_URL (database "craftstats" at 127.0.0.1:${nobody} as user "craftstats"): nothing accepts connections there (ECONNREFUSED)`,
      ],
    ]);
  });

  it.each([
    ['rebuild', 'tools/rebuild.mjs', ['--verify']],
    ['import', 'tools/legacy-import/import-legacy.mjs', ['--from', 'mysql://old@127.0.0.1:1/legacy']],
  ])("npm run %s: a bad TZ_COMMUNITY gets the apps' message, exit 78", async (name, file, args) => {
    const result = await run(file, args, { TZ_COMMUNITY: 'Europe/Atlantis' });
    expect([result.code, lines(result.stdout + result.stderr)]).toEqual([
      78,
      [`${name}: Invalid configuration: TZ_COMMUNITY is not an IANA time zone: "Europe/Atlantis"`],
    ]);
  });

  it('npm run import:legacy: an unreachable --from is one line naming --from, exit 69', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'craftstats-import-'));
    try {
      const result = await run(
        'tools/legacy-import/import-legacy.mjs',
        ['--from', `mysql://old:old-password@127.0.0.1:${nobody}/legacy`, '--dry-run'],
        { DATABASE_URL: `sqlite:${path.join(dir, 'target.sqlite')}` },
      );
      expect([result.code, lines(result.stdout + result.stderr)]).toEqual([
        69,
        [
          `import: cannot use the database of --from (database "legacy" at 127.0.0.1:${nobody} as user "old"): nothing accepts connections there (ECONNREFUSED)`,
        ],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the heap flags every start uses (tools/build.mjs appProcessArgs, docs/operations.md "Memory")', () => {
  /** The V8 flags an app is started with, given NODE_OPTIONS. */
  function heapFlags(app: string, nodeOptions?: string): string[] {
    const script =
      "import { appProcessArgs } from './tools/build.mjs';" +
      `process.stdout.write(JSON.stringify(appProcessArgs(${JSON.stringify(app)}, [], ${JSON.stringify(
        nodeOptions === undefined ? {} : { NODE_OPTIONS: nodeOptions },
      )})));`;
    const args = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
    ) as string[];
    return args.filter((arg) => /-space-size=/.test(arg));
  }

  it('caps the old generation and fixes the young generation: minimum and maximum semi-space alike', () => {
    expect({ api: heapFlags('api'), ingestor: heapFlags('log-ingestor') }).toEqual({
      api: ['--max-old-space-size=128', '--min-semi-space-size=8', '--max-semi-space-size=8'],
      ingestor: ['--max-old-space-size=128', '--min-semi-space-size=16', '--max-semi-space-size=16'],
    });
  });

  it('drops both semi-space defaults when NODE_OPTIONS sizes the young generation, keeping the rest', () => {
    expect({
      semi: heapFlags('api', '--max-semi-space-size=4'),
      old: heapFlags('log-ingestor', '--max-old-space-size=256'),
    }).toEqual({
      semi: ['--max-old-space-size=128'],
      old: ['--min-semi-space-size=16', '--max-semi-space-size=16'],
    });
  });
});
