import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePorts } from './ports';

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('freePorts', () => {
  it('finds distinct ports below the ephemeral range that a server can then listen on', async () => {
    const ports = await freePorts(20);
    expect(new Set(ports).size).toBe(20);
    const ephemeralLow = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralLow);
    }
    const servers = await Promise.all(ports.map(listenOn));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
