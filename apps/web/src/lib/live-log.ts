import { useEffect, useRef, useState } from 'preact/hooks';
import type { LogStreamOptions, LogSubscription } from '@craftstats/contracts';
import { API_BASE_URL } from './api';

export interface LiveEntry<T> {
  /** Stable key: `s<position>` for streamed entries, `r<index>` for those of the first load. */
  key: string;
  entry: T;
}

export type StreamState = 'connecting' | 'live' | 'reconnecting';

export interface LiveLog<T> {
  /** Newest first, at most `limit`. */
  entries: LiveEntry<T>[];
  /** The first load (the latest 50 of the REST endpoint) failed: show it and offer `retry`. */
  error: unknown;
  loading: boolean;
  stream: StreamState;
  /** Entries that arrived while paused, shown on resume. */
  pending: number;
  retry(): void;
}

/**
 * Streamed entries are shown in batches, at most one render per this many milliseconds: on a busy
 * server several events arrive every second, and a render for each kept the main thread busy while
 * the page loads (the home page's Lighthouse performance score, docs/testing.md).
 */
export const LIVE_BATCH_MS = 500;

/**
 * A log that fills in live: the latest entries through the REST endpoint, then every new one from the
 * Server-Sent Events stream (the contracts' subscribe function). The first load starts once the stream
 * is open (or has failed to open), so nothing committed between the two is lost — a stream without
 * `lastEventId` starts with what is committed after it opens (docs/log-streams.md); what it delivered
 * before the first load answered is shown once.
 * New entries appear in batches (`LIVE_BATCH_MS`). While `paused`, they wait and are counted.
 */
export function useLiveLog<T>(
  latest: (signal: AbortSignal) => Promise<T[]>,
  subscribe: (options: LogStreamOptions<T>) => LogSubscription,
  limit: number,
  paused = false,
): LiveLog<T> {
  const [entries, setEntries] = useState<LiveEntry<T>[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(0);
  const waiting = useRef<LiveEntry<T>[]>([]);
  const pausedRef = useRef(paused);

  useEffect(() => {
    const controller = new AbortController();
    let loaded = false;
    const early: LiveEntry<T>[] = [];
    const add = (items: LiveEntry<T>[]): void => setEntries((shown) => [...items, ...shown].slice(0, limit));
    let batch: LiveEntry<T>[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = (): void => {
      flushTimer = undefined;
      const items = batch;
      batch = [];
      if (items.length === 0) return;
      if (pausedRef.current) {
        // Paused since they arrived: they wait behind those that came after the pause (newer).
        waiting.current.push(...items);
        setPending(waiting.current.length);
      } else add(items);
    };

    let requested = false;
    const load = (): void => {
      if (requested) return;
      requested = true;
      latest(controller.signal).then(
        (rows) => {
          if (controller.signal.aborted) return;
          const known = new Set(rows.map((row) => JSON.stringify(row)));
          const fresh = early.filter((item) => !known.has(JSON.stringify(item.entry)));
          loaded = true;
          setEntries(
            [...fresh, ...rows.map((entry, i) => ({ key: `r${attempt}-${i}`, entry }))].slice(0, limit),
          );
          setLoading(false);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(failure);
          setLoading(false);
        },
      );
    };

    const subscription = subscribe({
      baseUrl: API_BASE_URL,
      onOpen: () => {
        setStream('live');
        load();
      },
      onError: () => {
        setStream('reconnecting');
        load();
      },
      onEntry: (entry, position) => {
        setStream('live');
        const item = { key: `s${position}`, entry };
        if (!loaded) early.unshift(item);
        else if (pausedRef.current) {
          waiting.current.unshift(item);
          setPending(waiting.current.length);
        } else {
          batch.unshift(item);
          flushTimer ??= setTimeout(flush, LIVE_BATCH_MS);
        }
      },
    });
    setLoading(true);
    setError(null);
    return () => {
      controller.abort();
      subscription.close();
      clearTimeout(flushTimer);
    };
  }, [attempt]);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && waiting.current.length > 0) {
      const items = waiting.current;
      waiting.current = [];
      setPending(0);
      setEntries((shown) => [...items, ...shown].slice(0, limit));
    }
  }, [paused]);

  return { entries, error, loading, stream, pending, retry: () => setAttempt((n) => n + 1) };
}
