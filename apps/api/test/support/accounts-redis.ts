import { spawnSync } from 'node:child_process';

/** Redis of the test environment (optional outside CI, like MariaDB). */
export const TEST_REDIS_URL = process.env['REDIS_TEST_URL'] ?? 'redis://127.0.0.1:6379';

const PROBE = `
const net = require('node:net');
const url = new URL(process.argv[1]);
const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
const fail = (why) => { process.stdout.write(why); process.exit(1); };
socket.setTimeout(2000, () => fail('timeout'));
socket.on('error', (e) => fail(e.code || e.message));
socket.on('connect', () => socket.write('PING\\r\\n'));
socket.on('data', (d) => (String(d).startsWith('+PONG') ? process.exit(0) : fail(String(d).trim())));
`;

let probed: string | null | undefined;

/**
 * Null when Redis answers PING, otherwise why not. Synchronous (a child process), so that test files can
 * decide at declaration time whether the Redis tests run: without CI=true they are skipped with this
 * reason in their title; with CI=true they run (and fail, naming the reason).
 */
export function redisUnavailableReason(): string | null {
  if (probed !== undefined) return probed;
  const result = spawnSync(process.execPath, ['-e', PROBE, TEST_REDIS_URL], {
    encoding: 'utf8',
    timeout: 5000,
  });
  probed =
    result.status === 0
      ? null
      : `Redis not reachable at ${new URL(TEST_REDIS_URL).host} (${result.stdout || result.error?.message || 'no answer'})`;
  return probed;
}

/** `it`, or `it.skip` with the reason in the title when Redis is away and CI is not set. */
export function itWithRedis(name: string, fn: () => Promise<void>, timeout?: number): void {
  const reason = redisUnavailableReason();
  if (reason !== null && process.env['CI'] !== 'true') {
    // Skipped on purpose, with the reason in the title: Redis is optional outside CI (as MariaDB is).
    it.skip(`${name} — skipped: ${reason}`, fn);
    return;
  }
  it(
    name,
    async () => {
      if (reason !== null) throw new Error(`${reason}: with CI=true the Redis tests are mandatory.`);
      await fn();
    },
    timeout,
  );
}
