import { createHash } from 'node:crypto';
import { ECONOMY_TYPES, type EconomyType, LEVEL_MODES, type LevelMode } from '@craftstats/contracts';
import { NICKS, PREMIUM_PLAYERS, type ServerName } from './catalog';
import { Random } from './random';

/** What the simulator knows about one player; it is the only writer, so every value is coherent. */
export interface SimPlayer {
  uuid: string;
  nick: string;
  /** Premium (Mojang) account: a version 4 UUID; otherwise offline mode with a version 3 UUID. */
  premium: boolean;
  /** Staff members get a rank from STAFF_RANK_IDS when they register. */
  staff: boolean;
  registered: boolean;
  online: { server: ServerName } | null;
  mcVersion: string;
  balances: Record<EconomyType, number>;
  levels: Record<LevelMode, { level: number; experience: number }>;
  rank: string | null;
  discordId: string | null;
  achievements: Set<string>;
  votes: number;
}

function formatUuid(bytes: Uint8Array, version: 3 | 4): string {
  const b = Uint8Array.from(bytes);
  b[6] = (b[6] & 0x0f) | (version << 4);
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Buffer.from(b).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The UUID an offline-mode server gives `nick`: name-based version 3 of "OfflinePlayer:<nick>". */
export function offlineUuid(nick: string): string {
  return formatUuid(createHash('md5').update(`OfflinePlayer:${nick}`, 'utf8').digest(), 3);
}

/** A random version 4 UUID from the seeded generator. */
export function randomUuid(random: Random): string {
  return formatUuid(random.bytes(16), 4);
}

export function newPlayer(nick: string, uuid: string, premium: boolean, staff: boolean): SimPlayer {
  return {
    uuid,
    nick,
    premium,
    staff,
    registered: false,
    online: null,
    mcVersion: '',
    balances: Object.fromEntries(ECONOMY_TYPES.map((type) => [type, 0])) as Record<EconomyType, number>,
    levels: Object.fromEntries(
      LEVEL_MODES.map((mode) => [mode, { level: 0, experience: 0 }]),
    ) as SimPlayer['levels'],
    rank: null,
    discordId: null,
    achievements: new Set(),
    votes: 0,
  };
}

/** Fixed so that every run simulates the same people with the same UUIDs (a restarted demo continues). */
const POOL_SEED = 20131201;

/**
 * The player pool: {@link NICKS} (premium ones first) plus the demo staff member, whose offline UUID
 * follows from the nick. The same nicks always get the same UUIDs.
 */
export function createPlayerPool(staffNick: string, staffNicks: readonly string[]): SimPlayer[] {
  const random = new Random(POOL_SEED);
  const pool = NICKS.map((nick, index) => {
    const premium = index < PREMIUM_PLAYERS;
    const uuid = premium ? randomUuid(random) : offlineUuid(nick);
    return newPlayer(nick, uuid, premium, staffNicks.includes(nick));
  });
  const existing = pool.find((player) => player.nick.toLowerCase() === staffNick.toLowerCase());
  if (existing) existing.staff = true;
  else pool.unshift(newPlayer(staffNick, offlineUuid(staffNick), false, true));
  return pool;
}
