import {
  type AchievementLogEntry,
  type EconomyLogEntry,
  subscribeAchievementsLog,
  subscribeEconomyLog,
} from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { api } from '../lib/api';
import { type LiveLog, useLiveLog } from '../lib/live-log';
import { Failure, Loading } from './failure';
import { AchievementEntryItem, EconomyEntryItem } from './log-entries';

export function useEconomyLive(limit: number, paused = false): LiveLog<EconomyLogEntry> {
  return useLiveLog((signal) => api.economyLog({ signal }), subscribeEconomyLog, limit, paused);
}

export function useAchievementsLive(limit: number, paused = false): LiveLog<AchievementLogEntry> {
  return useLiveLog((signal) => api.achievementsLog({ signal }), subscribeAchievementsLog, limit, paused);
}

/**
 * The state of the streams of `logs` in words, for everyone (a live region announces changes politely):
 * reconnecting while any of them is, live once all are.
 */
export function StreamStatus({ logs }: { logs: ReadonlyArray<LiveLog<unknown>> }) {
  const state = logs.some((log) => log.stream === 'reconnecting')
    ? 'reconnecting'
    : logs.every((log) => log.stream === 'live')
      ? 'live'
      : 'connecting';
  return (
    <p class={`stream ${state}`} role="status">
      {state === 'reconnecting'
        ? cs.live.reconnecting
        : state === 'live'
          ? cs.live.connected
          : cs.common.loading}
    </p>
  );
}

export function EconomyLiveList({ log, label }: { log: LiveLog<EconomyLogEntry>; label: string }) {
  if (log.loading) return <Loading />;
  if (log.error !== null) return <Failure error={log.error} retry={log.retry} />;
  if (log.entries.length === 0) return <p class="muted">{cs.live.empty}</p>;
  return (
    <ol class="log" aria-label={label}>
      {log.entries.map((item) => (
        <EconomyEntryItem key={item.key} entry={item.entry} />
      ))}
    </ol>
  );
}

export function AchievementsLiveList({ log, label }: { log: LiveLog<AchievementLogEntry>; label: string }) {
  if (log.loading) return <Loading />;
  if (log.error !== null) return <Failure error={log.error} retry={log.retry} />;
  if (log.entries.length === 0) return <p class="muted">{cs.live.empty}</p>;
  return (
    <ol class="log" aria-label={label}>
      {log.entries.map((item) => (
        <AchievementEntryItem key={item.key} entry={item.entry} />
      ))}
    </ol>
  );
}
