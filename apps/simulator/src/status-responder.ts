import type { AddressInfo, Server as NetServer } from 'node:net';
import { createServer } from 'minecraft-protocol';

/** Game version the responder speaks; its protocol number is what /server/playercount reports. */
export const STATUS_GAME_VERSION = '1.21.4';
/** Version name shown in the server list. */
export const STATUS_VERSION_NAME = 'CraftStats 1.21';

export interface StatusResponderOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Players online right now, read at every ping. */
  online: () => number;
  maxPlayers: number;
  motd: string;
  /** `data:image/png;base64,…` */
  favicon: string;
}

export interface StatusResponder {
  port: number;
  close(): Promise<void>;
}

interface PingResponse {
  version: { name: string; protocol: number };
  players: { max: number; online: number; sample: unknown[] };
  description: unknown;
  favicon?: string;
}

/**
 * Answers Minecraft Server List Pings (the status handshake) like a real game server, with the
 * simulated online count. Uses minecraft-protocol's server in offline mode; logins are not part of the
 * demo (a client that tries gets the library's default handling and nothing else happens).
 */
export function startStatusResponder(options: StatusResponderOptions): Promise<StatusResponder> {
  const server = createServer({
    'online-mode': false,
    host: options.host,
    port: options.port,
    version: STATUS_GAME_VERSION,
    motd: options.motd,
    maxPlayers: options.maxPlayers,
    favicon: options.favicon,
    hideErrors: true,
    // Two parameters: minecraft-protocol then uses the returned object as the answer.
    beforePing: (response: PingResponse) => ({
      ...response,
      version: { ...response.version, name: STATUS_VERSION_NAME },
      players: { ...response.players, online: Math.min(options.online(), options.maxPlayers) },
    }),
  });
  const socketServer = (server as unknown as { socketServer: NetServer }).socketServer;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    socketServer.once('listening', () => {
      server.off('error', onError);
      // Late socket errors (a client resetting the connection) must not crash the simulator.
      server.on('error', () => undefined);
      resolve({
        port: (socketServer.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            if (!socketServer.listening) return done();
            socketServer.close(() => done());
            // Not server.close(): it ends clients a second time, and minecraft-protocol then leaves a
            // 30 s timer of a ping connection that is already closing.
            for (const client of Object.values(server.clients)) client.socket?.destroy();
          }),
      });
    });
  });
}
