import type { LevelMode } from '@craftstats/contracts';

/**
 * What the simulated community looks like: servers, voting sites, achievements, Czech-looking nicks.
 * Plain data; the simulation draws from it.
 */

/** Game servers behind the proxy and the level mode each one reports (`null`: no own levels). */
export const SERVERS = {
  lobby: 'global',
  survival: 'survival',
  skyblock: 'skyblock',
  creative: 'creative',
  prison: 'prison',
  event: null,
} as const satisfies Record<string, LevelMode | null>;
export type ServerName = keyof typeof SERVERS;

/** Where players go when they join (the lobby first, then the busy modes). */
export const SERVER_WEIGHTS: Record<ServerName, number> = {
  lobby: 3,
  survival: 5,
  skyblock: 4,
  creative: 2,
  prison: 3,
  event: 2,
};

export const MC_VERSIONS = [
  '1.21.4',
  '1.21.4',
  '1.21.1',
  '1.20.6',
  '1.20.4',
  '1.19.4',
  '1.18.2',
  '1.16.5',
  '1.12.2',
  '1.8.9',
];

export const VOTE_SITES = ['czech-craft.eu', 'craftlist.org', 'minecraft-servery.eu', 'minecraftservery.eu'];

export interface Achievement {
  id: string;
  name: string;
  /** Achievement Points granted. */
  points: number;
  /** Only completed on this server (`undefined`: anywhere). */
  server?: ServerName;
  /** Completed by this action rather than by playing. */
  awardedFor?: 'register' | 'vote' | 'coins' | 'event';
}

/** Achievements: those with `awardedFor` follow from an action, the others are completed while playing. */
export const ACHIEVEMENTS: readonly Achievement[] = [
  { id: 'first_join', name: 'Vítej na serveru!', points: 5, awardedFor: 'register' },
  { id: 'first_vote', name: 'První hlas', points: 10, awardedFor: 'vote' },
  { id: 'mine_diamond', name: 'Diamanty!', points: 15, server: 'survival' },
  { id: 'kill_dragon', name: 'Drakobijec', points: 100, server: 'survival' },
  { id: 'enter_nether', name: 'Cesta do pekel', points: 10, server: 'survival' },
  { id: 'build_house', name: 'Vlastní střecha nad hlavou', points: 10, server: 'creative' },
  { id: 'island_level_10', name: 'Ostrov roste', points: 20, server: 'skyblock' },
  { id: 'island_level_50', name: 'Ostrovní magnát', points: 50, server: 'skyblock' },
  { id: 'prison_rankup_c', name: 'Povýšení na C', points: 15, server: 'prison' },
  { id: 'prison_free', name: 'Na svobodě', points: 75, server: 'prison' },
  { id: 'event_win', name: 'Vítěz eventu', points: 30, server: 'event', awardedFor: 'event' },
  { id: 'rich_10k', name: 'Boháč', points: 40, awardedFor: 'coins' },
];

/** Social status lines (PLAYER_UPDATE_SOCIAL). */
export const STATUSES = [
  'Hledám partu na survival!',
  'Stavím největší hrad na serveru.',
  'Kdo dá PvP?',
  'AFK, jdu na oběd.',
  'Prodám diamanty, pište do zpráv.',
  'Skyblock je život.',
  'Ahoj všichni :)',
];

/**
 * Nicks of the player pool. The first ones are premium (Mojang) accounts with random version 4
 * UUIDs, the rest offline-mode accounts with the name-based version 3 UUID the server derives.
 */
export const NICKS = [
  'Pepa_Novak',
  'Krtecek',
  'Jirka2009',
  'Majda_CZ',
  'Vojta_Dvorak',
  'Terka_Svobodova',
  'Honza_Kral',
  'xXMatejXx',
  'Lukas_Cerny',
  'Anicka123',
  'Pavel_Prochazka',
  'Kuba_Mraz',
  'Zuzka_Vesela',
  'Ondra_CZ',
  'Filip_Horak',
  'Bara_Kucerova',
  'Tomik2010',
  'Vitek_Pokorny',
  'Denca_SK',
  'Martin_Benes',
  'Dominik_Marek',
  'Kackaa',
  'Stepan_Fiala',
  'Nikola_Ruzickova',
  'Radek_Sedlacek',
  'Misa_Dolezalova',
  'Adam_Zeman',
  'Eliska_Kolarova',
  'Sebastian_CZ',
  'Hanka_Navratilova',
  'Petr_Cermak',
  'Janca2008',
  'Daniel_Urban',
  'Veronika_Blazkova',
  'Kamil_Kriz',
  'Rumcajs',
  'Kapitan_Kid',
  'Maxipes_Fik',
  'Hurvinek',
  'Spejbl_CZ',
] as const;

/** How many of {@link NICKS} are premium accounts (version 4 UUIDs). */
export const PREMIUM_PLAYERS = 24;

/** Nicks (besides the demo staff member) that hold a staff rank. */
export const STAFF_NICKS = ['Honza_Kral', 'Majda_CZ', 'Rumcajs'] as const;

/** Player tag ids (PLAYER_SET_TAG sends numeric text). */
export const TAG_IDS = ['1', '2', '3', '4', '5', '6', '7', '8', '12', '15', '20'];
