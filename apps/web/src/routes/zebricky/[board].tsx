import { WEB_PATHS } from '@craftstats/contracts';
import { BoardsNav } from '../../components/boards-nav';
import { Failure, Loading } from '../../components/failure';
import { LeaderboardTable } from '../../components/leaderboard-table';
import { useTitle } from '../../components/use-title';
import { cs } from '../../i18n/cs';
import { type Board, boardOf, loadBoard } from '../../lib/boards';
import { monthLabel, pastMonths, pastWeeks, weekLabel } from '../../lib/periods';
import { navigate, useLocation } from '../../lib/router';
import { useApi } from '../../lib/use-api';

/** How many past months or weeks the period picker offers (a URL may name any other). */
const PAST_PERIODS = 12;

function PeriodPicker({ board, value }: { board: Board & { kind: 'value' }; value: string }) {
  const param = board.period === 'month' ? 'month' : 'week';
  const now = Date.now();
  const keys = board.period === 'month' ? pastMonths(now, PAST_PERIODS) : pastWeeks(now, PAST_PERIODS);
  if (value !== '' && !keys.includes(value)) keys.unshift(value);
  const label = (key: string): string =>
    board.period === 'month' ? monthLabel(key) : cs.leaderboards.weekOf(weekLabel(key));
  return (
    <div class="period">
      <label for="period">{cs.leaderboards.period}</label>
      <select
        id="period"
        value={value}
        onChange={(event) => {
          const next = (event.target as HTMLSelectElement).value;
          const base = WEB_PATHS.leaderboard(board.slug);
          navigate(next === '' ? base : `${base}?${param}=${encodeURIComponent(next)}`);
        }}
      >
        <option value="">
          {board.period === 'month' ? cs.leaderboards.currentMonth : cs.leaderboards.currentWeek}
        </option>
        {keys.map((key) => (
          <option key={key} value={key}>
            {label(key)}
          </option>
        ))}
      </select>
    </div>
  );
}

function BoardView({ board, period }: { board: Board; period: string }) {
  const [rows, retry] = useApi((signal) => loadBoard(board, period, signal), [board.slug, period]);
  const name = cs.leaderboards.names[board.slug];
  const note = cs.leaderboards.notes[board.slug];
  return (
    <>
      <h1>{name}</h1>
      {note === undefined ? null : <p class="muted">{note}</p>}
      {board.kind === 'value' && board.period !== undefined ? (
        <PeriodPicker board={board} value={period} />
      ) : null}
      {rows.state === 'loading' ? (
        <Loading />
      ) : rows.state === 'failed' ? (
        <Failure error={rows.error} retry={retry} />
      ) : (
        <LeaderboardTable
          rows={rows.data}
          kind={board.kind}
          caption={name}
          valueLabel={/votes$/.test(board.slug) ? cs.leaderboards.votes : cs.leaderboards.value}
        />
      )}
    </>
  );
}

/** `/zebricky/:board`: one leaderboard's top 50; month and week boards with `?month=` / `?week=`. */
export function BoardPage({ slug }: { slug: string }) {
  const { query } = useLocation();
  const board = boardOf(slug);
  useTitle(board === null ? cs.titles.notFound : cs.leaderboards.names[board.slug]);
  const period =
    board?.kind === 'value' && board.period === 'month'
      ? (query.get('month') ?? '')
      : board?.kind === 'value' && board.period === 'week'
        ? (query.get('week') ?? '')
        : '';
  return (
    <div class="board-page">
      <BoardsNav current={board?.slug} />
      <div class="board-main">
        {board === null ? (
          <>
            <h1>{cs.titles.notFound}</h1>
            <p role="alert">{cs.leaderboards.unknown(slug)}</p>
          </>
        ) : (
          <BoardView board={board} period={period} />
        )}
      </div>
    </div>
  );
}
