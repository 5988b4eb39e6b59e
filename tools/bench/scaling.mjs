#!/usr/bin/env node
// `npm run bench:scaling`: does the cost of a leaderboard or a profile grow with the number of players?
// At 10k, 100k and 1M players (the data set of `npm run bench`), the API's own repositories (the
// built persistence library, exactly the code the API runs on a cache miss) read each leaderboard
// and profile --samples times; the latency percentiles are printed per size, with the EXPLAIN of
// every query they sent (captured from TypeORM's logger and the driver's execute) and the verdict "no filesort, no full scan".
//
//   npm run bench:scaling [-- --sizes 10000,100000,1000000 --samples 300 --keep]
//   DATABASE_URL as for `npm run bench`; databases craftstats_bench_<players> (shared with --keep).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildWithNx } from '../build.mjs';
import { connect, dropDatabase, ensureDataset, serverFromUrl } from './lib/dataset.mjs';
import { nickOf, uuidOf } from './lib/players.mjs';
import { describeMachine, loadAverage, markdownTable, median, textTable } from './lib/report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    samples: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench/results') },
  },
});
const SIZES = options.sizes.split(',').map(Number);
const SAMPLES = Number(options.samples);
if (!SIZES.every((n) => Number.isInteger(n) && n >= 100) || !(SAMPLES > 0)) {
  process.stderr.write('Usage: npm run bench:scaling [-- --sizes 10000,100000,1000000 --samples N --keep]\n');
  process.exit(2);
}
const log = (text) => process.stderr.write(`${text}\n`);
const timeZone = 'Europe/Prague';
const base = process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';

/** Records the SQL and parameters of every query TypeORM sends. */
class CapturingLogger {
  queries = [];
  enabled = false;
  logQuery(query, parameters) {
    if (this.enabled) this.queries.push({ sql: query, parameters: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/**
 * Statements sent as server-side prepared statements on the driver (mysql2 `execute`, e.g. the profile
 * lookups of ADR 0035) bypass TypeORM's logger: they are recorded here, into the same list.
 */
let driverCapture = null;
function captureDriverExecutes(capture) {
  const patched = driverCapture !== null;
  driverCapture = capture;
  if (patched) return;
  // mysql2's pool connections extend Connection: defining execute on its prototype covers them all.
  const { Connection } = require('mysql2');
  const execute = Connection.prototype.execute;
  Connection.prototype.execute = function capturedExecute(sql, values, cb) {
    const capture = driverCapture;
    if (capture.enabled) {
      const text = typeof sql === 'object' && sql !== null ? sql.sql : sql;
      const params = typeof sql === 'object' && sql !== null ? (sql.values ?? values) : values;
      capture.queries.push({ sql: text, parameters: Array.isArray(params) ? params : [] });
    }
    return execute.call(this, sql, values, cb);
  };
}

/** Plan lines that show a full table scan or a sort. */
const badPlanRows = (rows) =>
  rows.filter((row) => row.type === 'ALL' || /Using filesort|Using temporary/.test(row.Extra ?? ''));

/** Rows all tables of an ANALYZE FORMAT=JSON plan really read: Σ r_loops × r_rows (const tables: 1). */
function rowsRead(node) {
  if (node === null || typeof node !== 'object') return 0;
  let sum = 0;
  if ('table_name' in node) {
    // A const table (one row by a unique key) is read while planning: ANALYZE has no r_rows for it.
    if (node.access_type === 'const' || node.access_type === 'system') sum = Number(node.rows ?? 1);
    else if (typeof node.r_rows === 'number') sum = Number(node.r_loops ?? 1) * node.r_rows;
  }
  for (const value of Object.values(node)) sum += rowsRead(value);
  return sum;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measureSize(players, lib) {
  const { persistence, domain } = lib;
  const server = serverFromUrl(base, `craftstats_bench_${players}`);
  if (new URL(base).pathname.length > 1) server.database = `${server.database}_${players}`;
  const dataset = await ensureDataset({
    server,
    players,
    keep: options.keep,
    persistence,
    votePeriodKeys: domain.votePeriodKeys,
    timeZone,
    log: (text) => log(`scaling: ${text}`),
  });
  const capture = new CapturingLogger();
  captureDriverExecutes(capture);
  const settings = { kind: 'mysql', flavor: 'mariadb', ...server };
  const ds = persistence.createDataSource(settings, { logger: capture, poolSize: 2 });
  await ds.initialize();
  const explainer = await connect(server);
  try {
    const periods = domain.votePeriodKeys(Date.now(), timeZone);
    const boards = new persistence.TypeOrmLeaderboardRepository(ds);
    const profiles = new persistence.TypeOrmPlayerRepository(ds);
    const random = () => 1 + Math.floor(Math.random() * players);
    const reads = [
      ['leaderboard craftcoins', () => boards.topBalances('CRAFTCOINS', 50)],
      ['leaderboard month-votes', () => boards.topVotes('month', periods.month, 50)],
      ['leaderboard levels/survival', () => boards.topLevels('survival', 50)],
      ['leaderboard levels/global', () => boards.topLevels('global', 50)],
      ['profile by nick', () => profiles.findByNick(nickOf(random()), periods)],
      ['profile by uuid', () => profiles.findByUuid(uuidOf(random()), periods)],
    ];
    const results = [];
    for (const [name, read] of reads) {
      // One traced call for the plans, a few untimed ones to warm the pool and caches, then the samples.
      capture.queries = [];
      capture.enabled = true;
      const answer = await read();
      capture.enabled = false;
      if (answer === null || (Array.isArray(answer) && answer.length === 0))
        throw new Error(`${name}: empty answer`);
      const queries = capture.queries.filter((q) => /^\s*(SELECT|WITH)/i.test(q.sql));
      // A read whose SQL was not seen cannot be judged: that is a failure, never a pass.
      if (queries.length === 0) throw new Error(`${name}: no SQL captured, the plans cannot be checked`);
      const plans = [];
      for (const query of queries) {
        const [rows] = await explainer.query(`EXPLAIN ${query.sql}`, query.parameters);
        const [[json]] = await explainer.query(`EXPLAIN FORMAT=JSON ${query.sql}`, query.parameters);
        // MariaDB's ANALYZE runs the query and reports the rows each table really gave (r_rows):
        // EXPLAIN's estimate counts a whole index range, not where LIMIT stops the walk.
        const [analyzed] = await explainer.query(`ANALYZE ${query.sql}`, query.parameters);
        const [[analyzedJson]] = await explainer.query(`ANALYZE FORMAT=JSON ${query.sql}`, query.parameters);
        plans.push({
          sql: query.sql,
          parameters: query.parameters,
          explain: rows,
          explainJson: JSON.parse(json.EXPLAIN),
          analyze: analyzed,
          rowsRead: rowsRead(JSON.parse(analyzedJson.ANALYZE)),
          bad: badPlanRows(rows),
        });
      }
      for (let i = 0; i < 20; i++) await read();
      const latencies = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await read();
        latencies.push(performance.now() - t0);
      }
      latencies.sort((a, b) => a - b);
      const ok = plans.every((p) => p.bad.length === 0);
      results.push({
        read: name,
        queries: plans.length,
        p50: median(latencies),
        p99: pct(latencies, 99),
        rowsRead: plans.reduce((sum, p) => sum + p.rowsRead, 0),
        verdict: ok ? 'no filesort, no full scan' : 'FILESORT OR FULL SCAN',
        plans,
      });
      log(
        `scaling: ${players.toLocaleString('en')} players, ${name}: p50 ${median(latencies).toFixed(2)} ms, p99 ${pct(latencies, 99).toFixed(2)} ms, ${ok ? 'no filesort, no full scan' : 'FILESORT OR FULL SCAN'}`,
      );
    }
    return { players, dataset, results, loadAverage: loadAverage() };
  } finally {
    await explainer.end();
    await ds.destroy();
    if (!options.keep) await dropDatabase(server);
  }
}

const planText = (plan) =>
  plan.analyze
    .map((r) =>
      `${r.table}: type=${r.type} key=${r.key ?? 'NULL'} rows(estimate)=${r.rows} r_rows(read)=${r.r_rows} ${r.Extra ?? ''}`.trim(),
    )
    .join('; ');

try {
  log('scaling: building the apps');
  await buildWithNx(['api']);
  require('reflect-metadata');
  const lib = {
    persistence: require(path.join(root, 'dist/apps/api/libs/persistence/src/index.js')),
    domain: require(path.join(root, 'dist/apps/api/libs/domain/src/index.js')),
  };
  const admin = await connect(serverFromUrl(base, 'mysql'), null);
  const machine = await describeMachine(admin);
  await admin.end();
  const sizes = [];
  for (const players of SIZES) sizes.push(await measureSize(players, lib));
  machine.loadAverageAtEnd = loadAverage();

  const reads = sizes[0].results.map((r) => r.read);
  const header = [
    'read',
    ...sizes.flatMap((s) => [`${s.players.toLocaleString('en')}: p50 ms`, 'p99 ms', 'rows read']),
    'plans',
  ];
  const rows = reads.map((read) => {
    const at = sizes.map((s) => s.results.find((r) => r.read === read));
    return [
      read,
      ...at.flatMap((r) => [r.p50.toFixed(2), r.p99.toFixed(2), r.rowsRead.toFixed(0)]),
      at.every((r) => r.verdict === 'no filesort, no full scan')
        ? 'no filesort, no full scan (every size)'
        : 'FILESORT OR FULL SCAN',
    ];
  });
  const largest = sizes.at(-1);
  const explains = largest.results.flatMap((r) =>
    r.plans.map((p, i) => ({
      read: `${r.read}${r.plans.length > 1 ? ` (query ${i + 1}/${r.plans.length})` : ''}`,
      sql: p.sql,
      plan: planText(p),
    })),
  );
  const machineLine =
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, MariaDB ${machine.mariadb} (buffer pool ${machine.innodbBufferPoolMb} MB), ` +
    `load average ${machine.loadAverageAtStart.join(' ')} at start, ${machine.loadAverageAtEnd.join(' ')} at end`;
  const note = `Latency of the API's repository call (its database work on a cache miss), ${SAMPLES} sequential calls per read and size; profiles of a random player each call.`;
  process.stdout.write(
    [
      '',
      `craftstats bench:scaling — ${new Date().toISOString()}`,
      machineLine,
      note,
      '',
      textTable(header, rows),
      '',
      `EXPLAIN at ${largest.players.toLocaleString('en')} players:`,
      ...explains.map((e) => `  ${e.read}: ${e.plan}`),
      '',
    ].join('\n'),
  );
  const finished = new Date();
  mkdirSync(options.out, { recursive: true });
  const file = path.join(options.out, `${finished.toISOString().slice(0, 16).replace(':', '')}Z-scaling`);
  writeFileSync(
    `${file}.json`,
    `${JSON.stringify({ date: finished.toISOString(), machine, samples: SAMPLES, sizes }, null, 2)}\n`,
  );
  writeFileSync(
    `${file}.md`,
    [
      `# craftstats bench:scaling, ${finished.toISOString()}`,
      '',
      `Machine: ${machineLine}.`,
      '',
      note,
      '',
      markdownTable(header, rows),
      '',
      `EXPLAIN at ${largest.players.toLocaleString('en')} players (every size: see the .json):`,
      '',
      ...explains.map((e) => `- **${e.read}**: \`${e.plan}\`\n\n  \`\`\`sql\n  ${e.sql}\n  \`\`\``),
      '',
    ].join('\n'),
  );
  log(`scaling: wrote ${path.relative(process.cwd(), file)}.json and .md`);
  const failed = rows.some((r) => r.at(-1) !== 'no filesort, no full scan (every size)');
  process.exit(failed ? 1 : 0);
} catch (error) {
  log(`bench:scaling failed: ${error.stack ?? error}`);
  process.exit(1);
}
