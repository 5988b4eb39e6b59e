#!/usr/bin/env node
// The raw ingestion ceiling of the benchmark (its own process): the same events as ingest-load.mjs
// (lib/events.mjs, same mix and generator), written straight with mysql2 over 4 connections, one per
// game server, as docs/performance.md defines it: per batch one transaction with one multi-row log INSERT of all
// events (economy_log; the achievements into achievement_log, as the ingestor stores them) and one
// players INSERT … ON DUPLICATE KEY UPDATE with one row per player of the batch (level of the server's
// mode, online state, last server and login, votes total and last vote, registration date, last event).
// No HTTP, no validation, no deduplication beyond the log's own unique key, no locking read, no
// projection into player_balances or vote_counts: what the database costs at least for the rows the
// events leave in the log and the players table. Prints one line "BENCHJSON {...}".
// With `projections` (the bench's extra row) it also writes what the ingestor's projections write
// beside that, the same way, and nothing else: the players' ids read with a locking read, one
// player_balances upsert (a row per player and currency changed) and one vote_counts upsert (all-time,
// month and week per voter) — the floor of the current schema, to tell the ingestor's own overhead
// from the cost of the rows it has to write (docs/performance.md).
//   node tools/bench/raw-ingest.mjs <mysql url> <players> <batch> <seconds> <runId> <mixed|level> <fromDate ms>
//       [projections <month key> <week key>]
import { createRequire } from 'node:module';
import { printLoadResult } from './lib/load-result.mjs';
import { SERVERS, sourceOf } from './lib/events.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');
const [url, players, batch, seconds, runId, mix, fromDate, projections, monthKey, weekKey] =
  process.argv.slice(2);
const size = Number(batch);
const pool = mysql.createPool({ uri: url, connectionLimit: SERVERS.length });
const cpuStart = process.cpuUsage();
const started = performance.now();
const deadline = started + Number(seconds) * 1000;
const latencies = [];
let accepted = 0;
let failures = 0;
let firstFailure = null;

/** The economy_log details column, as the ingestor writes it (libs/persistence event.details.ts). */
function details(e) {
  switch (e.action) {
    case 'PLAYER_VOTE':
      return JSON.stringify({ site: e.site });
    case 'PLAYER_JOIN':
      return JSON.stringify({ mc_version: e.mc_version });
    case 'PLAYER_UPDATE_LEVEL':
      return JSON.stringify({ mode: e.mode, level: e.level, experience: e.experience });
    default:
      return null;
  }
}

/**
 * One players row per player of the batch, its events folded in date order. -1 (and '') mark "not in
 * this batch" for an existing player, so that the upsert keeps the stored value; a new player (one
 * with ECONOMY_REGISTER) gets the defaults.
 */
function playerRows(events, server, receivedAt) {
  const rows = new Map();
  for (const e of events) {
    let row = rows.get(e.uuid);
    if (row === undefined) {
      row = {
        uuid: e.uuid,
        nick: e.nick,
        isNew: false,
        registred: 0,
        level: -1,
        experience: -1,
        online: -1,
        lastOnline: 0,
        lastServer: '',
        votes: 0,
        lastVote: 0,
      };
      rows.set(e.uuid, row);
    }
    switch (e.action) {
      case 'ECONOMY_REGISTER':
        row.isNew = true;
        row.registred = e.date;
        break;
      case 'PLAYER_UPDATE_LEVEL':
        row.level = e.level;
        row.experience = e.experience;
        break;
      case 'PLAYER_JOIN':
        row.online = 1;
        row.lastOnline = e.date;
        row.lastServer = e.server;
        break;
      case 'PLAYER_QUIT':
        row.online = 0;
        row.lastOnline = e.date;
        break;
      case 'PLAYER_VOTE':
        row.votes++;
        row.lastVote = e.date;
        break;
      default:
        break;
    }
    row.lastEventDate = e.date;
    row.lastEventId = e.id;
  }
  return [...rows.values()].map((r) => [
    r.uuid,
    r.nick,
    r.nick.toLowerCase(),
    '0000',
    receivedAt,
    r.registred,
    r.isNew && r.level < 0 ? 0 : r.level,
    r.isNew && r.experience < 0 ? 0 : r.experience,
    r.isNew && r.online < 0 ? 0 : r.online,
    r.lastOnline,
    r.lastServer,
    r.votes,
    r.lastVote,
    r.lastEventDate,
    r.lastEventId,
    server,
  ]);
}

const BALANCE_ACTION = /^ECONOMY_([A-Z]+)_(ADD|TAKE|RESET)$/;

/**
 * The projections' rows of a batch (with `projections`): after a locking read of the players' ids, one
 * balances upsert and one vote counters upsert, each in (player id, key) order as the ingestor writes
 * them (libs/persistence projection.writer.ts), with the columns it sets.
 */
async function writeProjections(connection, events) {
  const uuids = [...new Set(events.map((e) => e.uuid))].sort();
  const [ids] = await connection.query(
    'SELECT id, uuid FROM players WHERE uuid IN (?) ORDER BY uuid FOR UPDATE',
    [uuids],
  );
  const idOf = new Map(ids.map((r) => [r.uuid, Number(r.id)]));
  const balances = new Map();
  const votes = new Map();
  for (const e of events) {
    const id = idOf.get(e.uuid);
    const change = BALANCE_ACTION.exec(e.action);
    if (change !== null) {
      const amount = change[2] === 'RESET' ? 0 : Number(e.new_value);
      balances.set(`${id} ${change[1]}`, [
        id,
        change[1],
        amount,
        e.date,
        -amount,
        e.nick.toLowerCase(),
        e.uuid,
      ]);
    }
    if (e.action === 'PLAYER_VOTE') {
      for (const [period, key] of [
        ['total', 'all'],
        ['month', monthKey],
        ['week', weekKey],
      ]) {
        const row = votes.get(`${id} ${period}`) ?? [id, period, key, 0, 0, e.nick.toLowerCase(), e.uuid];
        row[3]++;
        row[4]--;
        votes.set(`${id} ${period}`, row);
      }
    }
  }
  const inKeyOrder = (rows) => [...rows.values()].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  if (balances.size > 0) {
    await connection.query(
      'INSERT INTO player_balances (player_id, currency, amount, as_of, sort_key, nick_lower, uuid) VALUES ? ' +
        'ON DUPLICATE KEY UPDATE amount = VALUES(amount), as_of = VALUES(as_of), sort_key = VALUES(sort_key), nick_lower = VALUES(nick_lower)',
      [inKeyOrder(balances)],
    );
  }
  if (votes.size > 0) {
    await connection.query(
      'INSERT INTO vote_counts (player_id, period, period_key, votes, sort_key, nick_lower, uuid) VALUES ? ' +
        'ON DUPLICATE KEY UPDATE votes = votes + VALUES(votes), sort_key = sort_key + VALUES(sort_key), nick_lower = VALUES(nick_lower)',
      [inKeyOrder(votes)],
    );
  }
}

async function server(index) {
  const source = sourceOf(mix, index, Number(players), runId, Number(fromDate));
  const level = `${source.mode}_level`;
  const experience = `${source.mode}_experience`;
  const upsert = `INSERT INTO players (uuid, nick, nick_lower, discriminator, created_at, registred, ${level}, ${experience},
      is_online, last_online, last_server, votes_total, last_vote, last_event_date, last_event_id, last_event_source) VALUES ?
    ON DUPLICATE KEY UPDATE
      registred = IF(registred = 0, VALUES(registred), registred),
      ${level} = IF(VALUES(${level}) < 0, ${level}, VALUES(${level})),
      ${experience} = IF(VALUES(${experience}) < 0, ${experience}, VALUES(${experience})),
      is_online = IF(VALUES(is_online) < 0, is_online, VALUES(is_online)),
      last_online = GREATEST(last_online, VALUES(last_online)),
      last_server = IF(VALUES(last_server) = '', last_server, VALUES(last_server)),
      votes_total = votes_total + VALUES(votes_total),
      last_vote = GREATEST(last_vote, VALUES(last_vote)),
      last_event_date = VALUES(last_event_date), last_event_id = VALUES(last_event_id),
      last_event_source = VALUES(last_event_source)`;
  const connection = await pool.getConnection();
  try {
    while (performance.now() < deadline) {
      const events = source.next(size);
      const receivedAt = Date.now();
      const t0 = performance.now();
      try {
        await connection.beginTransaction();
        const economy = events.filter((e) => e.action !== 'ACHIEVEMENT_COMPLETE');
        const achievements = events.filter((e) => e.action === 'ACHIEVEMENT_COMPLETE');
        if (economy.length > 0) {
          await connection.query(
            'INSERT INTO economy_log (event_id, source, action, uuid, nick, sender, server, old_value, new_value, date, is_public, details, received_at) VALUES ?',
            [
              economy.map((e) => [
                e.id,
                source.server,
                e.action,
                e.uuid,
                e.nick,
                e.server,
                e.server,
                e.old_value ?? '0',
                e.new_value ?? '0',
                e.date,
                e.action.startsWith('ECONOMY_') ? 1 : 0,
                details(e),
                receivedAt,
              ]),
            ],
          );
        }
        if (achievements.length > 0) {
          await connection.query(
            'INSERT INTO achievement_log (event_id, source, uuid, nick, ach_id, ach_name, ach_value, server, date, received_at) VALUES ?',
            [
              achievements.map((e) => [
                e.id,
                source.server,
                e.uuid,
                e.nick,
                e.ach_id,
                e.ach_name,
                e.ach_value,
                e.server,
                e.date,
                receivedAt,
              ]),
            ],
          );
        }
        await connection.query(upsert, [playerRows(events, source.server, receivedAt)]);
        if (projections === 'projections') await writeProjections(connection, events);
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
  return source.lastDate();
}

const lastDates = await Promise.all(SERVERS.map((_s, i) => server(i)));
await pool.end();
printLoadResult({ accepted, latencies, failures, firstFailure, started, cpuStart, lastDates });
