import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port a test takes: well above the registered services a machine may run. */
const LOWEST = 10_000;

/**
 * Ports at or above LOWEST that Node's fetch and Chromium refuse to connect to: a server there
 * listens fine, but every request to it fails (`fetch failed`, cause `bad port`). An API e2e run
 * that drew 10080 for its ingestor failed that way.
 */
export const REFUSED_BY_CLIENTS: ReadonlySet<number> = new Set([10_080]);

/**
 * The first port of the kernel's ephemeral range, where every outgoing connection on the machine
 * takes its local port (Linux's net.ipv4.ip_local_port_range; 32768 there by default, and on
 * systems without that file).
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > LOWEST + 1000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

function listen(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Picks a port to try in [low, high); randomly unless a test says otherwise. */
export type PortDraw = (low: number, high: number) => number;

const drawRandomly: PortDraw = (low, high) => low + Math.floor(Math.random() * (high - low));

/**
 * `count` distinct TCP ports that were free on 127.0.0.1 a moment ago, for servers a test starts
 * (often in another process). They come from below the ephemeral range: a port the kernel hands out
 * for `listen(0)` comes from that range, so any process's next outgoing connection could take it
 * before the server listens. Each is held until all are found, so no two are the same, and none is
 * one that HTTP clients refuse (REFUSED_BY_CLIENTS).
 */
export async function freePorts(count: number, draw: PortDraw = drawRandomly): Promise<number[]> {
  const high = ephemeralStart();
  const held: net.Server[] = [];
  try {
    for (let tries = 0; held.length < count; tries++) {
      if (tries > 100 * count) throw new Error(`no ${count} free ports found in ${LOWEST}–${high - 1}`);
      const port = draw(LOWEST, high);
      if (REFUSED_BY_CLIENTS.has(port)) continue;
      const server = await listen(port);
      if (server) held.push(server);
    }
    return held.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** One port as `freePorts` finds them. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}
