#!/usr/bin/env node
// Measures `npm run import:legacy` on generated data: N legacy rows (default 1,000,000) in a scratch
// MariaDB database built from the old system's DDL, imported into a scratch craftstats database on
// the same server. Both databases are dropped at the end. Target: 1,000,000 rows in at most 3 minutes.
//   node tools/bench/import-legacy.mjs [--rows N] [--page-size N]      (BENCH_MARIADB_URL, default mariadb://root@127.0.0.1:3306/)
//   node tools/bench/import-legacy.mjs --private-server [--buffer-pool 2G] [--rows N]
//   --keep-indexes passes the import's flag: the normal path (indexes maintained row by row) instead of
//   the empty target's deferred indexes (ADR 0062), for a before/after comparison on the same build.
//   --cpu-prof DIR writes a V8 CPU profile of the import process into DIR (open it in Chrome DevTools).
// --private-server runs both databases on a MariaDB server of its own (mariadb-install-db into a
// directory on disk, production durability: innodb_flush_log_at_trx_commit=1), whose InnoDB buffer
// pool holds the imported working set (default 2G; a shared server's 128M default makes every
// secondary-index insert of a million players a disk read, see docs/legacy-import.md). The server
// and its directory are removed at the end.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startPrivateServer } from './lib/private-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'page-size': { type: 'string' },
    'private-server': { type: 'boolean', default: false },
    'buffer-pool': { type: 'string', default: '2G' },
    'keep-indexes': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const rows = Number(args.rows);
const TARGET_SECONDS = 180;
const privateServer = args['private-server']
  ? await startPrivateServer({
      bufferPool: args['buffer-pool'],
      log: (text) => process.stdout.write(`${text}\n`),
    })
  : null;
const base = new URL(privateServer?.url ?? process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306/');
const server = {
  host: base.hostname,
  port: Number(base.port || 3306),
  user: decodeURIComponent(base.username || 'root'),
  password: decodeURIComponent(base.password),
};
const legacyDb = `craftstats_bench_legacy_${process.pid}`;
const targetDb = `craftstats_bench_target_${process.pid}`;
const ddl = readFileSync(path.join(root, 'libs/persistence/src/testing/legacy/player_profile.sql'), 'utf8');

function url(db, protocol = 'mysql:') {
  const u = new URL(base.toString());
  u.protocol = protocol;
  u.pathname = `/${db}`;
  return u.toString();
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

const admin = await mysql.createConnection({
  ...server,
  charset: 'UTF8MB4_UNICODE_CI',
  multipleStatements: true,
});
try {
  await admin.query(`CREATE DATABASE \`${legacyDb}\` CHARACTER SET latin2 COLLATE latin2_czech_cs`);
  await admin.query(`CREATE DATABASE \`${targetDb}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`USE \`${legacyDb}\``);
  for (const statement of ddl.split(/;\s*\n/)) if (statement.trim()) await admin.query(statement);

  let t = Date.now();
  // Generated server-side from the SEQUENCE engine: every third uuid undashed, Czech statuses, sparse
  // balances, a Discord id for a third of the players, huge CraftCoins for some.
  const step = 100_000;
  for (let from = 1; from <= rows; from += step) {
    const to = Math.min(rows, from + step - 1);
    await admin.query(
      `INSERT INTO player_profile (discriminator, nick, uuid, registred, last_online, last_server, played_time,
         mc_version, craft_coins, craft_tokens, vote_tokens, vote_tokens_3, karma_points, quest_points, event_points,
         level, experience, global_level, survival_118_level, survival_118_experience, skyblock_118_level,
         skyblock_118_experience, creative_level, vanilla_level, prison_level, skycloud_level,
         total_votes, month_votes, week_votes, last_vote, discord_user_id, status)
       SELECT LPAD(1 + seq % 9999, 4, '0'), CONCAT('Hrac_', seq),
         IF(seq % 3 = 0, MD5(seq), CONCAT_WS('-', SUBSTR(MD5(seq),1,8), SUBSTR(MD5(seq),9,4), SUBSTR(MD5(seq),13,4), SUBSTR(MD5(seq),17,4), SUBSTR(MD5(seq),21,12))),
         1386000000000 + seq * 300000, 1700000000000 + seq * 60000, ELT(1 + seq % 4, 'lobby', 'survival', 'skyblock', 'creative'),
         seq * 1000 % 900000000, IF(seq % 5 = 0, '0', '1.20.4'),
         IF(seq % 1000 = 0, 9000000000000000, seq * 37 % 100000), seq % 7, seq % 50, seq % 30, seq % 11, seq % 400, IF(seq % 20 = 0, 3, 0),
         1 + seq % 40, seq % 9000, 1 + seq % 60, 1 + seq % 80, seq * 13 % 100000, 1 + seq % 30, seq % 5000, 1 + seq % 10, 1, 1, 1,
         seq % 300, seq % 20, seq % 5, IF(seq % 300 = 0, 0, 1700000000000 + seq), IF(seq % 3 = 0, CONCAT('3', LPAD(seq, 17, '0')), NULL),
         IF(seq % 4 = 0, 'Žluťoučký kůň úpěl ďábelské ódy', 'Tento hráč nemá nastavený status...')
       FROM seq_${from}_to_${to}`,
    );
  }
  process.stdout.write(`generated ${rows} legacy rows in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);

  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  const loadBefore = load();
  t = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : []),
      path.join(root, 'tools/legacy-import/import-legacy.mjs'),
      '--from',
      url(legacyDb),
      '--as-of',
      '2026-11-20T12:00:00Z',
      '--json',
      ...(args['page-size'] ? ['--page-size', args['page-size']] : []),
      ...(args['keep-indexes'] ? ['--keep-indexes'] : []),
    ],
    { env: { ...process.env, DATABASE_URL: url(targetDb) }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Ctrl+C: stop the import and still drop the scratch databases.
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  // The CPU time the import and (on a private server) MariaDB used: on a shared machine the wall
  // time depends on the others' load, the CPU time much less.
  const serverCpuBefore = privateServer ? cpuSeconds(privateServer.pid) : null;
  let importCpu = null;
  const sampler = setInterval(() => (importCpu = cpuSeconds(child.pid) ?? importCpu), 500);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const serverCpu = privateServer ? cpuSeconds(privateServer.pid) - serverCpuBefore : null;
  const wall = (Date.now() - t) / 1000;
  if (code !== 0) throw new Error(`import exited with ${code}`);
  const summary = JSON.parse(stdout.trim().split('\n').pop());
  const [[counts]] = await admin.query(
    `SELECT (SELECT COUNT(*) FROM \`${targetDb}\`.players) AS players,
            (SELECT COUNT(*) FROM \`${targetDb}\`.economy_log) AS log_rows,
            (SELECT COUNT(*) FROM \`${targetDb}\`.player_balances) AS balances,
            (SELECT COUNT(*) FROM \`${targetDb}\`.vote_counts) AS vote_counts`,
  );
  process.stdout.write(
    `import: ${summary.rowsRead} rows in ${(summary.elapsedMs / 1000).toFixed(1)} s = ${Math.round(summary.rowsPerSecond)} rows/s ` +
      `(process wall time incl. build and migrations ${wall.toFixed(1)} s); created ${summary.created}, skipped ${summary.skipped.length}\n` +
      `indexes: ${summary.indexes}` +
      (summary.indexes === 'deferred'
        ? ` (added back in ${(summary.indexRebuildMs / 1000).toFixed(1)} s, included above)`
        : '') +
      '\n' +
      `target rows: ${JSON.stringify(counts)}\n` +
      `CPU: import process ${importCpu?.toFixed(1) ?? '?'} s (until its last sample)` +
      (serverCpu === null
        ? ' (MariaDB: shared server, not measured)'
        : `, MariaDB ${serverCpu.toFixed(1)} s`) +
      '\n' +
      `load average (1, 5, 15 min) on ${os.cpus().length} cores: ${loadBefore} at the start, ${load()} at the end\n` +
      `${wall <= TARGET_SECONDS * (rows / 1_000_000) ? 'PASS' : 'FAIL'}: target ${TARGET_SECONDS} s per 1,000,000 rows\n`,
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS \`${legacyDb}\``);
  await admin.query(`DROP DATABASE IF EXISTS \`${targetDb}\``);
  await admin.end();
  privateServer?.remove();
}
