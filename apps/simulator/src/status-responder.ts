import { type ServerListPingResponder, startServerListPingResponder } from '@craftstats/platform/minecraft';

/** Protocol number of the game version the responder claims (1.21.4); /server/playercount reports it. */
export const STATUS_PROTOCOL = 769;
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

export type StatusResponder = ServerListPingResponder;

/**
 * Answers Minecraft Server List Pings (the status handshake) like a real game server, with the
 * simulated online count. Logins are not part of the demo: a client that tries is told so.
 */
export function startStatusResponder(options: StatusResponderOptions): Promise<StatusResponder> {
  return startServerListPingResponder({
    host: options.host,
    port: options.port,
    status: () => ({
      version: { name: STATUS_VERSION_NAME, protocol: STATUS_PROTOCOL },
      players: { online: options.online(), max: options.maxPlayers },
      motd: options.motd,
      favicon: options.favicon,
    }),
    loginRefusal: 'Ukázkový server CraftStats: přihlášení není možné.',
  });
}
