#!/usr/bin/env node
// The raw ingestion ceiling of the benchmark (its own process): the same events as ingest-load.mjs
// (lib/events.mjs), written straight with mysql2 over 4 connections, one per game server: per batch
// one transaction with one multi-row economy_log INSERT and one players INSERT … ON DUPLICATE KEY
// UPDATE of the level columns. No HTTP, no validation, no idempotency claim (processed_events), no
// locking read, no projection: what the database costs at least for the rows the events leave.
// Prints one line "BENCHJSON {...}".
//   node tools/bench/raw-ingest.mjs <mysql url> <players> <batch> <seconds> <runId>
import { createRequire } from 'node:module';
import { SERVERS, batchSource } from './lib/events.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');
const [url, players, batch, seconds, runId] = process.argv.slice(2);
const size = Number(batch);
const pool = mysql.createPool({ uri: url, connectionLimit: SERVERS.length });
const cpuStart = process.cpuUsage();
const started = performance.now();
const deadline = started + Number(seconds) * 1000;
const latencies = [];
let accepted = 0;
let failures = 0;
let firstFailure = null;

async function server(index) {
  const source = batchSource(index, Number(players), runId);
  const connection = await pool.getConnection();
  try {
    while (performance.now() < deadline) {
      const events = source.next(size);
      const receivedAt = Date.now();
      const t0 = performance.now();
      try {
        await connection.beginTransaction();
        await connection.query(
          'INSERT INTO economy_log (event_id, source, action, uuid, nick, sender, server, old_value, new_value, date, is_public, details, received_at) VALUES ?',
          [
            events.map((e) => [
              e.id,
              source.server,
              e.action,
              e.uuid,
              e.nick,
              e.server,
              e.server,
              '0',
              '0',
              e.date,
              0,
              JSON.stringify({ mode: e.mode, level: e.level, experience: e.experience }),
              receivedAt,
            ]),
          ],
        );
        await connection.query(
          `INSERT INTO players (uuid, nick, nick_lower, discriminator, created_at, survival_level, survival_experience,
             last_event_date, last_event_id, last_event_source) VALUES ?
           ON DUPLICATE KEY UPDATE survival_level = VALUES(survival_level), survival_experience = VALUES(survival_experience),
             last_event_date = VALUES(last_event_date), last_event_id = VALUES(last_event_id), last_event_source = VALUES(last_event_source)`,
          [
            events.map((e) => [
              e.uuid,
              e.nick,
              e.nick.toLowerCase(),
              '0000',
              receivedAt,
              e.level,
              e.experience,
              e.date,
              e.id,
              source.server,
            ]),
          ],
        );
        await connection.commit();
        accepted += size;
      } catch (error) {
        await connection.rollback().catch(() => undefined);
        failures++;
        firstFailure ??= String(error.message);
      }
      latencies.push(performance.now() - t0);
    }
  } finally {
    connection.release();
  }
}

await Promise.all(SERVERS.map((_s, i) => server(i)));
await pool.end();
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
process.stdout.write(
  `BENCHJSON ${JSON.stringify({
    events: accepted,
    batches: latencies.length,
    seconds: elapsed,
    rps: accepted / elapsed,
    p50: pct(50),
    p99: pct(99),
    errors: failures,
    firstFailure,
    generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
  })}\n`,
);
