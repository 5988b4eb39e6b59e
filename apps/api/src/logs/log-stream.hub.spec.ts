import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { LogTail } from '@craftstats/domain';
import { LogStreamHub, STREAM_HEARTBEAT_MS, STREAM_POLL_MS } from './log-stream.hub';

/** A response that records what was written. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  destroyed = false;
  writableLength = 0;
  ended = false;
  write(bytes: Buffer): boolean {
    this.chunks.push(bytes.toString());
    return true;
  }
  end(): void {
    this.ended = true;
    this.emit('close');
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

function setup(rows: Array<{ id: number; value: string | null }>) {
  const tail = jest.fn(async (after: number, limit: number): Promise<LogTail<string>> => ({
    rows: rows
      .filter((row) => row.id > after)
      .slice(0, limit)
      .map((row) => ({ id: row.id, record: row.value })),
    inFlight: [],
  }));
  const hub = new LogStreamHub<string>(
    'test',
    { tail, lastId: async () => 2, toEntry: (value) => ({ value }) },
    2,
  );
  return { hub, tail, rows };
}

const res = () => new FakeResponse();
const asRes = (r: FakeResponse) => r as unknown as ServerResponse;

describe('LogStreamHub', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('sends a heartbeat comment every 15 s to every client', async () => {
    const { hub } = setup([]);
    const a = res();
    await hub.attach(asRes(a), '1.1.1.1', null);
    await jest.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS - 1);
    expect(a.chunks).not.toContain(': heartbeat\n\n');
    await jest.advanceTimersByTimeAsync(1);
    expect(a.chunks.filter((c) => c === ': heartbeat\n\n')).toHaveLength(1);
    await hub.close();
  });

  it('shares one poll among all clients and writes each new public entry once to each, in order', async () => {
    const { hub, tail, rows } = setup([
      { id: 1, value: 'old' },
      { id: 2, value: 'old' },
    ]);
    const a = res();
    const b = res();
    await hub.attach(asRes(a), '1.1.1.1', null);
    await hub.attach(asRes(b), '2.2.2.2', null);
    rows.push({ id: 3, value: 'x' }, { id: 4, value: null }, { id: 5, value: 'y' });
    tail.mockClear();
    await jest.advanceTimersByTimeAsync(STREAM_POLL_MS);
    expect(tail).toHaveBeenCalledTimes(1);
    for (const r of [a, b]) {
      expect(r.chunks).toEqual(['id: 3\ndata: {"value":"x"}\n\n', 'id: 5\ndata: {"value":"y"}\n\n']);
    }
    await hub.close();
    expect(a.ended && b.ended).toBe(true);
  });

  it('limits the streams per client address and frees the place when one closes', async () => {
    const { hub } = setup([]);
    const first = res();
    expect(hub.reserve('1.1.1.1')).toBe(true);
    expect(hub.reserve('1.1.1.1')).toBe(true);
    // Counted before the streams are attached: concurrent connects cannot slip past the limit.
    expect(hub.reserve('1.1.1.1')).toBe(false);
    await hub.attach(asRes(first), '1.1.1.1', null);
    await hub.attach(asRes(res()), '1.1.1.1', null);
    expect(hub.reserve('1.1.1.1')).toBe(false);
    expect(hub.reserve('2.2.2.2')).toBe(true);
    first.destroy();
    expect(hub.reserve('1.1.1.1')).toBe(true);
    await hub.close();
  });

  it('stops polling when the last client leaves', async () => {
    const { hub, tail } = setup([]);
    const a = res();
    await hub.attach(asRes(a), '1.1.1.1', null);
    a.destroy();
    tail.mockClear();
    await jest.advanceTimersByTimeAsync(STREAM_POLL_MS * 10);
    expect(tail).not.toHaveBeenCalled();
    await hub.close();
  });
});
