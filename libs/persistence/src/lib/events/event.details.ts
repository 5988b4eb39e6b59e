import { GameEvent } from '@craftstats/domain';

/**
 * The action-specific fields of an economy-log event, kept with its log row (JSON text) and shown in
 * the staff panel. Achievement completions have their own log with their own columns.
 */
export function eventDetails(event: GameEvent): string | null {
  switch (event.kind) {
    case 'vote':
      return JSON.stringify({ site: event.site });
    case 'join':
      return JSON.stringify({ mc_version: event.mcVersion });
    case 'level':
      return JSON.stringify({ mode: event.mode, level: event.level, experience: event.experience });
    case 'social':
      return JSON.stringify(event.social);
    case 'legacy':
      // The whole imported snapshot: the log alone rebuilds the player (ADR 0027).
      return JSON.stringify(event.snapshot);
    case 'achievement':
    case 'register':
    case 'rename':
    case 'balance':
    case 'rank':
    case 'tag':
    case 'discord':
    case 'quit':
      return null;
  }
}
