import { isIP } from 'node:net';
import { status } from 'minecraft-server-util';
import { PlayerCount } from '@craftstats/contracts';

/** The game server's default port when neither the address nor an SRV record names one. */
export const MINECRAFT_DEFAULT_PORT = 25565;

export interface PingTarget {
  host: string;
  /** null: follow the `_minecraft._tcp.<host>` SRV record as game clients do, else 25565. */
  port: number | null;
}

/** One Server List Ping (the status handshake). Rejects when the server does not answer in time. */
export abstract class MinecraftPinger {
  abstract ping(target: PingTarget, timeoutMs: number): Promise<PlayerCount>;
}

const integer = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;

/** Only a data URI counts as a favicon; anything else a server sends becomes "". */
const faviconOf = (value: unknown): string =>
  typeof value === 'string' && value.startsWith('data:image/') ? value : '';

/** The Server List Ping of `minecraft-server-util` (handshake, status request, ping/pong round trip). */
export class ServerListPinger extends MinecraftPinger {
  async ping(target: PingTarget, timeoutMs: number): Promise<PlayerCount> {
    // An IP literal has no SRV record (clients do not look one up); a configured port disables SRV.
    const enableSRV = target.port === null && isIP(target.host) === 0;
    const response = await status(target.host, target.port ?? MINECRAFT_DEFAULT_PORT, {
      timeout: timeoutMs,
      enableSRV,
    });
    return {
      players: { online: integer(response.players?.online), max: integer(response.players?.max) },
      isOnline: true,
      version: integer(response.version?.protocol),
      latency: integer(Math.round(response.roundTripLatency)),
      favicon: faviconOf(response.favicon),
    };
  }
}
