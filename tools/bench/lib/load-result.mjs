// The one result line of a load generator process (ingest-load.mjs, raw-ingest.mjs), read by bench.mjs:
// "BENCHJSON {...}" with events accepted, events/s, p50/p99 per batch (ms), errors, the generator's
// own CPU share and the newest event date it sent (the next run's dates start after it).
export function printLoadResult({
  accepted,
  latencies,
  failures,
  firstFailure,
  started,
  cpuStart,
  lastDates,
}) {
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  process.stdout.write(
    `BENCHJSON ${JSON.stringify({
      events: accepted,
      batches: sorted.length,
      seconds: elapsed,
      rps: accepted / elapsed,
      p50: pct(50),
      p99: pct(99),
      errors: failures,
      firstFailure,
      generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
      lastDate: Math.max(...lastDates),
    })}\n`,
  );
}
