// The ingestion load: what 4 game servers post, in two mixes. Each server sends events of its own
// quarter of the players (player n plays on server n % 4, as a player is on one server at a time), with
// dates rising per server from `fromDate`, so every event is newer than what its player's projection has
// seen (the append path, not a replay). Dates rise by at least 1 ms per event, so a fast run sends dates
// ahead of the clock: bench.mjs passes each run the date after the last one any earlier run sent
// (`lastDate()`), or the next run's events would arrive late and replay their players from the log.
// The API ingestor (ingest-load.mjs) and the raw ceiling (raw-ingest.mjs) consume the same generator.
//   mixed: the realistic mix of docs/performance.md (mixedBatchSource): 100 players × 5 events per batch of 500.
//   level: PLAYER_UPDATE_LEVEL (mode survival) of 500 random players (batchSource): every event's whole
//          effect is what the raw ceiling writes, a log row and a players row.
import { nickOf, uuidOf } from './players.mjs';

export const SERVERS = ['survival', 'skyblock', 'creative', 'prison'];
export const tokenOf = (server) => `bench-ingest-token-${server}-0123456789`;

/** A generator of batches for server `index`; `runId` keeps event ids unique across runs. */
export function batchSource(index, players, runId, fromDate = 0) {
  const server = SERVERS[index];
  // The players of this server: n = index + 1 + 4k for k in 0..perServer-1.
  const perServer = Math.floor((players - index - 1) / SERVERS.length) + 1;
  let counter = 0;
  let lastDate = fromDate - 1;
  return {
    server,
    mode: 'survival',
    lastDate: () => lastDate,
    next(size) {
      const events = [];
      for (let i = 0; i < size; i++) {
        const n = index + 1 + SERVERS.length * Math.floor(Math.random() * perServer);
        lastDate = Math.max(Date.now(), lastDate + 1);
        counter++;
        events.push({
          id: `${runId}-${server}-${counter}`,
          action: 'PLAYER_UPDATE_LEVEL',
          uuid: uuidOf(n),
          nick: nickOf(n),
          server,
          date: lastDate,
          mode: 'survival',
          level: 1 + Math.floor(Math.random() * 120),
          experience: Math.floor(Math.random() * 50_000),
        });
      }
      return events;
    },
  };
}

/** The modes a server's level events are for: survival on survival, …; the ceiling's upsert sets them. */
export const MODE_OF_SERVER = {
  survival: 'survival',
  skyblock: 'skyblock',
  creative: 'creative',
  prison: 'prison',
};
const CURRENCIES = [
  ['CRAFTCOINS', 40],
  ['CRAFTTOKENS', 15],
  ['VOTETOKENS', 15],
  ['KARMA', 10],
  ['ACHIEVEMENTPOINTS', 10],
  ['EVENTPOINTS', 10],
];
/** Share of each kind among the events of an existing player (percent, sums to 100). */
const MIX = [
  ['economy', 35],
  ['vote', 12],
  ['join', 12],
  ['quit', 12],
  ['level', 14],
  ['achievement', 15],
];
const pick = (weighted) => {
  let r = Math.random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted.at(-1)[0];
};
const SITES = ['czech-craft.eu', 'minecraft-list.cz', 'minecraftservery.eu'];
const ACHIEVEMENTS = ['first_diamond', 'nether_trip', 'builder_100', 'miner_1000', 'voter_30'];

/** FNV-1a of a text, 32 bits: new players' uuids carry it, so each generator run creates its own. */
function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The realistic mix (docs/performance.md) for server `index`: a batch of `size` events is `size / 5` players of
 * the server's quarter, 5 events each with rising dates — balance changes (ECONOMY_{currency}_ADD,
 * _TAKE, a few _RESET, across the six currencies), votes, joins, quits, level updates (the server's
 * mode) and achievements — and every 50th player of a batch (2 %) is new: their first event is ECONOMY_REGISTER and
 * their uuid is one no earlier run has used (it carries a hash of `runId`). Shares: MIX above.
 */
export function mixedBatchSource(index, players, runId, fromDate = 0) {
  const server = SERVERS[index];
  const mode = MODE_OF_SERVER[server];
  const perServer = Math.floor((players - index - 1) / SERVERS.length) + 1;
  const runHash = fnv(runId);
  let counter = 0;
  let created = 0;
  let lastDate = fromDate - 1;
  const nextDate = () => (lastDate = Math.max(Date.now(), lastDate + 1));
  const event = (action, n, fields) => {
    counter++;
    return {
      id: `${runId}-${server}-${counter}`,
      action,
      uuid: n.uuid,
      nick: n.nick,
      server,
      date: nextDate(),
      ...fields,
    };
  };
  const eventOf = (kind, player) => {
    switch (kind) {
      case 'economy': {
        const currency = pick(CURRENCIES);
        const r = Math.random();
        const op = r < 0.05 ? 'RESET' : r < 0.55 ? 'ADD' : 'TAKE';
        return event(
          `ECONOMY_${currency}_${op}`,
          player,
          op === 'RESET' ? {} : { old_value: '0', new_value: String(Math.floor(Math.random() ** 4 * 1e7)) },
        );
      }
      case 'vote':
        return event('PLAYER_VOTE', player, { site: SITES[counter % SITES.length] });
      case 'join':
        return event('PLAYER_JOIN', player, { mc_version: '1.21.1' });
      case 'quit':
        return event('PLAYER_QUIT', player, {});
      case 'level':
        return event('PLAYER_UPDATE_LEVEL', player, {
          mode,
          level: 1 + Math.floor(Math.random() * 120),
          experience: Math.floor(Math.random() * 50_000),
        });
      case 'achievement': {
        const id = ACHIEVEMENTS[Math.floor(Math.random() * ACHIEVEMENTS.length)];
        return event('ACHIEVEMENT_COMPLETE', player, {
          ach_id: id,
          ach_name: `Úspěch ${id}`,
          ach_value: 1 + Math.floor(Math.random() * 100),
        });
      }
      default:
        throw new Error(`unknown event kind ${kind}`);
    }
  };
  return {
    server,
    mode,
    lastDate: () => lastDate,
    next(size) {
      const events = [];
      const playersInBatch = Math.max(1, Math.round(size / 5));
      const chosen = new Set();
      for (let p = 0; p < playersInBatch && events.length < size; p++) {
        const perPlayer = p === playersInBatch - 1 ? size - events.length : Math.min(5, size - events.length);
        let player;
        let first = null;
        if (p % 50 === 49) {
          created++;
          player = {
            uuid: `${created.toString(16).padStart(8, '0')}-000${index}-4e00-8000-${runHash.toString(16).padStart(12, '0')}`,
            nick: `Novy_${runHash.toString(36)}_${index}_${created}`,
          };
          first = 'register';
        } else {
          let n;
          do n = index + 1 + SERVERS.length * Math.floor(Math.random() * perServer);
          while (chosen.has(n) && chosen.size < perServer);
          chosen.add(n);
          player = { uuid: uuidOf(n), nick: nickOf(n) };
        }
        for (let e = 0; e < perPlayer; e++) {
          events.push(
            e === 0 && first === 'register'
              ? event('ECONOMY_REGISTER', player, {})
              : eventOf(pick(MIX), player),
          );
        }
      }
      return events;
    },
  };
}

/**
 * The batch source of a mix: `mixed` (the realistic mix) or `level` (PLAYER_UPDATE_LEVEL only),
 * its dates from `fromDate` (ms) on.
 */
export function sourceOf(mix, index, players, runId, fromDate) {
  if (mix === 'mixed') return mixedBatchSource(index, players, runId, fromDate);
  if (mix === 'level') return batchSource(index, players, runId, fromDate);
  throw new Error(`unknown event mix ${mix}`);
}
