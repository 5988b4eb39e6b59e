import type { GameEvent, SocialProfile } from '../events/event.types';
import type { LegacySnapshot } from '../legacy/legacy-profile';
import { DomainError } from '../errors/domain-error';
import { type VotePeriodKeys, votePeriodKeys } from '../periods/vote-periods';
import { legacyNickSince } from '../legacy/legacy-profile';
import {
  ECONOMY_TYPES,
  type EconomyType,
  LEVEL_MODES,
  MS_PER_MINUTE,
  type LevelMode,
} from './player.constants';
import { discriminatorFor, normalizeUuid } from './player.identity';

export interface Balance {
  amount: number;
  /** `date` (ms) of the event that set the amount; 0 = never set. */
  asOf: number;
}

export interface LevelProgress {
  level: number;
  experience: number;
}

/**
 * Where an event sorts in a player's history: by `date`, equal dates by event id, then by the sending
 * server (ids are unique per server only). Compared code unit by code unit, never by locale.
 */
export interface EventKey {
  date: number;
  id: string;
  source: string;
}

export interface OpenSession {
  server: string;
  /** `date` of the PLAYER_JOIN that opened it. */
  since: number;
}

/**
 * What the service knows about a player, as the event log has told it. Values never told are
 * 0, '', false or null — never missing.
 */
export interface PlayerProjection {
  /** Dashed lower-case UUID. */
  uuid: string;
  nick: string;
  /**
   * `date` of the registration or rename the nick comes from; 0 while the nick is only the one the
   * player's first event carried (such a player does not hold the nick against one who claimed it).
   */
  nickSince: number;
  discriminator: string;
  /**
   * Registration time (ms), 0 until ECONOMY_REGISTER; the original API's spelling
   * (docs/legacy-clients.md).
   */
  registred: number;
  webGroup: number;
  lastOnline: number;
  lastServer: string;
  isOnline: boolean;
  /**
   * Milliseconds, summed over closed sessions (and the minutes an imported player brought): kept exact
   * so that any order of the same events sums to the same value. Shown in whole minutes
   * (`playedMinutes`).
   */
  playedTime: number;
  mcVersion: string;
  /** Rank id, numeric text. */
  rank: string;
  /** `date` of the event the current rank comes from (0 = never set). */
  rankSince: number;
  tag: string;
  /**
   * Discord id text (exceeds 2^53, so never a number); null until a PLAYER_DISCORD_CONNECT (or an
   * imported player's linked account) sets it — the old system's NULL, which its clients test for.
   */
  discordId: string | null;
  levels: Record<LevelMode, LevelProgress>;
  social: SocialProfile;
  balances: Record<EconomyType, Balance>;
  votesTotal: number;
  lastVote: number;
  openSession: OpenSession | null;
  /**
   * Legacy values of the profile's `deprecated` (docs/legacy-import.md, "Mapping"); no event changes them
   * (ADR 0015).
   */
  deprecated: { votetokens: number; level: number; experience: number };
  /**
   * The newest event (by `EventKey`) folded into this projection; null for a player no event has
   * reached yet. An event that sorts before it cannot be appended: the player is replayed from the log.
   */
  lastEvent: EventKey | null;
}

export type VotePeriod = 'total' | 'month' | 'week';

/** The key of the all-time vote counter. */
export const TOTAL_VOTES_KEY = 'all';

export interface VoteIncrement {
  period: VotePeriod;
  /** 'all' for the total, else a key of votePeriodKeys(). */
  key: string;
  /** How many votes to add (default 1; an imported player brings their counts at once). */
  count?: number;
}

export interface ClosedSession {
  server: string;
  joinedAt: number;
  quitAt: number;
  /** quitAt - joinedAt, ms. */
  duration: number;
}

/** What the event does beyond the player row, for the persistence layer to record. */
export interface ProjectionEffects {
  /** Vote counters to increment by one. */
  votes: VoteIncrement[];
  /** The session the event ended, if any. */
  closedSession: ClosedSession | null;
}

export interface ProjectionContext {
  /** The community's IANA time zone (`TZ_COMMUNITY`), which vote months and weeks follow. */
  timeZone: string;
}

export interface ProjectionResult {
  player: PlayerProjection;
  effects: ProjectionEffects;
}

/**
 * A player nobody has told anything about yet, known under `nick` (held since `nickSince`, 0 = not
 * claimed by a registration or rename).
 *
 * @throws DomainError INVALID_UUID when `uuid` is not a UUID.
 */
export function newPlayer(uuid: string, nick: string, nickSince = 0): PlayerProjection {
  const normalized = normalizeUuid(uuid);
  if (normalized === null) throw DomainError.of('INVALID_UUID');
  return {
    uuid: normalized,
    nick,
    nickSince,
    discriminator: discriminatorFor(normalized),
    registred: 0,
    webGroup: 0,
    lastOnline: 0,
    lastServer: '',
    isOnline: false,
    playedTime: 0,
    mcVersion: '',
    rank: '',
    rankSince: 0,
    tag: '',
    discordId: null,
    levels: Object.fromEntries(LEVEL_MODES.map((mode) => [mode, { level: 0, experience: 0 }])) as Record<
      LevelMode,
      LevelProgress
    >,
    social: { status: '', facebook: null, twitter: null, twitch: null, steam: null, web: null },
    balances: Object.fromEntries(ECONOMY_TYPES.map((type) => [type, { amount: 0, asOf: 0 }])) as Record<
      EconomyType,
      Balance
    >,
    votesTotal: 0,
    lastVote: 0,
    openSession: null,
    deprecated: { votetokens: 0, level: 0, experience: 0 },
    lastEvent: null,
  };
}

/** A copy sharing no object with `player`, so the caller's value is never changed. */
export function copyPlayer(player: PlayerProjection): PlayerProjection {
  return {
    ...player,
    levels: Object.fromEntries(LEVEL_MODES.map((mode) => [mode, { ...player.levels[mode] }])) as Record<
      LevelMode,
      LevelProgress
    >,
    social: { ...player.social },
    balances: Object.fromEntries(ECONOMY_TYPES.map((type) => [type, { ...player.balances[type] }])) as Record<
      EconomyType,
      Balance
    >,
    openSession: player.openSession === null ? null : { ...player.openSession },
    deprecated: { ...player.deprecated },
    lastEvent: player.lastEvent === null ? null : { ...player.lastEvent },
  };
}

/** Ends the open session at `at`, adding its length to the played time. `at` must be >= since. */
function closeSession(player: PlayerProjection, session: OpenSession, at: number): ClosedSession {
  const duration = at - session.since;
  player.playedTime += duration;
  player.openSession = null;
  return { server: session.server, joinedAt: session.since, quitAt: at, duration };
}

/**
 * The event rules (docs/ingestion.md, "Actions and their effect"): what one validated event does to its
 * player — one step of the fold that `foldEvents` (player.history.ts) runs over a player's events in
 * `EventKey` order. Applied in that order, "the last applied value" is "the newest by date, equal dates by
 * event id" for every field group (ADR 0015); callers never apply an event that sorts before one already
 * applied.
 *
 * `current` is the player as stored (null when the uuid is unknown: any event creates the player,
 * under the event's nick, without claiming that nick). Returns a new object; `current` is never
 * modified. `lastEvent` is left to the fold.
 */
export function applyEvent(
  current: PlayerProjection | null,
  event: GameEvent,
  ctx: ProjectionContext,
): ProjectionResult {
  const player = current === null ? newPlayer(event.uuid, event.nick) : copyPlayer(current);
  return { player, effects: applyEventInPlace(player, event, current === null, ctx) };
}

/**
 * `applyEvent` without the copy: changes `player`, which the caller owns (a copy of its own, or a
 * `newPlayer(event.uuid, event.nick)` for the player's first event, with `created`). `foldEvents` copies a player once per fold instead of once per event
 * (the copy was the fold's largest cost in the ingestor's CPU profile, docs/ingestion.md). Never
 * stores an object of `event` in `player`, so later events can change the player in place too.
 *
 * @throws RangeError when the event is for another player.
 */
export function applyEventInPlace(
  player: PlayerProjection,
  event: GameEvent,
  created: boolean,
  ctx: ProjectionContext,
): ProjectionEffects {
  // A created player took the event's uuid (normalized): nothing to compare.
  if (!created && player.uuid !== event.uuid) {
    throw new RangeError(`Event ${event.id} is for ${event.uuid}, not for ${player.uuid}.`);
  }
  const effects: ProjectionEffects = { votes: [], closedSession: null };

  switch (event.kind) {
    case 'register':
      // The first registration claims the player's nick; a repeated one changes nothing.
      if (player.registred === 0) {
        player.registred = event.date;
        if (event.date >= player.nickSince) {
          player.nick = event.nick;
          player.nickSince = event.date;
        }
      }
      break;
    case 'rename':
      // Other events carry the nick too, but only a registration or a rename decides it.
      if (event.date >= player.nickSince) {
        player.nick = event.nick;
        player.nickSince = event.date;
      }
      break;
    case 'balance':
      // new_value is the balance after the change, whatever the operation; the newest one by date wins.
      if (event.date >= player.balances[event.economyType].asOf) {
        player.balances[event.economyType] = { amount: event.amount, asOf: event.date };
      }
      break;
    case 'rank':
      // Staff access follows the rank: a late, older rank event must not undo a newer one (e.g.
      // give back a rank that was taken away).
      if (event.date >= player.rankSince) {
        player.rank = event.newValue;
        player.rankSince = event.date;
      }
      break;
    case 'tag':
      player.tag = event.newValue;
      break;
    case 'discord':
      player.discordId = event.newValue;
      break;
    case 'vote': {
      player.votesTotal += 1;
      player.lastVote = Math.max(player.lastVote, event.date);
      const keys = votePeriodKeys(event.date, ctx.timeZone);
      effects.votes = [
        { period: 'total', key: TOTAL_VOTES_KEY },
        { period: 'month', key: keys.month },
        { period: 'week', key: keys.week },
      ];
      break;
    }
    case 'achievement':
      // Only logged; the points arrive as ECONOMY_ACHIEVEMENTPOINTS_* events.
      break;
    case 'join': {
      const open = player.openSession;
      // Joining while a session is open (a lost quit, or a switch between servers): the open session
      // ends where the new one starts.
      if (open !== null) effects.closedSession = closeSession(player, open, event.date);
      player.isOnline = true;
      player.lastServer = event.server;
      player.lastOnline = Math.max(player.lastOnline, event.date);
      if (event.mcVersion !== '') player.mcVersion = event.mcVersion;
      player.openSession = { server: event.server, since: event.date };
      break;
    }
    case 'quit': {
      const open = player.openSession;
      // A quit from another server than the open session's is the previous server reporting a
      // switch (the proxy sends the player to survival, then the lobby reports its quit): the player
      // is still online on the new server.
      if (open !== null && open.server !== event.server) {
        player.lastOnline = Math.max(player.lastOnline, event.date);
        break;
      }
      if (open !== null) effects.closedSession = closeSession(player, open, event.date);
      player.isOnline = false;
      player.lastOnline = Math.max(player.lastOnline, event.date);
      break;
    }
    case 'level':
      // The global level has no experience (docs/ingestion.md, PLAYER_UPDATE_LEVEL): an experience sent
      // with it is not kept.
      player.levels[event.mode] = {
        level: event.level,
        experience: event.mode === 'global' ? 0 : event.experience,
      };
      break;
    case 'social':
      player.social = { ...player.social, ...event.social };
      break;
    case 'legacy':
      effects.votes = applyLegacySnapshot(player, event.snapshot, event.nick, event.date, created, ctx);
      break;
    default:
      return assertNever(event);
  }
  return effects;
}

/**
 * A player imported from the old system (ADR 0027). The snapshot adds to what live events say and
 * never overrides a newer live value, whatever the order the two arrive in:
 * - dated fields compare dates: registred keeps the earliest, last_online the latest (last_server and
 *   mc_version follow it), another nick is taken only if its date (the old last_online) is the newest,
 *   balances are dated `asOf` like any balance event;
 * - counters add: played time (the old column counts minutes) and votes (total, and month/week of `asOf`); last_vote keeps the latest;
 * - undated fields (levels, Discord id, status) fill only what no live event has set;
 * - the discriminator and the deprecated values exist only in the old system and are always taken.
 * The player stays offline: no session is opened.
 */
function applyLegacySnapshot(
  player: PlayerProjection,
  snapshot: LegacySnapshot,
  nick: string,
  asOf: number,
  created: boolean,
  ctx: ProjectionContext,
): VoteIncrement[] {
  const nickSince = legacyNickSince(snapshot, asOf);
  if (created || (nick !== player.nick && nickSince >= player.nickSince)) {
    player.nick = nick;
    player.nickSince = nickSince;
  } else if (nick === player.nick) {
    // The same nick, known to both: held since the earlier of the two dates, in either order.
    player.nickSince = Math.min(player.nickSince, nickSince);
  }
  if (snapshot.discriminator !== '') player.discriminator = snapshot.discriminator;
  if (snapshot.registred !== 0 && (player.registred === 0 || snapshot.registred < player.registred)) {
    player.registred = snapshot.registred;
  }
  if (player.openSession === null && snapshot.lastOnline >= player.lastOnline) {
    if (snapshot.lastServer !== '') player.lastServer = snapshot.lastServer;
    if (snapshot.mcVersion !== '') player.mcVersion = snapshot.mcVersion;
  }
  player.lastOnline = Math.max(player.lastOnline, snapshot.lastOnline);
  player.playedTime += snapshot.playedTime * MS_PER_MINUTE;
  for (const type of ECONOMY_TYPES) {
    const amount = snapshot.balances[type];
    if (amount !== undefined && asOf >= player.balances[type].asOf) {
      player.balances[type] = { amount, asOf };
    }
  }
  for (const mode of LEVEL_MODES) {
    const told = player.levels[mode];
    if (told.level === 0 && told.experience === 0) player.levels[mode] = { ...snapshot.levels[mode] };
  }
  if (player.discordId === null) player.discordId = snapshot.discordId;
  if (player.social.status === '') player.social.status = snapshot.status;
  player.deprecated = { ...snapshot.deprecated };
  player.votesTotal += snapshot.votes.total;
  player.lastVote = Math.max(player.lastVote, snapshot.votes.lastVote);
  const keys = legacyPeriodKeys(asOf, ctx.timeZone);
  const votes: VoteIncrement[] = [];
  if (snapshot.votes.total > 0)
    votes.push({ period: 'total', key: TOTAL_VOTES_KEY, count: snapshot.votes.total });
  if (snapshot.votes.month > 0) votes.push({ period: 'month', key: keys.month, count: snapshot.votes.month });
  if (snapshot.votes.week > 0) votes.push({ period: 'week', key: keys.week, count: snapshot.votes.week });
  return votes;
}

/** An import dates every event alike: its period keys are computed once, not per player. */
let lastLegacyPeriod: { date: number; timeZone: string; keys: VotePeriodKeys } | null = null;
function legacyPeriodKeys(date: number, timeZone: string): VotePeriodKeys {
  if (lastLegacyPeriod?.date !== date || lastLegacyPeriod.timeZone !== timeZone) {
    lastLegacyPeriod = { date, timeZone, keys: votePeriodKeys(date, timeZone) };
  }
  return lastLegacyPeriod.keys;
}

function assertNever(event: never): never {
  throw new Error(`Unhandled event kind: ${JSON.stringify(event)}`);
}
