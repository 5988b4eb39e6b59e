import type { VoteMonthKey, VoteWeekKey } from '@craftstats/contracts';
import { api } from './api';
import type { Board, BoardRow } from './board-slugs';

export { type Board, type BoardRow, boardOf } from './board-slugs';

/** Loads a board through the contracts' client; `period` is a `?month=`/`?week=` value or ''. */
export async function loadBoard(board: Board, period: string, signal: AbortSignal): Promise<BoardRow[]> {
  const options = { signal };
  if (board.kind === 'level') return api.levelLeaderboard(board.mode, options);
  if (board.period === 'month' && period !== '') return api.monthVotes(period as VoteMonthKey, options);
  if (board.period === 'week' && period !== '') return api.weekVotes(period as VoteWeekKey, options);
  return api.leaderboard(board.name, options);
}
