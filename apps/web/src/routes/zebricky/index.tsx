import { WEB_LEADERBOARD_SLUGS, WEB_PATHS, type WebLeaderboardSlug } from '@craftstats/contracts';
import { Failure, Loading } from '../../components/failure';
import { PlayerLink } from '../../components/player-link';
import { useTitle } from '../../components/use-title';
import { cs } from '../../i18n/cs';
import { type Board, boardOf, loadBoard } from '../../lib/boards';
import { formatNumber } from '../../lib/format';
import { useApi } from '../../lib/use-api';

/** How many players each board shows on the overview. */
const TOP = 3;

function BoardCard({ slug, board }: { slug: WebLeaderboardSlug; board: Board }) {
  const [rows, retry] = useApi((signal) => loadBoard(board, '', signal), [slug]);
  const name = cs.leaderboards.names[slug];
  return (
    <section class="card" aria-labelledby={`board-${slug}`}>
      <h2 id={`board-${slug}`}>
        <a href={WEB_PATHS.leaderboard(slug)}>{name}</a>
      </h2>
      {rows.state === 'loading' ? (
        <Loading />
      ) : rows.state === 'failed' ? (
        <Failure error={rows.error} retry={retry} />
      ) : rows.data.length === 0 ? (
        <p class="muted">{cs.leaderboards.empty}</p>
      ) : (
        <ol class="podium">
          {rows.data.slice(0, TOP).map((row) => (
            <li key={row.uuid}>
              <PlayerLink nick={row.nick} />
              <span class="num">
                {board.kind === 'level'
                  ? `${cs.leaderboards.level} ${formatNumber(row.level ?? 0)}`
                  : formatNumber(row.value ?? 0)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href={WEB_PATHS.leaderboard(slug)}>
          {cs.leaderboards.top(50)}
          <span class="visually-hidden"> – {name}</span>
        </a>
      </p>
    </section>
  );
}

/** `/zebricky`: every leaderboard with its top three. */
export function LeaderboardsPage() {
  useTitle(cs.titles.leaderboards);
  return (
    <>
      <h1>{cs.leaderboards.heading}</h1>
      <p>{cs.leaderboards.intro}</p>
      <div class="grid boards">
        {WEB_LEADERBOARD_SLUGS.map((slug) => {
          const board = boardOf(slug);
          return board === null ? null : <BoardCard key={slug} slug={slug} board={board} />;
        })}
      </div>
    </>
  );
}
