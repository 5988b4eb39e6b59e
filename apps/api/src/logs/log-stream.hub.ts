import { Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { LogTail, deliverableUpTo } from '@craftstats/domain';

/** How often the one shared poll of a log runs while it has clients (delivery ≤ 1 s after commit). */
export const STREAM_POLL_MS = 250;
/** A comment line to every client this often, so proxies and clients see a live connection. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** Rows per poll; a longer backlog is read over the next polls. */
const BATCH = 500;
/** A client whose socket buffers more than this is too slow: it is closed and resumes by itself. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A frame ready for the wire: `id: <position>\ndata: <entry JSON>\n\n`. */
interface Frame {
  id: number;
  bytes: Buffer;
}

interface Client {
  res: ServerResponse;
  ip: string;
  /** Frames with an id up to this were sent (or were skipped on purpose). */
  sentUpTo: number;
  /** While the client catches up from the database, live frames wait here. */
  queue: Frame[] | null;
}

export interface LogSource<T> {
  tail(afterId: number, limit: number): Promise<LogTail<T>>;
  lastId(): Promise<number>;
  /** The wire entry, exactly as in the matching `GET` log endpoint. */
  toEntry(record: T): unknown;
}

export const frameOf = (id: number, entry: unknown): Buffer =>
  Buffer.from(`id: ${id}\ndata: ${JSON.stringify(entry)}\n\n`, 'utf8');

/**
 * The live tail of one log for every stream client of this API instance: one database poll every
 * STREAM_POLL_MS while at least one client is connected (never one per client), each new entry
 * serialized once and written to every socket. The cursor only passes ids that can no longer appear
 * (`deliverableUpTo`), so clients see every entry once, in position order.
 */
export class LogStreamHub<T> {
  private readonly logger: Logger;
  private readonly clients = new Set<Client>();
  private readonly perIp = new Map<string, number>();
  private readonly holes = new Map<number, number>();
  private cursor: number | null = null;
  private starting: Promise<number> | null = null;
  private poller: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  private closed = false;
  /** Polls run (for tests and metrics: one per interval per instance, whatever the client count). */
  polls = 0;

  constructor(
    readonly name: string,
    private readonly source: LogSource<T>,
    private readonly maxPerClient: number,
    private readonly now: () => number = Date.now,
  ) {
    this.logger = new Logger(`LogStream:${name}`);
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Takes one of the stream places of `ip` (synchronously, before any await, so that concurrent
   * connects count); false when it holds SSE_MAX_PER_CLIENT already. `attach` takes the place over
   * and gives it back when the stream closes.
   */
  reserve(ip: string): boolean {
    const held = this.perIp.get(ip) ?? 0;
    if (held >= this.maxPerClient) return false;
    this.perIp.set(ip, held + 1);
    return true;
  }

  private release(ip: string): void {
    const left = (this.perIp.get(ip) ?? 1) - 1;
    if (left <= 0) this.perIp.delete(ip);
    else this.perIp.set(ip, left);
  }

  /**
   * Adds a client whose headers are written. With `lastEventId` it first gets every entry after that
   * position (from the database, up to this instance's cursor), then the live ones; without, only
   * entries committed from now on.
   */
  async attach(res: ServerResponse, ip: string, lastEventId: number | null): Promise<void> {
    let cursor: number;
    try {
      if (this.closed) throw new Error('closed');
      cursor = await this.ensureStarted();
      // Shut down while this client waited for the start: close() did not see it.
      if (this.closed || res.destroyed) throw new Error('closed');
    } catch (error) {
      this.release(ip);
      res.end();
      if ((error as Error).message !== 'closed') {
        this.logger.warn({ msg: 'Stream start failed; closing the client', reason: String(error) });
      }
      return;
    }
    const client: Client = { res, ip, sentUpTo: lastEventId ?? cursor, queue: [] };
    this.clients.add(client);
    res.on('close', () => this.detach(client));
    try {
      // Catch up from the database up to the cursor at attach; later frames wait in the queue.
      let after = client.sentUpTo;
      while (after < cursor && !res.destroyed) {
        const tail = await this.source.tail(after, BATCH);
        const rows = tail.rows.filter((row) => row.id <= cursor);
        for (const row of rows) {
          if (row.record !== null) this.write(client, frameOf(row.id, this.source.toEntry(row.record)));
        }
        if (rows.length === 0) break;
        after = rows[rows.length - 1].id;
      }
      client.sentUpTo = Math.max(client.sentUpTo, cursor);
      const queued = client.queue ?? [];
      client.queue = null;
      for (const frame of queued) this.send(client, frame);
    } catch (error) {
      this.logger.warn({ msg: 'Stream resume failed; closing the client', reason: String(error) });
      res.end();
    }
  }

  /** Ends every stream and stops polling (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.poller);
    clearInterval(this.heartbeat);
    await this.polling;
    for (const client of this.clients) client.res.end();
    this.clients.clear();
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.release(client.ip);
    if (this.clients.size === 0) this.stop();
  }

  private ensureStarted(): Promise<number> {
    if (this.cursor !== null) return Promise.resolve(this.cursor);
    this.starting ??= this.source.lastId().then(
      (last) => {
        this.starting = null;
        if (this.closed) return last;
        this.cursor = last;
        this.schedule();
        this.heartbeat = setInterval(() => this.beat(), STREAM_HEARTBEAT_MS);
        this.heartbeat.unref();
        return last;
      },
      (error: unknown) => {
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  /** No clients: no polling. The next client starts again from the newest row. */
  private stop(): void {
    clearTimeout(this.poller);
    clearInterval(this.heartbeat);
    this.poller = undefined;
    this.cursor = null;
    this.holes.clear();
  }

  private schedule(): void {
    if (this.closed || this.cursor === null || this.poller !== undefined) return;
    this.poller = setTimeout(() => {
      this.poller = undefined;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        this.schedule();
      });
    }, STREAM_POLL_MS);
    this.poller.unref();
  }

  private async poll(): Promise<void> {
    const after = this.cursor;
    if (after === null) return;
    this.polls++;
    try {
      const tail = await this.source.tail(after, BATCH);
      const upTo = deliverableUpTo(
        after,
        { committed: tail.rows.map((row) => row.id), inFlight: tail.inFlight },
        this.holes,
        this.now(),
      );
      if (this.cursor !== after) return; // stopped (and maybe restarted) meanwhile
      for (const row of tail.rows) {
        if (row.id > upTo) break;
        if (row.record === null) continue;
        const frame = { id: row.id, bytes: frameOf(row.id, this.source.toEntry(row.record)) };
        for (const client of this.clients) this.send(client, frame);
      }
      this.cursor = upTo;
    } catch (error) {
      this.logger.warn({ msg: 'Log stream poll failed; retrying', reason: String(error) });
    }
  }

  private send(client: Client, frame: Frame): void {
    if (client.queue !== null) {
      client.queue.push(frame);
      return;
    }
    if (frame.id <= client.sentUpTo) return;
    client.sentUpTo = frame.id;
    this.write(client, frame.bytes);
  }

  private write(client: Client, bytes: Buffer): void {
    if (client.res.destroyed) return;
    client.res.write(bytes);
    if (client.res.writableLength > MAX_BUFFERED_BYTES) {
      // Too slow to keep up: close; the client reconnects with Last-Event-ID and catches up.
      client.res.destroy();
    }
  }

  private beat(): void {
    const bytes = Buffer.from(': heartbeat\n\n');
    for (const client of this.clients) if (client.queue === null) this.write(client, bytes);
  }
}
