import { readFileSync } from 'node:fs';
import net from 'node:net';
import { REFUSED_BY_CLIENTS, freePorts } from './ports';

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

  it('never hands out a port that HTTP clients refuse, even when the draw lands on one', async () => {
    const [free] = await freePorts(1);
    const refused = [...REFUSED_BY_CLIENTS][0];
    const draws = [refused, refused, free];
    const ports = await freePorts(1, () => draws.shift() ?? free);
    expect(ports).toEqual([free]);
  });

  it("lists ports that Node's fetch refuses before connecting", async () => {
    for (const port of REFUSED_BY_CLIENTS) {
      const error = await fetch(`http://127.0.0.1:${port}/`).then(
        () => new Error(`port ${port} was reachable`),
        (rejected: Error) => rejected,
      );
      expect(String((error.cause as Error | undefined)?.message ?? error.message)).toBe('bad port');
    }
  });
});
