// The ingestion load: what 4 game servers post. Each server sends PLAYER_UPDATE_LEVEL events
// (mode survival) of its own quarter of the players (player n plays on server n % 4, as a player is on
// one server at a time), with dates rising per server, so every event is newer than what its player's
// projection has seen (the append path, not a replay). The API ingestor and the raw ceiling
// (raw-ingest.mjs) consume the same generator.
import { nickOf, uuidOf } from './players.mjs';

export const SERVERS = ['survival', 'skyblock', 'creative', 'prison'];
export const tokenOf = (server) => `bench-ingest-token-${server}-0123456789`;

/** A generator of batches for server `index`; `runId` keeps event ids unique across runs. */
export function batchSource(index, players, runId) {
  const server = SERVERS[index];
  // The players of this server: n = index + 1 + 4k for k in 0..perServer-1.
  const perServer = Math.floor((players - index - 1) / SERVERS.length) + 1;
  let counter = 0;
  let lastDate = 0;
  return {
    server,
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
