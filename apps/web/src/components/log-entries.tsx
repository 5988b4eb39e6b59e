import type { ComponentChildren } from 'preact';
import {
  type AchievementLogEntry,
  type EconomyLogEntry,
  type PanelEventDetails,
  economyBalanceActionParts,
  isEconomyBalanceAction,
} from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { formatDateTime, formatNumericText, msFromText } from '../lib/format';
import { PlayerLink } from './player-link';

/** "CraftCoins: přidání" for ECONOMY_CRAFTCOINS_ADD; the Czech name of any other action. */
export function actionLabel(action: string): string {
  if (isEconomyBalanceAction(action)) {
    const { economyType, operation } = economyBalanceActionParts(action);
    return `${cs.economyTypes[economyType]}: ${cs.economyOperations[operation]}`;
  }
  return (cs.actions as Record<string, string | undefined>)[action] ?? action;
}

/** What changed, readable: balances as grouped numbers, ranks and tags as they are. */
function change(entry: Pick<EconomyLogEntry, 'old_value' | 'new_value'> & { action: string }): string | null {
  if (isEconomyBalanceAction(entry.action))
    return `${formatNumericText(entry.old_value)} → ${formatNumericText(entry.new_value)}`;
  if (entry.action === 'PLAYER_UPDATE_RANK' || entry.action === 'PLAYER_SET_TAG')
    return `${entry.old_value === '' ? cs.common.none : entry.old_value} → ${entry.new_value}`;
  // A Discord id is an identifier, not an amount: shown exactly, without grouping.
  if (entry.action === 'PLAYER_DISCORD_CONNECT') return entry.new_value;
  return null;
}

/** A log's millisecond text as a `<time>` in Czech local time (Prague). */
export function LogTime({ date }: { date: string }) {
  const ms = msFromText(date);
  if (ms === null) return <span class="time">{date}</span>;
  return (
    <time class="time" dateTime={new Date(ms).toISOString()}>
      {formatDateTime(ms)}
    </time>
  );
}

function details(value: PanelEventDetails | null): string | null {
  if (value === null) return null;
  const parts = Object.entries(value).map(([key, v]) => `${key}: ${v === null ? cs.common.none : String(v)}`);
  return parts.length === 0 ? null : parts.join(', ');
}

export function EconomyEntryItem({
  entry,
  extra,
}: {
  entry: Omit<EconomyLogEntry, 'action'> & {
    action: string;
    details?: PanelEventDetails | null;
    event_id?: string;
  };
  extra?: ComponentChildren;
}) {
  const changed = change(entry);
  const more = details(entry.details ?? null);
  return (
    <li class="entry">
      <LogTime date={entry.date} />
      <span class="who">
        <PlayerLink nick={entry.nick} />
      </span>
      <span class="what">{actionLabel(entry.action)}</span>
      {changed === null ? null : <span class="change">{changed}</span>}
      {more === null ? null : <span class="details">{more}</span>}
      <span class="where">{entry.server}</span>
      {extra}
    </li>
  );
}

export function AchievementEntryItem({
  entry,
  extra,
}: {
  entry: AchievementLogEntry;
  extra?: ComponentChildren;
}) {
  return (
    <li class="entry">
      <LogTime date={entry.date} />
      <span class="who">
        <PlayerLink nick={entry.nick} />
      </span>
      <span class="what">{entry.ach_name}</span>
      <span class="change">{cs.live.points(formatNumericText(String(entry.ach_value)))}</span>
      <span class="where">{entry.server}</span>
      {extra}
    </li>
  );
}
