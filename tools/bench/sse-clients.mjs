#!/usr/bin/env node
// How many concurrent log-stream (SSE) clients one API instance holds, at what memory and delivery
// latency. Usage: npm run bench:sse [-- --clients 5000 --events 20 --interval 500]
// Starts the built API and ingestor on a temporary SQLite database, opens --clients streams of
// GET /economy/log/stream from this process (one socket each), then posts --events economy events one
// by one through the ingest client. A message's latency is its arrival at a client minus the moment
// its ingest request was *sent* (an upper bound of "after the commit"). Prints the API's RSS before and
// with the clients, and the latency percentiles over every (client, event) delivery.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../build.mjs';
import { freePorts } from '../ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg('clients', 5000);
const EVENTS = arg('events', 20);
const INTERVAL_MS = arg('interval', 500);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-sse-bench-'));
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${app} did not start`)), 30_000);
    const poll = setInterval(() => {
      http
        .get(`http://127.0.0.1:${port}/health`, (res) => {
          res.resume();
          if (res.statusCode === 200) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(child);
          }
        })
        .on('error', () => undefined);
    }, 100);
  });
}

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) / 1024;
};

/** One stream: records the arrival time of each message id (a cheap scan, no JSON parsing). */
function openClient(port, arrivals) {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: false });
    const req = http.get({ host: '127.0.0.1', port, path: '/economy/log/stream', agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const now = performance.now();
        for (const match of chunk.matchAll(/"new_value":"(\d+)"/g)) arrivals.push([Number(match[1]), now]);
      });
      resolve(req);
    });
    req.on('error', reject);
  });
}

try {
  await buildApp('api');
  await buildApp('log-ingestor');
  const [apiPort, ingestPort] = await freePorts(2);
  const db = `sqlite:${path.join(tmp, 'bench.sqlite')}`;
  await start('log-ingestor', ingestPort, {
    DATABASE_URL: db,
    INGEST_PORT: String(ingestPort),
    INGEST_TOKENS: `bench:${token}`,
  });
  const api = await start('api', apiPort, {
    DATABASE_URL: db,
    API_PORT: String(apiPort),
    RATE_LIMIT_PUBLIC: '0',
    SSE_MAX_PER_CLIENT: String(CLIENTS + 10),
  });
  const { createIngestClient } = createRequire(import.meta.url)(
    path.join(root, 'dist/apps/api/libs/contracts/src/index.js'),
  );
  const ingest = createIngestClient({ baseUrl: `http://127.0.0.1:${ingestPort}`, token });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssIdle = rssMb(api.pid);

  const arrivals = [];
  const requests = [];
  const connectStart = performance.now();
  for (let i = 0; i < CLIENTS; i += 200) {
    const batch = Math.min(200, CLIENTS - i);
    requests.push(...(await Promise.all(Array.from({ length: batch }, () => openClient(apiPort, arrivals)))));
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssConnected = rssMb(api.pid);

  const sentAt = new Map();
  const answeredAt = new Map();
  for (let e = 0; e < EVENTS; e++) {
    const value = 1_000_000 + e;
    sentAt.set(value, performance.now());
    await ingest.send([
      {
        id: `sse-bench-${e}`,
        action: 'ECONOMY_CRAFTCOINS_ADD',
        uuid: '00000000-0000-4000-8000-000000000001',
        nick: 'Bench_Hrac',
        old_value: '0',
        new_value: String(value),
      },
    ]);
    answeredAt.set(value, performance.now());
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssAfter = rssMb(api.pid);

  const latencies = arrivals.filter(([v]) => sentAt.has(v)).map(([v, t]) => t - sentAt.get(v));
  latencies.sort((a, b) => a - b);
  const afterCommit = arrivals
    .filter(([v]) => answeredAt.has(v))
    .map(([v, t]) => Math.max(0, t - answeredAt.get(v)))
    .sort((a, b) => a - b);
  const pctOf = (list, p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
  const ingestMs = [...sentAt.keys()].map((v) => answeredAt.get(v) - sentAt.get(v)).sort((a, b) => a - b);
  const expected = CLIENTS * EVENTS;
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const out = [
    `SSE clients — ${CLIENTS} streams of /economy/log/stream on one API instance (SQLite), ${EVENTS} events every ${INTERVAL_MS} ms`,
    `connected in ${connectSeconds.toFixed(1)} s; deliveries ${latencies.length} of ${expected}`,
    `API RSS: ${rssIdle.toFixed(0)} MB idle, ${rssConnected.toFixed(0)} MB with the clients, ${rssAfter.toFixed(0)} MB after the events` +
      ` (≈ ${(((rssConnected - rssIdle) * 1024) / CLIENTS).toFixed(1)} KB per client)`,
    `delivery latency from the ingest request (ms): p50 ${pct(50).toFixed(0)}, p90 ${pct(90).toFixed(0)}, p99 ${pct(99).toFixed(0)}, max ${latencies.at(-1)?.toFixed(0)}`,
    `delivery latency from the ingest answer (after the commit, ms): p50 ${pctOf(afterCommit, 50).toFixed(0)}, p90 ${pctOf(afterCommit, 90).toFixed(0)}, p99 ${pctOf(afterCommit, 99).toFixed(0)}`,
    `ingest request itself (ms): p50 ${pctOf(ingestMs, 50).toFixed(0)}, max ${ingestMs.at(-1)?.toFixed(0)}`,
    `machine: ${os.cpus().length} CPU shared with the load generator (and other work), load average ${os.loadavg()[0].toFixed(1)}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  for (const req of requests) req.destroy();
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
