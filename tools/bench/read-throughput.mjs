#!/usr/bin/env node
// Benchmark of the public read path, printed side by side with a baseline:
//   baseline   bare node:http answering the same bytes, in its own process (the ceiling on this machine)
//   cached     GET /economy/leaderboard/craftcoins through the API (micro-cache of pre-serialized bytes)
//   uncached   GET /player/:nick over many different nicks (every request misses the cache: one query)
// Usage: npm run bench [-- --seconds 5 --connections 16 --players 5000]
// Starts the built API and ingestor on a temporary SQLite database, seeds players through the ingest
// client, loads each target for the given time from this process, and prints req/s, latency
// percentiles, ratios to the baseline and how many database queries the cached target caused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithNx } from '../build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 16);
const PLAYERS = arg('players', 5000);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-bench-'));
const token = 'bench-token-0123456789';
const children = [];

function start(app, port, env) {
  const entry = path.join(root, 'dist/apps', app, `apps/${app}/src/main.js`);
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${app} did not start`)), 20_000);
    const poll = setInterval(() => {
      http
        .get(`http://127.0.0.1:${port}/health`, (res) => {
          res.resume();
          if (res.statusCode === 200) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve();
          }
        })
        .on('error', () => undefined);
    }, 100);
  });
}

async function load(port, pathFor) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = process.hrtime.bigint();
      const status = await new Promise((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: pathFor(n++), agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          })
          .on('error', () => resolve(0));
      });
      if (status !== 200) errors++;
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: pct(50), p99: pct(99), errors };
}

async function metric(port, name) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.split(' ').pop()) : 0;
}

try {
  await buildWithNx(['api', 'log-ingestor']);
  const db = `sqlite:${path.join(tmp, 'bench.sqlite')}`;
  await start('log-ingestor', 3301, {
    DATABASE_URL: db,
    INGEST_PORT: '3301',
    INGEST_TOKENS: `bench:${token}`,
  });
  await start('api', 3300, { DATABASE_URL: db, API_PORT: '3300', RATE_LIMIT_PUBLIC: '0' });

  const { createIngestClient } = createRequire(import.meta.url)(
    path.join(root, 'dist/apps/api/libs/contracts/src/index.js'),
  );
  const ingest = createIngestClient({ baseUrl: 'http://127.0.0.1:3301', token });
  const nicks = Array.from({ length: PLAYERS }, (_, i) => `Hrac_${i}`);
  const events = nicks.map((nick, i) => ({
    id: `seed-${i}`,
    action: 'ECONOMY_CRAFTCOINS_ADD',
    uuid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    nick,
    old_value: '0',
    new_value: String((i * 7919) % 100_000),
  }));
  const seeded = await ingest.send(events);
  const body = await (await fetch('http://127.0.0.1:3300/economy/leaderboard/craftcoins')).text();

  // The baseline runs in its own process, like the API, so neither shares a core with the load generator.
  const bodyFile = path.join(tmp, 'body.json');
  writeFileSync(bodyFile, body);
  const baselineScript = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    require('node:http').createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    }).listen(3302, '127.0.0.1');`;
  const baseline = spawn(process.execPath, ['-e', baselineScript], { stdio: 'ignore' });
  children.push(baseline);
  await new Promise((resolve) => setTimeout(resolve, 500));

  const loadsBefore = await metric(3300, 'read_cache_loads_total{cache="leaderboards"');
  const results = {
    baseline: await load(3302, () => '/'),
    cached: await load(3300, () => '/economy/leaderboard/craftcoins'),
    uncached: await load(3300, (n) => `/player/${nicks[(n * 7) % nicks.length]}`),
  };
  const loadsCached = (await metric(3300, 'read_cache_loads_total{cache="leaderboards"')) - loadsBefore;

  const out = [
    `read throughput — ${SECONDS} s per target, ${CONNECTIONS} keep-alive connections, ${seeded.accepted} players, body ${body.length} bytes`,
    '',
    'target     req/s     p50 ms   p99 ms   errors   × baseline',
  ];
  for (const [name, r] of Object.entries(results)) {
    out.push(
      `${name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)}   ${r.p50.toFixed(2).padStart(6)}   ${r.p99.toFixed(2).padStart(6)}   ${String(r.errors).padStart(6)}   ${(r.rps / results.baseline.rps).toFixed(2).padStart(9)}`,
    );
  }
  out.push(
    '',
    `cached target: ${Math.round(results.cached.rps * SECONDS)} answers in ${SECONDS} s from ${loadsCached} leaderboard queries`,
    `(read_cache_loads_total): the database work follows the 2 s TTL, not the request rate.`,
    `uncached / cached throughput = ${(results.uncached.rps / results.cached.rps).toFixed(2)}.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
