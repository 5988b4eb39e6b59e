import { WEB_LEADERBOARD_SLUGS, WEB_PATHS } from '@craftstats/contracts';
import { cs } from '../i18n/cs';

/** Links to every leaderboard; the shown one is marked as the current page. */
export function BoardsNav({ current }: { current?: string }) {
  return (
    <nav class="boards-nav" aria-label={cs.leaderboards.boardsNav}>
      <ul>
        {WEB_LEADERBOARD_SLUGS.map((slug) => (
          <li key={slug}>
            <a href={WEB_PATHS.leaderboard(slug)} aria-current={slug === current ? 'page' : undefined}>
              {cs.leaderboards.names[slug]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
