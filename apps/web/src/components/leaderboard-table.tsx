import type { BoardRow } from '../lib/boards';
import { formatNumber } from '../lib/format';
import { cs } from '../i18n/cs';
import { PlayerLink } from './player-link';

/** A board's rows: rank, player and the value (or level and experience). */
export function LeaderboardTable({
  rows,
  kind,
  caption,
  valueLabel = cs.leaderboards.value,
}: {
  rows: BoardRow[];
  kind: 'value' | 'level';
  caption: string;
  valueLabel?: string;
}) {
  if (rows.length === 0) return <p class="muted">{cs.leaderboards.empty}</p>;
  return (
    <table class="board">
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" class="num">
            {cs.common.rank}
          </th>
          <th scope="col">{cs.common.player}</th>
          {kind === 'level' ? (
            <>
              <th scope="col" class="num">
                {cs.leaderboards.level}
              </th>
              <th scope="col" class="num">
                {cs.leaderboards.experience}
              </th>
            </>
          ) : (
            <th scope="col" class="num">
              {valueLabel}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.uuid}>
            <td class="num">{row.index}.</td>
            <td>
              <PlayerLink nick={row.nick} />
            </td>
            {kind === 'level' ? (
              <>
                <td class="num">{formatNumber(row.level ?? 0)}</td>
                <td class="num">{formatNumber(row.experience ?? 0)}</td>
              </>
            ) : (
              <td class="num">{formatNumber(row.value ?? 0)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
