// Machine description, medians and the printed/markdown tables of the benchmark.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function describeMachine(db) {
  const cpuModel =
    /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ??
    os.cpus()[0]?.model;
  const [[version]] = await db.query('SELECT VERSION() AS v');
  const [variables] = await db.query(
    "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_flush_log_at_trx_commit')",
  );
  const variable = (name) => variables.find((v) => v.Variable_name === name)?.Value;
  return {
    cpu: cpuModel,
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    mariadb: version.v,
    innodbBufferPoolMb: Math.round(Number(variable('innodb_buffer_pool_size')) / 2 ** 20),
    innodbFlushLogAtTrxCommit: Number(variable('innodb_flush_log_at_trx_commit')),
    kernel: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

export const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));

const f = (value, digits = 0) => (value === null || value === undefined ? '—' : value.toFixed(digits));

/** Rows of the result table: one per target, from the medians. */
export function tableRows(rows) {
  return rows.map((row) => {
    const api = row.api.median;
    const base = row.baseline.median;
    return [
      row.name,
      f(api.rps),
      f(api.p50, 2),
      f(api.p99, 2),
      f(api.rssMb),
      row.baseline.label,
      f(base.rps),
      f(base.p50, 2),
      f(base.p99, 2),
      f(base.rssMb),
      row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
      row.targetText,
      row.verdict,
    ];
  });
}

export const HEADER = [
  'row',
  'API req/s',
  'p50 ms',
  'p99 ms',
  'RSS MB',
  'baseline',
  'base req/s',
  'base p50',
  'base p99',
  'base RSS',
  'ratio',
  'target',
  'verdict',
];

export function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const numeric = (i) => rows.every((r) => /^[\d.—×-]+$/.test(String(r[i])));
  const line = (cells) =>
    cells
      .map((c, i) => (numeric(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header, rows) {
  const escape = (cell) => String(cell).replace(/\|/g, '\\|');
  return [
    `| ${header.map(escape).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}
