import type { AchievementLogEntry, EconomyLogEntry } from '../logs';
import { API_PATHS } from '../paths';

/** The part of the WHATWG `EventSource` the subscription uses (browsers; the `eventsource` package in Node). */
export interface EventSourceLike {
  /** 0 connecting, 1 open, 2 closed (the browser gave up: an HTTP error answer). */
  readonly readyState: number;
  addEventListener(type: 'open' | 'message' | 'error', listener: (event: StreamEventLike) => void): void;
  close(): void;
}

/** What the subscription reads of a `MessageEvent` (`open` and `error` events carry neither). */
export interface StreamEventLike {
  data?: unknown;
  lastEventId?: string;
}

/** A constructor like the global `EventSource`. */
export type EventSourceConstructor = new (url: string) => EventSourceLike;

export interface LogStreamOptions<T> {
  /** Base URL of the API, as for `createApiClient`. */
  baseUrl: string;
  /** Called once per new log entry, in position order; `position` is the entry's SSE id. */
  onEntry: (entry: T, position: number) => void;
  /** Connection problems (the subscription keeps reconnecting by itself). */
  onError?: (event: unknown) => void;
  /** The stream is (again) connected: after the first connection and after every reconnect. */
  onOpen?: () => void;
  /** Continue after this position (e.g. the last one a previous page showed); default: new entries only. */
  lastEventId?: number;
  /** `EventSource` implementation; defaults to the global one. */
  EventSource?: EventSourceConstructor;
  /** First delay before reconnecting after the server refused the stream (doubles up to 30 s). Default 2000 ms. */
  reconnectDelayMs?: number;
}

export interface LogSubscription {
  /** Position of the last entry delivered, or null before the first. */
  readonly lastEventId: number | null;
  /** Stops the stream and any pending reconnect. */
  close(): void;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

function subscribe<T>(path: string, options: LogStreamOptions<T>): LogSubscription {
  const EventSourceImpl =
    options.EventSource ?? (globalThis as unknown as { EventSource?: EventSourceConstructor }).EventSource;
  if (EventSourceImpl === undefined) throw new Error('No EventSource implementation is available.');
  const base = options.baseUrl.replace(/\/+$/, '');
  const firstDelay = options.reconnectDelayMs ?? 2_000;
  let last: number | null = options.lastEventId ?? null;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = firstDelay;
  let closed = false;

  const connect = (): void => {
    // The browser resends the last id itself on its own reconnects (Last-Event-ID header); after a
    // refusal we open a new EventSource, which carries it in the query instead.
    const url = last === null ? `${base}${path}` : `${base}${path}?lastEventId=${last}`;
    const current = new EventSourceImpl(url);
    source = current;
    current.addEventListener('open', () => {
      delay = firstDelay;
      if (!closed) options.onOpen?.();
    });
    current.addEventListener('message', (event) => {
      const position = Number(event.lastEventId);
      if (typeof event.data !== 'string' || !Number.isSafeInteger(position)) return;
      if (last !== null && position <= last) return;
      last = position;
      options.onEntry(JSON.parse(event.data) as T, position);
    });
    current.addEventListener('error', (event) => {
      options.onError?.(event);
      if (closed || current.readyState !== 2) return; // 0: the EventSource reconnects by itself
      current.close();
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
    });
  };
  connect();

  return {
    get lastEventId() {
      return last;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}

/**
 * Subscribes to `GET /economy/log/stream`: every new entry of `/economy/log`, in order, once. Survives
 * dropped connections and server restarts (it resumes after the last delivered position).
 */
export function subscribeEconomyLog(options: LogStreamOptions<EconomyLogEntry>): LogSubscription {
  return subscribe(API_PATHS.economyLogStream, options);
}

/** Subscribes to `GET /achievements/log/stream`: every new entry of `/achievements/log`. */
export function subscribeAchievementsLog(options: LogStreamOptions<AchievementLogEntry>): LogSubscription {
  return subscribe(API_PATHS.achievementsLogStream, options);
}
