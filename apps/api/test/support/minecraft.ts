import net from 'node:net';
import { createServer } from 'minecraft-protocol';

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

interface StatusResponse {
  players: { online: number; max: number };
  favicon?: string;
}

/**
 * A real Minecraft status responder (minecraft-protocol's server, offline mode) on 127.0.0.1 and a
 * free port. It answers the Server List Ping with `online`/`maxPlayers` and the favicon.
 */
export async function startStatusResponder(options: {
  online: number;
  maxPlayers: number;
  favicon?: string;
}): Promise<Responder> {
  const server = createServer({
    'online-mode': false,
    host: '127.0.0.1',
    port: 0,
    motd: 'craftstats e2e',
    maxPlayers: options.maxPlayers,
    version: '1.20.4',
    hideErrors: true,
    beforePing: (response: StatusResponse) => {
      response.players.online = options.online;
      if (options.favicon !== undefined) response.favicon = options.favicon;
      return response;
    },
  });
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  const socketServer = (server as unknown as { socketServer: net.Server }).socketServer;
  if (!socketServer.listening)
    await new Promise<void>((resolve) => socketServer.once('listening', () => resolve()));
  const { port } = socketServer.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        if (!socketServer.listening) return resolve();
        socketServer.once('close', () => resolve());
        server.close();
      }),
  };
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
