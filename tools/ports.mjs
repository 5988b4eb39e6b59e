// Free TCP ports for the servers the tools start (bench, soak, the website's Lighthouse run), by the
// rule of the test suites' libs/platform/src/testing/ports.ts, which the tools, being plain .mjs,
// cannot import: below the kernel's ephemeral range, never a port HTTP clients refuse, and every
// port of one call held until all are found.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const LOWEST = 10_000;
/** Node's fetch and Chromium refuse to connect to these (`bad port`); see ports.ts. */
const REFUSED_BY_CLIENTS = new Set([10_080]);

function ephemeralStart() {
  try {
    const port = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(port) && port > LOWEST + 1000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

function listen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `count` distinct ports that were free on 127.0.0.1 a moment ago. */
export async function freePorts(count) {
  const high = ephemeralStart();
  const held = [];
  try {
    for (let tries = 0; held.length < count; tries++) {
      if (tries > 100 * count) throw new Error(`no ${count} free ports found in ${LOWEST}–${high - 1}`);
      const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
      if (REFUSED_BY_CLIENTS.has(port)) continue;
      const server = await listen(port);
      if (server) held.push(server);
    }
    return held.map((server) => server.address().port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** One port as `freePorts` finds them. */
export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}
