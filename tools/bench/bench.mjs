#!/usr/bin/env node
// `npm run bench`: the API and the ingestor on MariaDB with a million players, in the configuration
// people run (`npm start`'s flags, the default public rate limit), side by side with the ceilings of
// this machine, measured in the same run (docs/performance.md):
//   cached reads (leaderboards, /economy/log, /server/uniqueplayers)  vs  a bare node:http server
//       answering the same bytes from memory (bare-server.mjs), each read three times: the API with
//       the default public rate limit behind TRUST_PROXY counted in-process, the same counted in
//       Redis (REDIS_URL), and, as labelled extra rows, with RATE_LIMIT_PUBLIC=0 and Fastify alone
//       answering the same bytes without hooks (bare-server.mjs fastify: the framework's floor)
//   profiles by nick / uuid, a random one of the N players per request  vs  node:http + mysql2 with
//       one prepared JOIN (raw-profile-server.mjs), and, as labelled extra rows, the same lookup as a
//       Nest controller's one handler (raw-profile-server.mjs nest: the framework's floor) and that
//       handler answering with an API answer's headers (nest-headers: the floor plus those headers)
//   ingestion, 4 game servers posting batches of 500 in the realistic mix (100 players × 5 events:
//       balances, votes, joins, quits, levels, achievements, new players), and again with level
//       updates only  vs  the same events written straight with mysql2 (raw-ingest.mjs); as an extra
//       row of the mix, mysql2 writing the projections' rows too (the floor of the schema)
// Reads are loaded by wrk (50 connections, tools/bench/lua/reads.lua: every request from a random
// client address in X-Forwarded-For), ingestion by a Node generator (ingest-load.mjs). A warm-up,
// then --rounds rounds; medians are reported, with each target's verdict, and written to
// bench/results/<date>.json and .md.
//
//   npm run bench [-- --players 1000000 --rounds 3 --seconds 10 --warmup 5 --keep]
//   DATABASE_URL=mysql://user:pass@host:3306/[database]   (default mysql://root@127.0.0.1:3306/)
//   REDIS_URL=redis://host:6379                           (default redis://127.0.0.1:6379)
//   npm run bench -- --private-server [--buffer-pool 2G]      (recommended)
//   npm run bench -- --cpu-prof DIR   writes a V8 CPU profile of each app into DIR at the end
//   npm run bench -- --only cached,profile,ingest   runs only those kinds of rows (for profiling)
//   NODE_OPTIONS=... npm run bench   reaches the apps as with `npm start` (e.g. another heap cap)
//   npm run bench -- --against DIR   also runs the API and the ingestor built in another checkout DIR
//       (`npm run build` there), as deployed (in-process limits) beside this one's, as extra read and
//       ingestion rows: a before/after of a change measured in the same rounds, against the same ceilings
// The database (default craftstats_bench_<players>) is created, loaded and dropped; with --keep it
// is left in place and reused by the next run with --keep (reloaded when the data or schema changed).
// --private-server runs everything on a MariaDB of the bench's own (lib/private-server.mjs, shared
// with import-legacy.mjs) whose buffer pool holds the data set, instead of DATABASE_URL; the server
// and its data directory are removed at the end.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildWithNx } from '../build.mjs';
import { connect, databaseUrl, dropDatabase, ensureDataset, serverFromUrl } from './lib/dataset.mjs';
import { SERVERS, tokenOf } from './lib/events.mjs';
import { startPrivateServer } from './lib/private-server.mjs';
import { nickOf, uuidOf } from './lib/players.mjs';
import { freePort, freePorts } from '../ports.mjs';
import { findWrk, launch, memoryOf, runForJson, startApp, stopAll, waitFor } from './lib/processes.mjs';
import {
  HEADER,
  describeMachine,
  loadAverage,
  markdownTable,
  median,
  tableRows,
  textTable,
} from './lib/report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const { values: options } = parseArgs({
  options: {
    players: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    batch: { type: 'string', default: '500' },
    keep: { type: 'boolean', default: false },
    'private-server': { type: 'boolean', default: false },
    'buffer-pool': { type: 'string', default: '2G' },
    out: { type: 'string', default: path.join(root, 'bench/results') },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
    against: { type: 'string' },
  },
});
const PLAYERS = Number(options.players);
const ROUNDS = Number(options.rounds);
const SECONDS = Number(options.seconds);
const WARMUP = Number(options.warmup);
const CONNECTIONS = Number(options.connections);
const THREADS = Number(options.threads);
const BATCH = Number(options.batch);
if (
  ![PLAYERS, ROUNDS, SECONDS, CONNECTIONS, THREADS, BATCH].every((v) => Number.isInteger(v) && v > 0) ||
  PLAYERS < 100
) {
  process.stderr.write(
    'Usage: npm run bench [-- --players N (≥ 100) --rounds N --seconds N --warmup N --keep | --private-server --buffer-pool 2G]\n',
  );
  process.exit(2);
}
if (options.keep && options['private-server']) {
  process.stderr.write(
    '--keep has nothing to keep with --private-server: its server is removed at the end.\n',
  );
  process.exit(2);
}

/** The targets (docs/performance.md). Profiles' p99: at most max(p99Ms, 1.25 × the raw server's). */
const TARGETS = {
  cachedRatio: 0.6,
  cachedRedisRatio: 0.5,
  profileRatio: 0.8,
  mixRatio: 0.6,
  levelRatio: 0.8,
  p99Ms: 25,
  profileP99OfRaw: 1.25,
  rssMb: 200,
};
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const CACHED_PATHS = [
  '/economy/leaderboard/craftcoins',
  '/economy/leaderboard/month-votes',
  '/economy/leaderboard/levels/survival',
  '/economy/log',
  '/server/uniqueplayers',
];

const log = (text) => process.stderr.write(`${text}\n`);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const wrk = findWrk();
if (wrk === null) {
  log(
    'wrk is not installed. The read rows need it as their load generator:\n' +
      '  Debian/Ubuntu: sudo apt-get install wrk      macOS: brew install wrk\n' +
      '(bench is not part of CI, so CI does not need it.)',
  );
  process.exit(2);
}

// The data set's buffer pool decides whether a random player is a memory or a disk read, on both
// sides of every row: --private-server gives the bench a server whose pool holds the data set.
const privateServer = options['private-server']
  ? await startPrivateServer({ bufferPool: options['buffer-pool'], log: (text) => log(`bench: ${text}`) })
  : null;
const server = serverFromUrl(
  privateServer?.url ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/',
  `craftstats_bench_${PLAYERS}`,
);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-bench-'));
const runId = `b${Date.now().toString(36)}`;
const startedAt = new Date();

/** The newest event date (ms) in the data set's logs, 0 for empty logs. */
async function newestLoggedDate(server) {
  const connection = await connect(server);
  try {
    const [[row]] = await connection.query(
      'SELECT GREATEST(COALESCE((SELECT MAX(date) FROM economy_log), 0), COALESCE((SELECT MAX(date) FROM achievement_log), 0)) AS newest',
    );
    return Number(row.newest);
  } finally {
    await connection.end();
  }
}

/**
 * `--against DIR`: the API and the ingestor built in another checkout, started as this one's are (same
 * flags, same database; the API with the default public rate limit: as deployed), named by its commit.
 */
async function startOtherBuild(dir, apiEnv, ingestorEnv) {
  const checkout = path.resolve(dir);
  for (const app of ['api', 'log-ingestor']) {
    const entry = path.join(checkout, `dist/apps/${app}/apps/${app}/src/main.js`);
    if (!existsSync(entry))
      throw new Error(`--against ${dir}: no ${app} build at ${entry} (run npm run build there)`);
  }
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout: named by its directory only
  }
  const name = `build of ${commit}`;
  const [port, ingestPort] = await freePorts(2);
  const child = await startApp('api', port, apiEnv(port, {}), {
    label: `api (${name})`,
    checkout,
  });
  const ingestor = await startApp('log-ingestor', ingestPort, ingestorEnv(ingestPort), {
    label: `log-ingestor (${name})`,
    checkout,
  });
  log(`bench: also measuring the API and the ingestor ${name} (${checkout}) on ports ${port}, ${ingestPort}`);
  return { name, port, child, ingestPort, ingestor };
}

async function main() {
  log(`bench: building the apps (${root})`);
  await buildWithNx(['api', 'log-ingestor']);
  require('reflect-metadata');
  const persistence = require(path.join(root, 'dist/apps/api/libs/persistence/src/index.js'));
  const domain = require(path.join(root, 'dist/apps/api/libs/domain/src/index.js'));

  const admin = await connect(server, null);
  const machine = await describeMachine(admin);
  await admin.end();
  log(
    `bench: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, MariaDB ${machine.mariadb}, ` +
      `load average ${machine.loadAverageAtStart.join(' ')}`,
  );

  // The data set: reused with --keep when it is complete, of this version and the schema is current.
  const timeZone = 'Europe/Prague';
  const dataset = await ensureDataset({
    server,
    players: PLAYERS,
    keep: options.keep,
    persistence,
    votePeriodKeys: domain.votePeriodKeys,
    timeZone,
    log: (text) => log(`bench: ${text}`),
  });
  log(`bench: data set ${JSON.stringify(dataset.counts)}`);

  // The service under test and its baselines, each in its own process. Three APIs on one database:
  // as deployed with in-process counters, as deployed with counters in Redis, and without the limit.
  const url = databaseUrl(server);
  const [
    apiPort,
    apiRedisPort,
    apiOffPort,
    ingestPort,
    barePort,
    floorPort,
    rawPort,
    rawNestPort,
    rawNestHeadersPort,
  ] = await freePorts(9);
  const nodeFlags = options['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options['cpu-prof'])}`]
    : [];
  const ingestorEnv = (port) => ({
    DATABASE_URL: url,
    INGEST_PORT: String(port),
    INGEST_TOKENS: SERVERS.map((s) => `${s}:${tokenOf(s)}`).join(','),
    TZ_COMMUNITY: timeZone,
  });
  const ingestor = await startApp('log-ingestor', ingestPort, ingestorEnv(ingestPort), { nodeFlags });
  const apiEnv = (port, extra) => ({
    DATABASE_URL: url,
    API_PORT: String(port),
    TZ_COMMUNITY: timeZone,
    METRICS_TOKEN,
    // wrk connects from 127.0.0.1 as a reverse proxy would; the client is X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    ...extra,
  });
  const api = await startApp('api', apiPort, apiEnv(apiPort, {}), { nodeFlags });
  const apiRedis = await startApp(
    'api',
    apiRedisPort,
    apiEnv(apiRedisPort, { REDIS_URL, RATE_LIMIT_PREFIX: `craftstats-bench-${runId}` }),
    { label: 'api (Redis counters)' },
  );
  const apiOff = await startApp('api', apiOffPort, apiEnv(apiOffPort, { RATE_LIMIT_PUBLIC: '0' }), {
    label: 'api (RATE_LIMIT_PUBLIC=0)',
  });
  await checkRedisCounting(apiRedisPort);
  const other = options.against ? await startOtherBuild(options.against, apiEnv, ingestorEnv) : null;

  const answers = {};
  for (const p of CACHED_PATHS) {
    const response = await fetch(`http://127.0.0.1:${apiPort}${p}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${p} answered ${response.status}: ${body}`);
    const headers = {};
    for (const [name, value] of response.headers) {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
        headers[name] = value;
    }
    answers[p] = { headers, body: body.toString('base64'), bytes: body.length };
  }
  const answersFile = path.join(tmp, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const bare = launch(
    process.execPath,
    [path.join(root, 'tools/bench/bare-server.mjs'), String(barePort), answersFile],
    {
      label: 'bare server',
    },
  );
  await waitFor(`http://127.0.0.1:${barePort}${CACHED_PATHS[0]}`, bare);
  // The same bytes through Fastify alone: where the framework the API is built on ends.
  const floor = launch(
    process.execPath,
    [path.join(root, 'tools/bench/bare-server.mjs'), String(floorPort), answersFile, 'fastify'],
    { label: 'Fastify floor server' },
  );
  await waitFor(`http://127.0.0.1:${floorPort}${CACHED_PATHS[0]}`, floor);

  const periods = domain.votePeriodKeys(Date.now(), timeZone);
  /** A raw-profile-server.mjs in `mode`, once it answers what the API answers. */
  const profileServer = async (port, mode, label, ...extra) => {
    const args = [String(port), url, periods.month, periods.week, '10', mode, ...extra];
    const child = launch(process.execPath, [path.join(root, 'tools/bench/raw-profile-server.mjs'), ...args], {
      label,
    });
    await waitFor(`http://127.0.0.1:${port}/player/${nickOf(1)}`, child);
    await checkSameProfiles(apiPort, port, label, mode === 'nest-headers');
    return child;
  };
  const raw = await profileServer(rawPort, 'http', 'The raw profile server');
  // The same lookup in a Nest controller on the API's adapter: where the framework the API is built on ends.
  const rawNest = await profileServer(rawNestPort, 'nest', 'The Nest floor profile server');
  // That floor answering with the headers of an API answer: the framework plus what every answer carries.
  const rawNestHeaders = await profileServer(
    rawNestHeadersPort,
    'nest-headers',
    'The Nest floor with headers profile server',
    JSON.stringify(await answerHeadersOf(apiPort, `/player/uuid/${uuidOf(1)}`)),
  );

  const apps = {
    api: { port: apiPort, pid: api.pid },
    apiRedis: { port: apiRedisPort, pid: apiRedis.pid },
    apiOff: { port: apiOffPort, pid: apiOff.pid },
    ...(other ? { apiOther: { port: other.port, pid: other.child.pid } } : {}),
    ingestor: { port: ingestPort, pid: ingestor.pid },
    ...(other ? { ingestorOther: { port: other.ingestPort, pid: other.ingestor.pid } } : {}),
    bare: { port: barePort, pid: bare.pid },
    floor: { port: floorPort, pid: floor.pid },
    raw: { port: rawPort, pid: raw.pid },
    rawNest: { port: rawNestPort, pid: rawNest.pid },
    rawNestHeaders: { port: rawNestHeadersPort, pid: rawNestHeaders.pid },
  };
  /**
   * From the metrics of the API on `port`: the database loads its micro-caches ran
   * (read_cache_loads_total), and the time its garbage collections took and how many were full ones
   * (nodejs_gc_duration_seconds), all since it started.
   */
  const apiCounters = async (port) => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const lines = (await response.text()).split('\n');
    const total = (prefix, kind = '') =>
      lines
        .filter((line) => line.startsWith(prefix) && line.includes(kind))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    return {
      cacheLoads: total('read_cache_loads_total{'),
      gcSeconds: total('nodejs_gc_duration_seconds_sum{'),
      fullGcs: total('nodejs_gc_duration_seconds_count{', 'kind="major"'),
    };
  };
  const read = (name, mode, p) => async (seconds) => {
    const { port, pid } = apps[name];
    const isApi = name.startsWith('api');
    const before = isApi ? await apiCounters(port) : null;
    const { result, usage } = await runForJson(
      wrk,
      [
        '-t',
        String(THREADS),
        '-c',
        String(CONNECTIONS),
        '-d',
        `${seconds}s`,
        '--timeout',
        '5s',
        '-s',
        path.join(root, 'tools/bench/lua/reads.lua'),
        `http://127.0.0.1:${port}`,
        '--',
        mode,
        p,
        String(PLAYERS),
      ],
      { label: 'wrk', sample: { server: pid } },
    );
    const elapsed = result.duration_us / 1e6;
    const after = before === null ? null : await apiCounters(port);
    return {
      rps: result.requests / elapsed,
      requests: result.requests,
      cacheLoads: after === null ? null : after.cacheLoads - before.cacheLoads,
      gcSeconds: after === null ? null : after.gcSeconds - before.gcSeconds,
      fullGcs: after === null ? null : after.fullGcs - before.fullGcs,
      p50: result.p50_us / 1000,
      p99: result.p99_us / 1000,
      errors:
        result.connect_errors +
        result.read_errors +
        result.write_errors +
        result.status_errors +
        result.timeouts,
      rssMb: usage.server.peakRssMb,
      serverCpu: usage.server.cpu,
      generatorCpu: usage.generator.cpu,
    };
  };
  let ingestRun = 0;
  // Every ingestion run's dates start after the newest date in the log (a reused data set's included)
  // and after the last date of any earlier run, API or ceiling: a generator's dates run ahead of the
  // clock (1 ms per event at least), and a run starting at the clock would send every player it touches
  // an event older than the one it has, so the ingestor would replay them all (ADR 0015) — a cost that
  // real, clock-dated game servers do not cause and the ceiling does not pay.
  let nextDate = await newestLoggedDate(server);
  const ingest =
    (script, target, sampleName, mix, extraArgs = []) =>
    async (seconds) => {
      ingestRun++;
      nextDate = Math.max(nextDate, Date.now());
      const { result, usage } = await runForJson(
        process.execPath,
        [
          path.join(root, 'tools/bench', script),
          target,
          String(PLAYERS),
          String(BATCH),
          String(seconds),
          `${runId}-${ingestRun}`,
          mix,
          String(nextDate),
          ...extraArgs,
        ],
        { label: script, sample: { server: apps[sampleName]?.pid } },
      );
      if (result.firstFailure)
        log(`  ${script}: ${result.errors} failed batches, first: ${result.firstFailure}`);
      nextDate = Math.max(nextDate, result.lastDate + 1);
      return {
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors,
        rssMb: usage.server?.peakRssMb ?? null,
        serverCpu: usage.server?.cpu ?? null,
        generatorCpu: result.generatorCpu,
      };
    };

  // A path's bare ceiling is measured once per round and shared by its three API rows.
  const rows = [
    ...CACHED_PATHS.flatMap((p) => {
      const baseline = { label: 'bare node:http, same bytes', run: read('bare', 'fixed', p) };
      return [
        ['limits in-process', 'in-process', 'api', TARGETS.cachedRatio],
        ['limits in Redis', 'Redis', 'apiRedis', TARGETS.cachedRedisRatio],
        ['extra: RATE_LIMIT_PUBLIC=0', 'limit off', 'apiOff', null],
        ['extra: Fastify alone, same bytes, no hooks', 'Fastify floor', 'floor', null],
        ...(other
          ? [[`extra: ${other.name}, limits in-process`, `${other.name}, in-process`, 'apiOther', null]]
          : []),
      ].map(([variant, short, app, ratioTarget]) => ({
        name: `GET ${p} (${variant})`,
        short: `GET ${p} (${short})`,
        kind: 'cached',
        ratioTarget,
        p99Target: ratioTarget === null ? null : TARGETS.p99Ms,
        api: { run: read(app, 'fixed', p) },
        baseline,
        bytes: answers[p].bytes,
      }));
    }),
    ...[
      ['GET /player/:nick', 'nick'],
      ['GET /player/uuid/:uuid', 'uuid'],
    ].flatMap(([name, mode]) => {
      const baseline = { label: 'node:http + mysql2, 1 prepared JOIN', run: read('raw', mode, '') };
      return [
        ['', 'api', TARGETS.profileRatio],
        [' (extra: RATE_LIMIT_PUBLIC=0)', 'apiOff', null, ' (limit off)'],
        [' (extra: Nest alone, the same lookup, no pipes or hooks)', 'rawNest', null, ' (Nest floor)'],
        [
          " (extra: Nest alone with an API answer's headers, no pipes or hooks)",
          'rawNestHeaders',
          null,
          ' (Nest + headers)',
        ],
        ...(other
          ? [[` (extra: ${other.name}, limits in-process)`, 'apiOther', null, ` (${other.name}, in-process)`]]
          : []),
      ].map(([variant, app, ratioTarget, short = '']) => ({
        name: `${name} (random of ${PLAYERS.toLocaleString('en')})${variant}`,
        short: `${name}${short}`,
        kind: 'profile',
        ratioTarget,
        // max(25 ms, 1.25 × the raw server's median p99), settled once the medians are known.
        p99Target: ratioTarget === null ? null : TARGETS.p99Ms,
        p99OfBaseline: ratioTarget === null ? undefined : TARGETS.profileP99OfRaw,
        api: { run: read(app, mode, '') },
        baseline,
      }));
    }),
    // The issue's row: the realistic mix. Then the level-only variant, whose every event's effect is
    // exactly what the ceiling writes (a log row, a players row), so that the two rows together show
    // how much of the gap is the ingestor's overhead and how much the projections the ceiling skips.
    ...[
      ['mixed', `realistic mix, ${Math.max(1, Math.round(BATCH / 5))} players × 5 events`, TARGETS.mixRatio],
      ['level', `level updates only, ${BATCH} players`, TARGETS.levelRatio],
    ].flatMap(([mix, text, ratioTarget]) => {
      const baseline = {
        label: 'mysql2: 1 log INSERT (+ achievements) + 1 players upsert',
        run: ingest('raw-ingest.mjs', url, null, mix),
      };
      const name = `POST /v1/events (events/s, ${SERVERS.length} servers × batches of ${BATCH}, ${text})`;
      const sides = [
        ['', '', ratioTarget, ingest('ingest-load.mjs', String(ingestPort), 'ingestor', mix)],
        ...(other
          ? [
              [
                ` (extra: ${other.name})`,
                ` (${other.name})`,
                null,
                ingest('ingest-load.mjs', String(other.ingestPort), 'ingestorOther', mix),
              ],
            ]
          : []),
        // What the ingestor's rows cost without the ingestor: the ceiling plus the projections' writes,
        // straight with mysql2 (raw-ingest.mjs `projections`). Its ratio is the most the schema allows.
        ...(mix === 'mixed'
          ? [
              [
                " (extra: mysql2 with the projections' writes)",
                ' (mysql2 + projections)',
                null,
                ingest('raw-ingest.mjs', url, null, mix, ['projections', periods.month, periods.week]),
              ],
            ]
          : []),
      ];
      return sides.map(([variant, short, target, run]) => ({
        name: `${name}${variant}`,
        short: `POST /v1/events (${mix})${short}`,
        kind: 'ingest',
        ratioTarget: target,
        p99Target: null,
        api: { run },
        baseline,
      }));
    }),
  ];

  if (options.only) {
    const kinds = options.only.split(',');
    rows.splice(0, rows.length, ...rows.filter((row) => kinds.includes(row.kind)));
  }
  if (WARMUP > 0) {
    log(`bench: warm-up, ${WARMUP} s per target`);
    const warmed = new Set();
    for (const row of rows) {
      for (const side of [row.api, row.baseline]) {
        if (!warmed.has(side)) await side.run(WARMUP);
        warmed.add(side);
      }
    }
  }
  for (const row of rows) {
    row.api.rounds = [];
    row.baseline.rounds = [];
  }
  // Rows that share a baseline (a path's or a lookup's API variants) are measured as a group: the
  // baseline once per round, first in odd rounds and last in even ones, and the group's API sides in
  // an order rotated every round, so that a drift in the machine's load, or the database warming up
  // over a round, favours no side.
  const groups = [];
  for (const row of rows) {
    const group = groups.at(-1);
    if (group?.[0].baseline === row.baseline) group.push(row);
    else groups.push([row]);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    log(`bench: round ${round}/${ROUNDS} (load average ${loadAverage().join(' ')})`);
    for (const group of groups) {
      const shift = (round - 1) % group.length;
      const order = [...group.slice(shift), ...group.slice(0, shift)];
      const baseline = group[0].baseline;
      if (round % 2) baseline.rounds.push(await baseline.run(SECONDS));
      for (const row of order) row.api.rounds.push(await row.api.run(SECONDS));
      if (round % 2 === 0) baseline.rounds.push(await baseline.run(SECONDS));
      for (const row of group) {
        const a = row.api.rounds.at(-1);
        const b = baseline.rounds.at(-1);
        log(
          `  ${row.name}: API ${a.rps.toFixed(0)}/s p99 ${a.p99.toFixed(1)} ms, baseline ${b.rps.toFixed(0)}/s ` +
            `p99 ${b.p99.toFixed(1)} ms → ${(a.rps / b.rps).toFixed(2)}×${a.errors + b.errors ? ` (errors: ${a.errors}/${b.errors})` : ''}`,
        );
      }
    }
  }

  const peaks = Object.fromEntries(
    ['api', 'apiRedis', 'apiOff', 'apiOther', 'ingestor', 'ingestorOther']
      .filter((name) => apps[name])
      .map((name) => [name, memoryOf(apps[name].pid)]),
  );
  for (const row of rows) {
    for (const side of [row.api, row.baseline]) {
      side.median = {
        rps: median(side.rounds.map((r) => r.rps)),
        p50: median(side.rounds.map((r) => r.p50)),
        p99: median(side.rounds.map((r) => r.p99)),
        rssMb: side.rounds.some((r) => r.rssMb !== null)
          ? Math.max(...side.rounds.map((r) => r.rssMb ?? 0))
          : null,
        serverCpu: median(side.rounds.map((r) => r.serverCpu)),
        generatorCpu: median(side.rounds.map((r) => r.generatorCpu)),
        errors: side.rounds.reduce((sum, r) => sum + r.errors, 0),
        cacheLoadsPerRequest: measuredMedian(side.rounds, 'cacheLoads', (r) => r.cacheLoads / r.requests),
        gcUsPerRequest: measuredMedian(side.rounds, 'gcSeconds', (r) => (r.gcSeconds * 1e6) / r.requests),
        fullGcs: measuredMedian(side.rounds, 'fullGcs', (r) => r.fullGcs),
      };
    }
    row.ratio = row.api.median.rps / row.baseline.median.rps;
    row.p50Ratio = row.api.median.p50 / row.baseline.median.p50;
    if (row.p99OfBaseline !== undefined) {
      row.p99Target = Math.max(row.p99Target, row.p99OfBaseline * row.baseline.median.p99);
    }
    const failures = [];
    if (row.api.median.errors + row.baseline.median.errors > 0) failures.push('errors');
    if (row.ratioTarget !== null && row.ratio < row.ratioTarget) failures.push('ratio');
    if (row.p99Target !== null && row.api.median.p99 > row.p99Target) failures.push('p99');
    row.targetText =
      row.ratioTarget === null
        ? 'none (extra row)'
        : `≥ ${row.ratioTarget.toFixed(2)}×${row.p99Target !== null ? `, p99 ≤ ${row.p99Target.toFixed(1)} ms` : ''}`;
    row.verdict =
      failures.length > 0 ? `FAIL (${failures.join(', ')})` : row.ratioTarget === null ? '—' : 'PASS';
  }
  const rssRows = [
    ['API peak RSS, limits in-process (VmHWM, whole run)', peaks.api?.hwm, TARGETS.rssMb],
    ['API peak RSS, limits in Redis', peaks.apiRedis?.hwm, TARGETS.rssMb],
    ['API peak RSS, RATE_LIMIT_PUBLIC=0 (extra)', peaks.apiOff?.hwm, null],
    ...(other ? [[`API peak RSS, ${other.name}, limits in-process (extra)`, peaks.apiOther?.hwm, null]] : []),
    ['ingestor peak RSS', peaks.ingestor?.hwm, TARGETS.rssMb],
    ...(other ? [[`ingestor peak RSS, ${other.name} (extra)`, peaks.ingestorOther?.hwm, null]] : []),
  ].map(([name, mb, target]) => ({
    name,
    mb,
    target,
    verdict: target === null ? '—' : mb !== undefined && mb <= target ? 'PASS' : 'FAIL',
  }));

  const finishedAt = new Date();
  machine.loadAverageAtEnd = loadAverage();
  const table = tableRows(rows);
  const rssTable = rssRows.map((r) => [
    r.name,
    r.mb === undefined ? '—' : r.mb.toFixed(0),
    r.target === null ? 'none (extra row)' : `≤ ${r.target} MB`,
    r.verdict,
  ]);
  const cpuTable = rows.map((r) => [
    r.short ?? r.name.split(' (')[0],
    fmtCpu(r.api.median.serverCpu),
    fmtCpu(r.api.median.generatorCpu),
    fmtCpu(r.baseline.median.serverCpu),
    fmtCpu(r.baseline.median.generatorCpu),
    r.api.median.cacheLoadsPerRequest === null ? '—' : r.api.median.cacheLoadsPerRequest.toFixed(4),
    r.api.median.gcUsPerRequest === null
      ? '—'
      : `${r.api.median.gcUsPerRequest.toFixed(1)} µs, ${r.api.median.fullGcs}`,
  ]);
  const machineLine =
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, MariaDB ${machine.mariadb} ` +
    `(buffer pool ${machine.innodbBufferPoolMb} MB), load average ${machine.loadAverageAtStart.join(' ')} at start, ` +
    `${machine.loadAverageAtEnd.join(' ')} at end`;
  const settingsLine =
    `${PLAYERS.toLocaleString('en')} players; ${ROUNDS} rounds × ${SECONDS} s after a ${WARMUP} s warm-up, medians; ` +
    `reads: wrk ${THREADS} threads, ${CONNECTIONS} connections, a random client address per request, the default RATE_LIMIT_PUBLIC behind TRUST_PROXY; ingestion: Node generator (JSON batches shared with the raw ceiling), ${SERVERS.length} servers × 1 connection, batches of ${BATCH}; ` +
    (privateServer
      ? `private MariaDB server (buffer pool ${privateServer.bufferPool})`
      : `database ${server.host}:${server.port} (DATABASE_URL or the local server)`) +
    (process.env.NODE_OPTIONS ? `; the apps' NODE_OPTIONS: ${process.env.NODE_OPTIONS}` : '');
  const summary = [
    '',
    `craftstats bench — ${finishedAt.toISOString()}`,
    machineLine,
    settingsLine,
    '',
    textTable(HEADER, table),
    '',
    textTable(['memory', 'MB', 'target', 'verdict'], rssTable),
    '',
    'ratio = API req/s ÷ baseline req/s (ingestion: events/s). RSS columns: peak sampled VmRSS during the row.',
    '',
    textTable(CPU_HEADER, cpuTable),
    'A generator well below 100 % of a core is not what limits its row; ingestion baseline: the raw process itself.',
  ].join('\n');
  process.stdout.write(`${summary}\n`);

  mkdirSync(options.out, { recursive: true });
  const stamp = finishedAt.toISOString().slice(0, 16).replace(':', '') + 'Z';
  const base = path.join(options.out, stamp);
  const json = {
    date: finishedAt.toISOString(),
    startedAt: startedAt.toISOString(),
    machine,
    settings: {
      players: PLAYERS,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP,
      connections: CONNECTIONS,
      threads: THREADS,
      batch: BATCH,
      privateServer: privateServer ? { bufferPool: privateServer.bufferPool } : null,
    },
    generators: {
      reads: `wrk (${wrk}), ${THREADS} threads, ${CONNECTIONS} connections, tools/bench/lua/reads.lua (random X-Forwarded-For per request)`,
      ingestion: `Node generator tools/bench/ingest-load.mjs, ${SERVERS.length} servers × 1 keep-alive connection; mixes: tools/bench/lib/events.mjs`,
    },
    dataset,
    targets: TARGETS,
    rows: rows.map((row) => ({
      name: row.name,
      kind: row.kind,
      bytes: row.bytes,
      api: { median: row.api.median, rounds: row.api.rounds },
      baseline: { label: row.baseline.label, median: row.baseline.median, rounds: row.baseline.rounds },
      ratio: row.ratio,
      roundRatios: row.api.rounds.map((r, i) => r.rps / row.baseline.rounds[i].rps),
      p50Ratio: row.p50Ratio,
      target: row.targetText,
      verdict: row.verdict,
    })),
    memory: rssRows,
  };
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(
    `${base}.md`,
    [
      `# craftstats bench, ${finishedAt.toISOString()}`,
      '',
      `Machine: ${machineLine}.`,
      '',
      `Settings: ${settingsLine}. Data set: ${Object.entries(dataset.counts)
        .map(([t, c]) => `${t} ${c.toLocaleString('en')}`)
        .join(
          ', ',
        )}${dataset.reused ? ' (reused, --keep)' : `, loaded in ${dataset.loadSeconds.toFixed(0)} s`}.`,
      '',
      markdownTable(HEADER, table),
      '',
      markdownTable(['memory', 'MB', 'target', 'verdict'], rssTable),
      '',
      markdownTable(CPU_HEADER, cpuTable),
      '',
      'ratio = API req/s ÷ baseline req/s (ingestion: events/s); p50/p99 in ms (ingestion: per batch); RSS: peak sampled VmRSS of the server during the row. How to read it: docs/performance.md.',
      '',
    ].join('\n'),
  );
  log(`bench: wrote ${path.relative(process.cwd(), base)}.json and .md`);
}

/**
 * The Redis rows mean something only if that API shares its counts: a client that has used 1/64 of its
 * limit there (from then on its hits are sent, ADR 0080) must have its count in Redis within a few
 * flushes.
 */
async function checkRedisCounting(port) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `the Redis rows need a Redis server (REDIS_URL, default redis://127.0.0.1:6379): ${error.message}`,
    );
  }
  try {
    // Three tries from three addresses: the hits of a try can straddle the end of a one-minute window,
    // which leaves fewer than 1/64 of the limit in each window and so nothing to send.
    for (let attempt = 0; attempt < 3; attempt++) {
      for (let sent = 0, sharedFrom = 1; sent < sharedFrom; sent++) {
        const response = await fetch(`http://127.0.0.1:${port}${CACHED_PATHS[0]}`, {
          headers: { 'x-forwarded-for': `203.0.113.${9 + attempt}` },
        });
        await response.arrayBuffer();
        sharedFrom = Math.max(1, Math.floor(Number(response.headers.get('ratelimit-limit')) / 64));
      }
      for (let poll = 0; poll < 30; poll++) {
        if ((await redis.keys(`craftstats-bench-${runId}:*`)).length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error('the API with REDIS_URL wrote no rate-limit counts to Redis in three tries of 3 s');
  } finally {
    redis.disconnect();
  }
}

/** The Redis rows' counters expire by themselves after two windows; the bench leaves none behind. */
async function removeRedisCounts() {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    const keys = await redis.keys(`craftstats-bench-${runId}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } catch {
    // Unreachable Redis: nothing was written there.
  } finally {
    redis.disconnect();
  }
}

const CPU_HEADER = [
  'CPU, share of one core (medians)',
  'API',
  'its generator',
  'baseline',
  'its generator',
  'API database loads per request',
  'API GC per request, full GCs per round',
];
/** The median of `value` over the rounds, or null when a round lacks `field` (only API sides have it). */
const measuredMedian = (rounds, field, value) =>
  rounds.every((r) => typeof r[field] === 'number') ? median(rounds.map(value)) : null;
const fmtCpu = (share) => (share === null || share === undefined ? '—' : `${(share * 100).toFixed(0)}%`);

/** Headers that belong to the connection or the body, not to what an answer says: Node sets them. */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'date', 'content-length', 'content-type']);

/** The headers the server on `port` answers `path` with, transport headers left out. */
async function answerHeadersOf(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

/**
 * The raw profile server must answer exactly what the API answers, or its ceiling means nothing; with
 * `sameHeaders`, under the same header names too.
 */
async function checkSameProfiles(apiPort, rawPort, name, sameHeaders = false) {
  const samples = [1, 2, 3, 4, Math.floor(PLAYERS / 2), PLAYERS - 1, PLAYERS];
  for (const n of samples) {
    for (const p of [`/player/${nickOf(n)}`, `/player/uuid/${uuidOf(n)}`]) {
      const [fromApi, fromRaw] = await Promise.all(
        [apiPort, rawPort].map(async (port) => (await fetch(`http://127.0.0.1:${port}${p}`)).json()),
      );
      if (!isDeepStrictEqual(fromApi, fromRaw)) {
        throw new Error(
          `${name} answers ${p} differently from the API:\nAPI ${JSON.stringify(fromApi)}\nraw ${JSON.stringify(fromRaw)}`,
        );
      }
      if (sameHeaders) {
        const [apiNames, rawNames] = await Promise.all(
          [apiPort, rawPort].map(async (port) => Object.keys(await answerHeadersOf(port, p)).sort()),
        );
        if (!isDeepStrictEqual(apiNames, rawNames)) {
          throw new Error(`${name} answers ${p} with other headers than the API: ${apiNames} / ${rawNames}`);
        }
      }
    }
  }
  log(
    `bench: ${name.toLowerCase()} answers the same JSON as the API (${samples.length * 2} profiles compared${sameHeaders ? ', with the same header names' : ''})`,
  );
}

/** Stops what the run started and removes what it made; once, whether it ended, failed or was interrupted. */
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await stopAll();
    await removeRedisCounts();
    rmSync(tmp, { recursive: true, force: true });
    if (privateServer) privateServer.remove();
    else if (!options.keep) {
      await dropDatabase(server).catch((error) => log(`could not drop ${server.database}: ${error.message}`));
    }
  })();
  return cleaning;
}
// Ctrl-C (or a kill) mid-run: the apps, the servers and the private MariaDB go too, not only this process.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    log(`bench: ${signal}, stopping what it started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  // Interrupted, what fails next is only the run being stopped.
  if (!interrupted) log(`bench failed: ${error.stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
