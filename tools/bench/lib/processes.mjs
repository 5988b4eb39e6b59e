// Child processes of the benchmark: the built apps, the baselines, wrk; their memory and CPU from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { appProcessArgs } from '../../build.mjs';

const children = new Set();
let stopping = false;
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** Spawns a tracked child (stopped by stopAll). stdout is collected; stderr goes to ours. */
export function launch(command, args, { env = process.env, label = command } = {}) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = label;
  child.output = '';
  child.errors = '';
  child.stdout.on('data', (chunk) => {
    child.output += chunk;
    if (child.output.length > 200_000) child.output = child.output.slice(-100_000);
  });
  child.stderr.on('data', (chunk) => {
    child.errors += chunk;
    if (child.errors.length > 20_000) child.errors = child.errors.slice(-10_000);
  });
  children.add(child);
  child.finished = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return child;
}

export async function stopAll() {
  stopping = true;
  const waiting = [...children].map((child) => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    return child.finished.finally(() => clearTimeout(timer));
  });
  await Promise.all(waiting);
}

/** Resolves once GET `url` answers `status`; rejects after `timeoutMs` or when `child` exits. */
export function waitFor(url, child, { status = 200, timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (child.exitCode !== null) {
        reject(new Error(`${child.label} exited (${child.exitCode}):\n${child.errors.slice(-3000)}`));
        return;
      }
      if (Date.now() - started > timeoutMs) {
        reject(
          new Error(
            `${child.label} did not answer ${url} within ${timeoutMs} ms:\n${child.errors.slice(-3000)}`,
          ),
        );
        return;
      }
      http
        .get(url, (res) => {
          res.resume();
          if (res.statusCode === status) resolve();
          else setTimeout(tick, 200);
        })
        .on('error', () => setTimeout(tick, 200));
    };
    tick();
  });
}

/** Starts a built app (dist/apps/<app> of this checkout, or of `checkout`) in production mode. */
export async function startApp(app, port, env, { label = app, nodeFlags = [], checkout } = {}) {
  const childEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
    LOG_LEVEL: 'warn',
    // As with `npm start`: Node's own options reach the apps (a --max-old-space-size replaces the API's cap).
    ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
    ...env,
  };
  // The same flags and entry as `npm start` (tools/build.mjs): the configuration people run.
  const child = launch(process.execPath, appProcessArgs(app, nodeFlags, childEnv, checkout), {
    label,
    env: childEnv,
  });
  await waitFor(`http://127.0.0.1:${port}/health`, child);
  // An app that dies mid-run turns every later figure into connection errors: say why, at once.
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(
        `\n${label} exited during the benchmark (code ${code}, signal ${signal}); its last output:\n${child.output.slice(-3000)}\n${child.errors.slice(-3000)}\n`,
      );
    }
  });
  return child;
}

/** VmRSS and VmHWM (peak) of a process in MiB, or null once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, or null once it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * Samples, every `intervalMs`, the RSS and CPU of the given processes (name → pid) until stopped.
 * Returns per name: peak sampled RSS, VmHWM at the last sample, CPU share of one core over the window.
 */
export function sampler(pids, intervalMs = 250) {
  const state = Object.fromEntries(
    Object.entries(pids)
      .filter(([, pid]) => pid !== undefined && pid !== null)
      .map(([name, pid]) => [
        name,
        { pid, peakRss: 0, hwm: 0, cpu0: cpuSecondsOf(pid), cpu1: null, t0: performance.now(), t1: null },
      ]),
  );
  const sample = () => {
    for (const s of Object.values(state)) {
      const memory = memoryOf(s.pid);
      const cpu = cpuSecondsOf(s.pid);
      if (memory) {
        s.peakRss = Math.max(s.peakRss, memory.rss);
        s.hwm = memory.hwm;
      }
      if (cpu !== null) {
        s.cpu1 = cpu;
        s.t1 = performance.now();
      }
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries(
        Object.entries(state).map(([name, s]) => [
          name,
          {
            peakRssMb: s.peakRss,
            hwmMb: s.hwm,
            cpu:
              s.cpu0 !== null && s.cpu1 !== null && s.t1 > s.t0
                ? (s.cpu1 - s.cpu0) / ((s.t1 - s.t0) / 1000)
                : null,
          },
        ]),
      );
    },
  };
}

export function findWrk() {
  for (const dir of (process.env.PATH ?? '').split(':').concat('/usr/bin', '/usr/local/bin')) {
    const candidate = path.join(dir, 'wrk');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Runs a child to completion and returns the object of its "BENCHJSON {...}" line. */
export async function runForJson(command, args, { env, label, sample = {} } = {}) {
  const child = launch(command, args, { env, label });
  const probe = sampler({ ...sample, generator: child.pid });
  const { code } = await child.finished;
  const usage = probe.stop();
  const line = child.output.split('\n').find((l) => l.startsWith('BENCHJSON '));
  if (code !== 0 || !line) {
    throw new Error(
      `${label ?? command} failed (exit ${code}):\n${child.output.slice(-2000)}\n${child.errors.slice(-2000)}`,
    );
  }
  return { result: JSON.parse(line.slice('BENCHJSON '.length)), usage };
}

export const cpuCount = () => os.cpus().length;
