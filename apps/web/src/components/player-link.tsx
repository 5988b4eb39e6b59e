import { WEB_PATHS } from '@craftstats/contracts';

/** A player's nick linking to the profile page. */
export function PlayerLink({ nick }: { nick: string }) {
  return (
    <a class="player" href={WEB_PATHS.playerByNick(nick)}>
      {nick}
    </a>
  );
}
