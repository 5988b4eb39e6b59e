import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder on 127.0.0.1 in front of a database server, so a test can take "the database"
 * away from an app that is running: refuse new connections and drop the open ones (`stop`), bring it
 * back on the same port (`start`), or cut one connection at the moment the app sends a given
 * statement (`cutOnce`), i.e. in the middle of a transaction, or freeze it (`freeze`): connections
 * stay open but nothing is forwarded any more, as with a paused VM or a network partition.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private trigger: { marker: string; fired: () => void } | null = null;
  /** While true, no byte is forwarded in either direction and new connections are held open silently. */
  private frozen = false;
  private readonly held = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (again) on `port`, or on an ephemeral port the first time. */
  async start(): Promise<void> {
    const server = net.createServer((client) => this.connect(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and destroys every open one (both directions). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.thaw();
    for (const pair of this.pairs) for (const socket of pair) socket.destroy();
    this.pairs.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Stops forwarding without closing anything: every open and new connection just goes silent. */
  freeze(): void {
    this.frozen = true;
  }

  /** Forwards again; connections opened while frozen (never connected upstream) are dropped. */
  thaw(): void {
    this.frozen = false;
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }

  /**
   * Arms a one-shot cut: the first client packet containing `marker` is not forwarded; its
   * connection is destroyed instead. Resolves when that happened.
   */
  cutOnce(marker: string): Promise<void> {
    return new Promise((resolve) => {
      this.trigger = { marker, fired: resolve };
    });
  }

  private connect(client: net.Socket): void {
    if (this.frozen) {
      this.held.add(client);
      client.on('error', () => client.destroy());
      client.on('close', () => this.held.delete(client));
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    let tail = '';
    client.on('data', (chunk: Buffer) => {
      if (this.frozen) return;
      const trigger = this.trigger;
      if (trigger !== null) {
        // A marker split across two TCP chunks is still found: keep the end of the previous one.
        const seen = tail + chunk.toString('latin1');
        tail = seen.slice(-trigger.marker.length);
        if (seen.includes(trigger.marker)) {
          this.trigger = null;
          close();
          trigger.fired();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!this.frozen) client.write(chunk);
    });
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  }
}
