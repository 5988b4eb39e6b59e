#!/usr/bin/env node
// The ingestion load generator of the benchmark (its own process): 4 game servers, each with its own
// token and one keep-alive connection, POST batches of --batch events to the ingestor's /v1/events
// back to back for --seconds. A Node generator rather than wrk: the batches are JSON documents of
// hundreds of events with unique ids and rising dates, which this shares with the raw ceiling
// (raw-ingest.mjs), and at tens of requests per second its own CPU use is small (it is reported).
// Prints one line "BENCHJSON {...}".
//   node tools/bench/ingest-load.mjs <port> <players> <batch> <seconds> <runId> <mixed|level> <fromDate ms>
import http from 'node:http';
import { printLoadResult } from './lib/load-result.mjs';
import { SERVERS, sourceOf, tokenOf } from './lib/events.mjs';

const [port, players, batch, seconds, runId, mix, fromDate] = process.argv.slice(2);
const size = Number(batch);
const cpuStart = process.cpuUsage();
const started = performance.now();
const deadline = started + Number(seconds) * 1000;
const latencies = [];
let accepted = 0;
let failures = 0;
let firstFailure = null;

function post(agent, token, body) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/v1/events',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    req.end(body);
  });
}

async function server(index) {
  const source = sourceOf(mix, index, Number(players), runId, Number(fromDate));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const token = tokenOf(source.server);
  while (performance.now() < deadline) {
    const body = JSON.stringify({ events: source.next(size) });
    const t0 = performance.now();
    const { status, text } = await post(agent, token, body);
    latencies.push(performance.now() - t0);
    const answer = status === 200 ? JSON.parse(text) : null;
    if (answer && answer.accepted === size && answer.rejected.length === 0) accepted += size;
    else {
      failures++;
      firstFailure ??= `${status} ${text.slice(0, 300)}`;
    }
  }
  agent.destroy();
  return source.lastDate();
}

const lastDates = await Promise.all(SERVERS.map((_s, i) => server(i)));
printLoadResult({ accepted, latencies, failures, firstFailure, started, cpuStart, lastDates });
