import net from 'node:net';
import { startServerListPingResponder } from '@craftstats/platform/minecraft';

/** A 1×1 transparent PNG as the data URI a game server sends as its favicon. */
export const FAVICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Protocol number of Minecraft 1.20.4. */
export const PROTOCOL_1_20_4 = 765;

export interface Responder {
  port: number;
  /** TCP connections accepted so far (one per Server List Ping). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A Minecraft status responder (the platform's Server List Ping server) on 127.0.0.1 and a free port.
 * It answers the Server List Ping with `online`/`maxPlayers` and the favicon, as a 1.20.4 server.
 */
export function startStatusResponder(options: {
  online: number;
  maxPlayers: number;
  favicon?: string;
}): Promise<Responder> {
  return startServerListPingResponder({
    host: '127.0.0.1',
    port: 0,
    status: () => ({
      version: { name: '1.20.4', protocol: PROTOCOL_1_20_4 },
      players: { online: options.online, max: options.maxPlayers },
      motd: 'craftstats e2e',
      favicon: options.favicon,
    }),
  });
}

/** A TCP server that accepts connections and never says a word (a hung game server). */
export async function startSilentServer(): Promise<Responder> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
