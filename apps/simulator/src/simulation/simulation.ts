import {
  type EconomyType,
  type IngestEvent,
  type IngestEventBase,
  LEVEL_MODES,
  type PlayerProfile,
  newEventId,
} from '@craftstats/contracts';
import {
  ACHIEVEMENTS,
  MC_VERSIONS,
  SERVERS,
  SERVER_WEIGHTS,
  STAFF_NICKS,
  STATUSES,
  type ServerName,
  TAG_IDS,
  VOTE_SITES,
} from './catalog';
import { type SimPlayer, createPlayerPool } from './players';
import { Random } from './random';

export interface SimulationOptions {
  /** Seed of the activity (who does what when); the player pool itself is always the same. */
  seed: number;
  /** The demo staff member (gets a staff rank first, so that its password can be set). */
  staffNick: string;
  /** Rank ids that make a player staff (STAFF_RANK_IDS). */
  staffRankIds: readonly string[];
  /** Event id factory; default `newEventId('sim')` (random, so ids never repeat across runs). */
  newId?: () => string;
}

/** The status responder reports this many slots. */
export const MAX_PLAYERS = 500;
/** Players of the opening wave besides the staff members. */
const OPENING_PLAYERS = 8;

type Activity =
  | 'register'
  | 'join'
  | 'quit'
  | 'switchServer'
  | 'earnCoins'
  | 'spendCoins'
  | 'vote'
  | 'voteShop'
  | 'buyTokens'
  | 'spendTokens'
  | 'karma'
  | 'eventWin'
  | 'eventShop'
  | 'pointShop'
  | 'achievement'
  | 'level'
  | 'social'
  | 'tag'
  | 'discord'
  | 'rankUp';

/** Experience needed for a level: level = floor(sqrt(experience / 40)). */
const levelOf = (experience: number): number => Math.floor(Math.sqrt(experience / 40));

/**
 * The simulated game servers: a pure state machine over a seeded generator. Each call returns the
 * events that happened, in order, with strictly increasing dates, and updates the simulator's own view
 * of every player so that the values it sends are coherent (a TAKE never goes below zero, `old_value`
 * is the previous `new_value`, a player's first event is ECONOMY_REGISTER, only online players play).
 */
export class Simulation {
  readonly players: SimPlayer[];
  /** The demo staff member (DEMO_STAFF_NICK). */
  readonly staffMember: SimPlayer;
  private readonly random: Random;
  private readonly newId: () => string;
  private readonly staffRankIds: readonly string[];
  private readonly playerRankIds: string[];
  private now = 0;
  private lastDate = 0;
  private batch: IngestEvent[] = [];

  constructor(options: SimulationOptions) {
    if (options.staffRankIds.length === 0) throw new RangeError('staffRankIds must not be empty');
    this.random = new Random(options.seed);
    this.newId = options.newId ?? (() => newEventId('sim'));
    this.staffRankIds = options.staffRankIds;
    // Ordinary (donor) ranks: small ids that are not staff ranks.
    this.playerRankIds = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].filter(
      (id) => !options.staffRankIds.includes(id),
    );
    this.players = createPlayerPool(options.staffNick, STAFF_NICKS);
    const staffMember = this.players.find((p) => p.nick.toLowerCase() === options.staffNick.toLowerCase());
    if (!staffMember) throw new Error(`the pool lacks the demo staff member ${options.staffNick}`);
    this.staffMember = staffMember;
  }

  /** Players online right now (what the Server List Ping reports). */
  onlineCount(): number {
    return this.players.filter((player) => player.online !== null).length;
  }

  /**
   * Takes over what an earlier run left in the database — the API's profile, plus what the profile
   * does not carry: the event points (leaderboard) and the rank (staff list) — so that a restarted demo
   * continues coherently.
   */
  resume(profile: PlayerProfile, extra: { eventPoints?: number; rank?: string } = {}): void {
    const player = this.players.find((candidate) => candidate.uuid === profile.uuid);
    if (!player) return;
    player.registered = true;
    player.mcVersion = profile.mc_version;
    player.votes = profile.votes.total;
    player.discordId = profile.discord.id;
    player.balances = {
      CRAFTCOINS: profile.economy.craftcoins,
      CRAFTTOKENS: profile.economy.crafttokens,
      VOTETOKENS: profile.economy.votetokens,
      KARMA: profile.economy.karma,
      ACHIEVEMENTPOINTS: profile.economy.achievement_points,
      EVENTPOINTS: extra.eventPoints ?? 0,
    };
    player.rank = extra.rank ?? null;
    for (const mode of LEVEL_MODES) {
      const ranked = profile.ranked as unknown as Record<string, number>;
      player.levels[mode] = {
        level: ranked[`${mode}_level`] ?? 0,
        experience: ranked[`${mode}_experience`] ?? 0,
      };
    }
    // A player the last run left online (it stopped without its quit events) plays on and quits later.
    if (profile.is_online) {
      const server = Object.hasOwn(SERVERS, profile.last_server)
        ? (profile.last_server as ServerName)
        : 'lobby';
      player.online = { server };
    }
  }

  /**
   * The opening burst: the staff members get their staff rank (registering first when new), the demo
   * staff member joins, and a first wave of players registers, joins, earns, votes and wins an event,
   * so that every leaderboard, log and count has rows within the first request.
   */
  start(now: number): IngestEvent[] {
    this.begin(now);
    // Each staff member always gets the same rank (the demo staff member the first one).
    const staff = this.players.filter((player) => player.staff);
    staff.forEach((player, index) => {
      if (!player.registered) this.register(player, 'lobby');
      const rank = this.staffRankIds[index % this.staffRankIds.length];
      if (player.rank !== rank) this.setRank(player, rank);
    });
    const demoStaff = this.staffMember;
    if (demoStaff.online === null) this.join(demoStaff, 'lobby');

    const wave = this.players.filter((player) => !player.registered).slice(0, OPENING_PLAYERS);
    for (const player of wave) this.registerAndJoin(player);
    for (const player of wave.slice(0, 4)) this.vote(player);
    this.earnCoins(wave[0] ?? demoStaff);
    this.buyTokens(wave[1] ?? demoStaff);
    const eventPlayer = wave[2] ?? demoStaff;
    this.switchServer(eventPlayer, 'event');
    this.eventWin(eventPlayer);
    return this.end();
  }

  /** One step of everyday life on the servers: 3 to 10 events (a few more when one action needs two). */
  tick(now: number): IngestEvent[] {
    this.begin(now);
    const target = this.random.int(3, 10);
    let attempts = 0;
    while (this.batch.length < target && attempts++ < 100) this.act(this.random.weighted(this.weights()));
    return this.end();
  }

  /** Everybody still online quits (the servers shut down). */
  stop(now: number): IngestEvent[] {
    this.begin(now);
    for (const player of this.players) if (player.online !== null) this.quit(player);
    return this.end();
  }

  // ---- choosing what happens ----

  private registered(): SimPlayer[] {
    return this.players.filter((player) => player.registered);
  }

  private online(filter: (player: SimPlayer) => boolean = () => true): SimPlayer[] {
    return this.players.filter((player) => player.online !== null && filter(player));
  }

  private weights(): Record<Activity, number> {
    const registered = this.registered();
    const online = this.online().length;
    const offline = registered.length - online;
    // About 40 % of the registered players are online at a time.
    const target = Math.max(3, Math.round(registered.length * 0.4));
    const has = (list: unknown[]) => (list.length > 0 ? 1 : 0);
    const onlineAny = online > 0 ? 1 : 0;
    return {
      register: registered.length < this.players.length ? 1.5 : 0,
      join: offline > 0 ? (online < target ? 4 : 1) : 0,
      quit: online > 1 ? (online > target ? 4 : 1.5) : 0,
      switchServer: onlineAny * 1.5,
      earnCoins: onlineAny * 6,
      spendCoins: has(this.online((p) => p.balances.CRAFTCOINS >= 50)) * 3,
      vote: has(registered) * 3,
      voteShop: has(this.online((p) => p.balances.VOTETOKENS >= 3)) * 1,
      buyTokens: has(registered) * 0.7,
      spendTokens: has(this.online((p) => p.balances.CRAFTTOKENS >= 50)) * 1,
      karma: onlineAny * 1.5,
      eventWin: has(this.online((p) => p.online?.server === 'event')) * 2,
      eventShop: has(this.online((p) => p.balances.EVENTPOINTS >= 5)) * 0.5,
      pointShop: has(this.online((p) => p.balances.ACHIEVEMENTPOINTS >= 20)) * 0.4,
      achievement: has(this.online((p) => this.openAchievements(p).length > 0)) * 2,
      level: has(this.online((p) => SERVERS[this.serverOf(p)] !== null)) * 3,
      social: has(registered) * 0.3,
      tag: onlineAny * 0.3,
      discord: has(registered.filter((p) => p.discordId === null)) * 0.3,
      rankUp: has(registered.filter((p) => !p.staff)) * (this.playerRankIds.length > 0 ? 0.3 : 0),
    };
  }

  private act(activity: Activity): void {
    const pick = (list: SimPlayer[]): SimPlayer | undefined =>
      list.length > 0 ? this.random.pick(list) : undefined;
    const registered = this.registered();
    switch (activity) {
      case 'register': {
        const player = pick(this.players.filter((p) => !p.registered));
        if (player) this.registerAndJoin(player);
        return;
      }
      case 'join': {
        const player = pick(registered.filter((p) => p.online === null));
        if (player) this.join(player, this.random.weighted(SERVER_WEIGHTS));
        return;
      }
      case 'quit': {
        const player = pick(this.online());
        if (player) this.quit(player);
        return;
      }
      case 'switchServer': {
        const player = pick(this.online());
        if (player) this.switchServer(player, this.random.weighted(SERVER_WEIGHTS));
        return;
      }
      case 'earnCoins':
        return this.withPlayer(pick(this.online()), (player) => this.earnCoins(player));
      case 'spendCoins':
        return this.withPlayer(pick(this.online((p) => p.balances.CRAFTCOINS >= 50)), (player) => {
          const amount = this.random.int(50, Math.min(player.balances.CRAFTCOINS, 2000));
          this.changeBalance(player, 'CRAFTCOINS', -amount, this.serverOf(player), 'shop');
        });
      case 'vote':
        return this.withPlayer(pick(registered), (player) => this.vote(player));
      case 'voteShop':
        return this.withPlayer(pick(this.online((p) => p.balances.VOTETOKENS >= 3)), (player) =>
          this.changeBalance(
            player,
            'VOTETOKENS',
            -this.random.int(3, player.balances.VOTETOKENS),
            this.serverOf(player),
            'voteshop',
          ),
        );
      case 'buyTokens':
        return this.withPlayer(pick(registered), (player) => this.buyTokens(player));
      case 'spendTokens':
        return this.withPlayer(pick(this.online((p) => p.balances.CRAFTTOKENS >= 50)), (player) =>
          this.changeBalance(
            player,
            'CRAFTTOKENS',
            -50 * this.random.int(1, Math.floor(player.balances.CRAFTTOKENS / 50)),
            this.serverOf(player),
            'shop',
          ),
        );
      case 'karma':
        return this.withPlayer(pick(this.online()), (player) => {
          const loss = player.balances.KARMA > 0 && this.random.chance(0.25);
          const amount = loss
            ? -this.random.int(1, Math.min(5, player.balances.KARMA))
            : this.random.int(1, 5);
          this.changeBalance(player, 'KARMA', amount, this.serverOf(player), 'karma');
        });
      case 'eventWin':
        return this.withPlayer(pick(this.online((p) => p.online?.server === 'event')), (player) =>
          this.eventWin(player),
        );
      case 'eventShop':
        return this.withPlayer(pick(this.online((p) => p.balances.EVENTPOINTS >= 5)), (player) =>
          this.changeBalance(player, 'EVENTPOINTS', -5, this.serverOf(player), 'eventshop'),
        );
      case 'pointShop':
        return this.withPlayer(pick(this.online((p) => p.balances.ACHIEVEMENTPOINTS >= 20)), (player) =>
          this.changeBalance(
            player,
            'ACHIEVEMENTPOINTS',
            -this.random.int(2, 4) * 5,
            this.serverOf(player),
            'achievementshop',
          ),
        );
      case 'achievement':
        return this.withPlayer(pick(this.online((p) => this.openAchievements(p).length > 0)), (player) =>
          this.completeAchievement(player, this.random.pick(this.openAchievements(player)).id),
        );
      case 'level':
        return this.withPlayer(pick(this.online((p) => SERVERS[this.serverOf(p)] !== null)), (player) =>
          this.gainExperience(player),
        );
      case 'social':
        return this.withPlayer(pick(registered), (player) => this.updateSocial(player));
      case 'tag':
        return this.withPlayer(pick(this.online()), (player) =>
          this.push({
            ...this.base(player, this.serverOf(player)),
            action: 'PLAYER_SET_TAG',
            new_value: this.random.pick(TAG_IDS),
          }),
        );
      case 'discord':
        return this.withPlayer(pick(registered.filter((p) => p.discordId === null)), (player) => {
          player.discordId = this.random.digits(this.random.int(18, 19));
          this.push({
            ...this.base(player, 'lobby', 'discord'),
            action: 'PLAYER_DISCORD_CONNECT',
            new_value: player.discordId,
          });
        });
      case 'rankUp':
        return this.withPlayer(pick(registered.filter((p) => !p.staff)), (player) =>
          this.setRank(player, this.random.pick(this.playerRankIds)),
        );
    }
  }

  /** Where the player is (online players; the lobby for votes and purchases of offline ones). */
  private serverOf(player: SimPlayer): ServerName {
    return player.online?.server ?? 'lobby';
  }

  private withPlayer(player: SimPlayer | undefined, action: (player: SimPlayer) => void): void {
    if (player) action(player);
  }

  private openAchievements(player: SimPlayer) {
    return ACHIEVEMENTS.filter(
      (a) =>
        !a.awardedFor &&
        !player.achievements.has(a.id) &&
        (a.server === undefined || a.server === player.online?.server),
    );
  }

  // ---- what happens, as events ----

  private register(player: SimPlayer, server: ServerName): void {
    player.registered = true;
    this.push({ ...this.base(player, server), action: 'ECONOMY_REGISTER' });
  }

  private registerAndJoin(player: SimPlayer): void {
    this.register(player, 'lobby');
    this.join(player, 'lobby');
    this.completeAchievement(player, 'first_join');
  }

  private join(player: SimPlayer, server: ServerName): void {
    if (player.mcVersion === '' || this.random.chance(0.05)) player.mcVersion = this.random.pick(MC_VERSIONS);
    player.online = { server };
    this.push({ ...this.base(player, server), action: 'PLAYER_JOIN', mc_version: player.mcVersion });
  }

  private quit(player: SimPlayer): void {
    const server = this.serverOf(player);
    player.online = null;
    this.push({ ...this.base(player, server), action: 'PLAYER_QUIT' });
  }

  private switchServer(player: SimPlayer, server: ServerName): void {
    if (player.online?.server === server) return;
    if (player.online !== null) this.quit(player);
    this.join(player, server);
  }

  private earnCoins(player: SimPlayer): void {
    const server = this.serverOf(player);
    this.changeBalance(
      player,
      'CRAFTCOINS',
      this.random.int(1, 50) * 10,
      server,
      this.random.pick(['jobs', 'quests', 'auction', server]),
    );
    if (player.balances.CRAFTCOINS >= 10_000 && !player.achievements.has('rich_10k'))
      this.completeAchievement(player, 'rich_10k');
  }

  private buyTokens(player: SimPlayer): void {
    this.changeBalance(player, 'CRAFTTOKENS', this.random.pick([50, 100, 250, 500, 1000]), 'web', 'webstore');
  }

  private vote(player: SimPlayer): void {
    const server = this.serverOf(player);
    player.votes++;
    this.push({
      ...this.base(player, server, 'votifier'),
      action: 'PLAYER_VOTE',
      site: this.random.pick(VOTE_SITES),
    });
    this.changeBalance(player, 'VOTETOKENS', this.random.int(1, 3), server, 'votifier');
    if (!player.achievements.has('first_vote')) this.completeAchievement(player, 'first_vote');
  }

  private eventWin(player: SimPlayer): void {
    this.changeBalance(player, 'EVENTPOINTS', this.random.int(1, 5), 'event', 'event');
    if (!player.achievements.has('event_win')) this.completeAchievement(player, 'event_win');
  }

  private completeAchievement(player: SimPlayer, id: string): void {
    const achievement = ACHIEVEMENTS.find((a) => a.id === id);
    if (!achievement || player.achievements.has(id)) return;
    player.achievements.add(id);
    const server = this.serverOf(player);
    this.push({
      ...this.base(player, server),
      action: 'ACHIEVEMENT_COMPLETE',
      ach_id: achievement.id,
      ach_name: achievement.name,
      ach_value: achievement.points,
    });
    this.changeBalance(player, 'ACHIEVEMENTPOINTS', achievement.points, server, 'achievements');
  }

  private gainExperience(player: SimPlayer): void {
    const server = this.serverOf(player);
    const mode = SERVERS[server];
    if (mode === null) return;
    if (mode === 'global') {
      // The lobby has no experience of its own: the global level follows the sum of the mode levels.
      const sum = LEVEL_MODES.filter((m) => m !== 'global').reduce(
        (total, m) => total + player.levels[m].level,
        0,
      );
      const level = Math.max(1, Math.floor(sum / 2));
      if (level === player.levels.global.level) return;
      player.levels.global.level = level;
      this.push({ ...this.base(player, server), action: 'PLAYER_UPDATE_LEVEL', mode: 'global', level });
      return;
    }
    const stats = player.levels[mode];
    stats.experience += this.random.int(5, 60) * 10;
    stats.level = levelOf(stats.experience);
    this.push({
      ...this.base(player, server),
      action: 'PLAYER_UPDATE_LEVEL',
      mode,
      level: stats.level,
      experience: stats.experience,
    });
  }

  private updateSocial(player: SimPlayer): void {
    const handle = player.nick.toLowerCase();
    this.push({
      ...this.base(player, 'web', 'web'),
      action: 'PLAYER_UPDATE_SOCIAL',
      status: this.random.pick(STATUSES),
      ...(this.random.chance(0.5) ? { twitch: `https://www.twitch.tv/${handle}` } : {}),
      ...(this.random.chance(0.3) ? { steam: `https://steamcommunity.com/id/${handle}` } : {}),
      ...(this.random.chance(0.2) ? { web: null } : {}),
    });
  }

  private setRank(player: SimPlayer, rank: string): void {
    const old = player.rank ?? '0';
    player.rank = rank;
    this.push({
      ...this.base(player, 'lobby', 'console'),
      action: 'PLAYER_UPDATE_RANK',
      old_value: old,
      new_value: rank,
    });
  }

  /** ADD (positive `delta`) or TAKE (negative): `old_value` is the current balance, `new_value` the result. */
  private changeBalance(
    player: SimPlayer,
    type: EconomyType,
    delta: number,
    server: ServerName | 'web',
    sender: string,
  ): void {
    if (delta === 0) return;
    const old = player.balances[type];
    const next = old + delta;
    if (next < 0) throw new RangeError(`${player.nick}: ${type} would become ${next}`);
    player.balances[type] = next;
    this.push({
      ...this.base(player, server, sender),
      action: delta > 0 ? (`ECONOMY_${type}_ADD` as const) : (`ECONOMY_${type}_TAKE` as const),
      old_value: old,
      new_value: next,
    });
  }

  // ---- plumbing ----

  private begin(now: number): void {
    this.now = now;
    this.batch = [];
  }

  private end(): IngestEvent[] {
    const batch = this.batch;
    this.batch = [];
    return batch;
  }

  private base(player: SimPlayer, server: string, sender?: string): Omit<IngestEventBase, 'action'> {
    // Strictly increasing dates: the ingestor orders balance changes by date.
    this.lastDate = Math.max(this.now, this.lastDate + 1);
    return {
      id: this.newId(),
      uuid: player.uuid,
      nick: player.nick,
      server,
      ...(sender === undefined ? {} : { sender }),
      date: this.lastDate,
    };
  }

  private push(event: IngestEvent): void {
    this.batch.push(event);
  }
}
