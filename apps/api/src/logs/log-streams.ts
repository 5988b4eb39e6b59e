import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AchievementLogRecord,
  DomainError,
  EconomyLogRecord,
  LogKind,
  LogRecords,
  LogRepository,
} from '@craftstats/domain';
import { APP_CONFIG, ApiConfig } from '@craftstats/platform';
import { PUBLIC_LOG_ENTRY } from './logs.service';
import { LogStreamHub } from './log-stream.hub';

export const STREAM_MESSAGES = {
  lastEventId: 'Neplatné Last-Event-ID: očekává se pozice záznamu (celé nezáporné číslo) z pole id zprávy.',
  tooMany: (max: number) =>
    `Příliš mnoho současných streamů z jedné adresy (nejvýše ${max}). Zavři některý a zkus to znovu.`,
} as const;

/** How long a client waits before reconnecting after a dropped stream (the SSE `retry:` field). */
export const STREAM_RETRY_MS = 2_000;

/** `Last-Event-ID` header, or the `lastEventId` query parameter (for a client that cannot set headers). */
export function parseLastEventId(header: unknown, query: unknown): number | null {
  const raw = header ?? query;
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw new DomainError('VALIDATION_FAILED', STREAM_MESSAGES.lastEventId);
  }
  return Number(raw);
}

/** The two log streams of this instance; each has one shared poll, closed on shutdown. */
@Injectable()
export class LogStreams implements BeforeApplicationShutdown {
  readonly economy: LogStreamHub<EconomyLogRecord>;
  readonly achievements: LogStreamHub<AchievementLogRecord>;

  constructor(logs: LogRepository, @Inject(APP_CONFIG) config: ApiConfig) {
    const hub = <K extends LogKind>(kind: K) =>
      new LogStreamHub<LogRecords[K]>(
        kind,
        {
          tail: (after, limit) => logs.tail(kind, after, limit),
          lastId: async () => (await logs.lastLogIds())[kind],
          toEntry: PUBLIC_LOG_ENTRY[kind],
        },
        config.sseMaxPerClient,
      );
    this.economy = hub('economy');
    this.achievements = hub('achievements');
  }

  /** Validates, writes the event-stream head and hands the socket to the hub. */
  async open<T>(
    hub: LogStreamHub<T>,
    request: FastifyRequest,
    reply: FastifyReply,
    maxPerClient: number,
  ): Promise<void> {
    const query = request.query as Record<string, unknown> | undefined;
    const lastEventId = parseLastEventId(request.headers['last-event-id'], query?.['lastEventId']);
    if (!hub.reserve(request.ip)) {
      throw new DomainError('RATE_LIMITED', STREAM_MESSAGES.tooMany(maxPerClient));
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
    await hub.attach(res, request.ip, lastEventId);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.economy.close(), this.achievements.close()]);
  }
}
