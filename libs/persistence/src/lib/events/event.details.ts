import { GameEvent } from '@craftstats/domain';

/** The action-specific fields of an event, kept with its log row (JSON text) for the staff panel. */
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
    case 'achievement':
      return JSON.stringify({ ach_id: event.achId, ach_name: event.achName, ach_value: event.achValue });
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
