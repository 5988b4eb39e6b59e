#!/usr/bin/env node
// `npm run soak [-- --minutes 10]`: both apps as their own processes under a steady mixed load —
// public reads at a fixed rate (open loop: requests are sent on schedule, not after the previous
// answer) and ingestion of event batches — for the given time. Every 10 s it samples each process's
// RSS and the p99 latency of that interval; at the end it writes docs/soak/report.md and
// docs/soak/soak.svg and exits 1 on any error or when memory is not flat. Not part of CI.
//
// Database: DATABASE_URL when set (an empty MySQL/MariaDB database you created), else a fresh SQLite
// file in a temp directory. Rates: SOAK_READS_PER_SECOND (default 40), SOAK_EVENTS_PER_SECOND
// (default 50, in batches of 50).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const minutes = Number(arg('minutes', '10'));
const readsPerSecond = Number(process.env.SOAK_READS_PER_SECOND ?? 40);
const eventsPerSecond = Number(process.env.SOAK_EVENTS_PER_SECOND ?? 50);
const BATCH = 50;
const SAMPLE_MS = 10_000;
const TOKEN = 'soak-server-token-0123456789';
const outDir = path.join(root, 'docs/soak');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function start(app, env) {
  const child = spawn(process.execPath, [path.join(root, 'dist/apps', app, `apps/${app}/src/main.js`)], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return { child, output: () => output };
}

async function waitReady(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become ready`);
}

function p99(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

function svgChart(samples) {
  const W = 720;
  const H = 220;
  const pad = 40;
  const t = samples.map((s) => s.t);
  const tMax = Math.max(...t, 1);
  const line = (values, max, color) => {
    const pts = samples
      .map((s, i) => `${pad + (s.t / tMax) * (W - 2 * pad)},${H - pad - (values[i] / max) * (H - 2 * pad)}`)
      .join(' ');
    return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts}"/>`;
  };
  const panel = (title, series, unit, y0) => {
    const max = Math.max(1, ...series.flatMap((s) => s.values)) * 1.2;
    const legend = series
      .map(
        (s, i) =>
          `<text x="${pad + 10 + i * 170}" y="${18}" fill="${s.color}" font-size="12">${s.name}</text>`,
      )
      .join('');
    return `<g transform="translate(0,${y0})">
  <text x="${pad}" y="${H - 8}" font-size="11" fill="#555">0 s</text>
  <text x="${W - pad - 40}" y="${H - 8}" font-size="11" fill="#555">${Math.round(tMax)} s</text>
  <text x="4" y="${pad}" font-size="11" fill="#555">${max.toFixed(0)} ${unit}</text>
  <text x="4" y="${H - pad}" font-size="11" fill="#555">0</text>
  <text x="${W / 2 - 60}" y="34" font-size="13" font-weight="bold">${title}</text>
  <rect x="${pad}" y="${pad}" width="${W - 2 * pad}" height="${H - 2 * pad}" fill="none" stroke="#ccc"/>
  ${series.map((s) => line(s.values, max, s.color)).join('\n  ')}
  ${legend}
</g>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${2 * H}" font-family="sans-serif">
${panel(
  'RSS over time',
  [
    { name: 'api RSS (MiB)', values: samples.map((s) => s.apiRss), color: '#1f77b4' },
    { name: 'ingestor RSS (MiB)', values: samples.map((s) => s.ingestorRss), color: '#ff7f0e' },
  ],
  'MiB',
  0,
)}
${panel(
  'p99 latency per 10 s',
  [
    { name: 'reads p99 (ms)', values: samples.map((s) => s.readP99), color: '#2ca02c' },
    { name: 'ingest p99 (ms)', values: samples.map((s) => s.ingestP99), color: '#d62728' },
  ],
  'ms',
  H,
)}
</svg>
`;
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'tools/build.mjs')], { cwd: root, stdio: 'inherit' });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'craftstats-soak-'));
  const databaseUrl = process.env.DATABASE_URL ?? `sqlite:${path.join(temp, 'soak.sqlite')}`;
  const [apiPort, ingestPort] = await freePorts(2);
  const common = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123',
    RATE_LIMIT_PUBLIC: '0',
    SIMULATOR: 'off',
  };
  const ingestor = start('log-ingestor', {
    ...common,
    INGEST_PORT: String(ingestPort),
    INGEST_TOKENS: `soak:${TOKEN}`,
  });
  const ingestUrl = `http://127.0.0.1:${ingestPort}`;
  await waitReady(ingestUrl);
  const api = start('api', { ...common, API_PORT: String(apiPort) });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitReady(apiUrl);

  const reads = [
    '/economy/leaderboard/craftcoins',
    '/economy/leaderboard/total-votes',
    '/economy/leaderboard/month-votes',
    '/economy/log',
    '/achievements/log',
    '/server/uniqueplayers',
    '/server/stafflist',
  ];
  const players = 500;
  let seq = 0;
  const errors = [];
  let current = { read: [], ingest: [] };
  let totals = { reads: 0, events: 0 };
  const uuid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

  const timed = async (kind, fn) => {
    const t0 = performance.now();
    try {
      await fn();
    } catch (error) {
      errors.push(`${kind}: ${error.message}`);
    }
    current[kind].push(performance.now() - t0);
  };
  const read = (i) =>
    timed('read', async () => {
      const p = i % 10 === 0 ? `/player/soak_${i % players}` : reads[i % reads.length];
      const res = await fetch(`${apiUrl}${p}`);
      await res.arrayBuffer();
      if (res.status !== 200 && !(res.status === 404 && p.startsWith('/player/')))
        throw new Error(`${p} ${res.status}`);
      totals.reads++;
    });
  const ingest = () =>
    timed('ingest', async () => {
      const now = Date.now();
      const events = Array.from({ length: BATCH }, () => {
        const n = seq++;
        const p = n % players;
        const base = { id: `soak-${process.pid}-${n}`, uuid: uuid(p + 1), nick: `soak_${p}`, date: now };
        if (n < players) return { ...base, action: 'ECONOMY_REGISTER' };
        return n % 3 === 0
          ? { ...base, action: 'PLAYER_VOTE', site: 'craftlist.org' }
          : { ...base, action: 'ECONOMY_CRAFTCOINS_ADD', old_value: '0', new_value: String(n % 100000) };
      });
      const res = await fetch(`${ingestUrl}/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
      const body = await res.json();
      if (res.status !== 200 || body.accepted !== BATCH)
        throw new Error(`ingest ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      totals.events += BATCH;
    });

  const started = Date.now();
  const endAt = started + minutes * 60_000;
  const samples = [];
  const pending = new Set();
  const fire = (p) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  let r = 0;
  const readTimer = setInterval(() => fire(read(r++)), 1000 / readsPerSecond);
  const ingestTimer = setInterval(() => fire(ingest()), (1000 * BATCH) / eventsPerSecond);
  const sampler = setInterval(() => {
    const s = {
      t: (Date.now() - started) / 1000,
      apiRss: rssMiB(api.child.pid),
      ingestorRss: rssMiB(ingestor.child.pid),
      readP99: p99(current.read),
      ingestP99: p99(current.ingest),
      reads: current.read.length,
      batches: current.ingest.length,
    };
    samples.push(s);
    current = { read: [], ingest: [] };
    process.stdout.write(
      `${s.t.toFixed(0)} s  rss api ${s.apiRss.toFixed(0)} MiB, ingestor ${s.ingestorRss.toFixed(0)} MiB  p99 read ${s.readP99.toFixed(1)} ms, ingest ${s.ingestP99.toFixed(1)} ms  errors ${errors.length}\n`,
    );
  }, SAMPLE_MS);
  while (Date.now() < endAt) await sleep(500);
  clearInterval(readTimer);
  clearInterval(ingestTimer);
  await Promise.all(pending);
  clearInterval(sampler);

  for (const app of [api, ingestor]) {
    const exited = new Promise((resolve) => app.child.once('exit', (code) => resolve(code)));
    app.child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) errors.push(`exit code ${code}`);
  }
  rmSync(temp, { recursive: true, force: true });

  // Flat memory: after the first minute of warm-up, the last third's mean RSS is within 15% of the
  // second third's (a leak grows steadily; a healthy heap saws around a level).
  const third = (xs, k) => xs.slice(Math.floor((k * xs.length) / 3), Math.floor(((k + 1) * xs.length) / 3));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const warm = samples.filter((s) => s.t > 60);
  const growth = (key) =>
    mean(third(warm, 2).map((s) => s[key])) / mean(third(warm, 1).map((s) => s[key])) - 1;
  const flat = { api: growth('apiRss'), ingestor: growth('ingestorRss') };
  const memoryFlat = Math.abs(flat.api) < 0.15 && Math.abs(flat.ingestor) < 0.15;
  const ok = errors.length === 0 && memoryFlat;

  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'soak.svg'), svgChart(samples));
  const rows = samples
    .map(
      (s) =>
        `| ${s.t.toFixed(0)} | ${s.apiRss.toFixed(0)} | ${s.ingestorRss.toFixed(0)} | ${s.readP99.toFixed(1)} | ${s.ingestP99.toFixed(1)} | ${s.reads} | ${s.batches} |`,
    )
    .join('\n');
  const report = `# Soak report

\`npm run soak -- --minutes ${minutes}\`, ${new Date(started).toISOString()}: ${readsPerSecond} public reads/s
and ${eventsPerSecond} events/s (batches of ${BATCH}) for ${minutes} minutes against ${databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'MySQL/MariaDB'},
both apps as their own processes (\`NODE_ENV=production\`). Machine: ${os.cpus().length} CPU cores
(${os.cpus()[0]?.model ?? 'unknown'}), load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} — shared with other work.

- Result: **${ok ? 'PASS' : 'FAIL'}** — ${errors.length} errors; ${totals.reads} reads, ${totals.events} events stored.
- Memory (mean RSS of the last third vs the middle third, after a minute of warm-up): api ${(flat.api * 100).toFixed(1)} %,
  ingestor ${(flat.ingestor * 100).toFixed(1)} % (flat = within ±15 %).
${
  errors.length > 0
    ? `- First errors:\n${errors
        .slice(0, 10)
        .map((e) => `  - ${e}`)
        .join('\n')}\n`
    : ''
}
![RSS and p99 over time](soak.svg)

| t (s) | api RSS (MiB) | ingestor RSS (MiB) | read p99 (ms) | ingest p99 (ms) | reads | batches |
| ----- | ------------- | ------------------ | ------------- | --------------- | ----- | ------- |
${rows}
`;
  writeFileSync(path.join(outDir, 'report.md'), report);
  process.stdout.write(`\n${ok ? 'PASS' : 'FAIL'}: report in docs/soak/report.md\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
