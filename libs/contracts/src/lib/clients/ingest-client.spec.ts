import { EVENT_ID_PATTERN, INGEST_MAX_BYTES, type IngestEvent, type IngestResponse } from '../events';
import {
  sequence,
  startTestServer,
  unusedBaseUrl,
  type Reply,
  type ReplyFn,
  type TestServer,
} from '../../../test/test-server';
import { ApiError } from './http';
import {
  createIngestClient,
  IngestSendError,
  newEventId,
  utf8ByteLength,
  type IngestClientOptions,
} from './ingest-client';

const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';

function voteEvents(count: number, extra: Partial<Record<'site', string>> = {}): IngestEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `survival:${i}`,
    action: 'PLAYER_VOTE' as const,
    uuid: UUID,
    nick: 'Notch',
    site: extra.site ?? 'craftlist.org',
    date: 1700000000000 + i,
  }));
}

function ok(response: Partial<IngestResponse> = {}): Reply {
  return { status: 200, body: { accepted: 0, duplicates: 0, rejected: [], ...response } };
}

/** Accepts every event of the request. */
const acceptAll: ReplyFn = (request) => {
  const { events } = JSON.parse(request.body) as { events: unknown[] };
  return ok({ accepted: events.length });
};

const unavailable: Reply = {
  status: 503,
  body: { status: 503, error: 'UNAVAILABLE', message: 'Služba je dočasně nedostupná, zkus to za chvíli.' },
};

function eventIds(body: string): string[] {
  return (JSON.parse(body) as { events: Array<{ id: string }> }).events.map((event) => event.id);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('createIngestClient', () => {
  let server: TestServer | undefined;
  let delays: number[];

  beforeEach(() => {
    delays = [];
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setup(replyFn: ReplyFn, options: Partial<IngestClientOptions> = {}) {
    server = await startTestServer(replyFn);
    const client = createIngestClient({
      baseUrl: server.baseUrl,
      token: 'survival-secret',
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      ...options,
    });
    return { client, server };
  }

  it('POSTs the events as JSON to /v1/events with the Bearer token and resolves the answer', async () => {
    const answer = { accepted: 1, duplicates: 1, rejected: [] };
    const { client, server } = await setup(sequence({ status: 200, body: answer }));
    const events: IngestEvent[] = [
      {
        id: 'e-1',
        action: 'ECONOMY_CRAFTCOINS_ADD',
        uuid: UUID,
        nick: 'Notch',
        old_value: '0',
        new_value: 100,
        date: 1,
      },
      {
        id: 'e-2',
        action: 'PLAYER_DISCORD_CONNECT',
        uuid: UUID,
        nick: 'Notch',
        new_value: '123456789012345678901',
      },
    ];

    await expect(client.send(events)).resolves.toEqual(answer);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/events');
    expect(request?.headers['authorization']).toBe('Bearer survival-secret');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toBe(
      '{"events":[' +
        '{"id":"e-1","action":"ECONOMY_CRAFTCOINS_ADD","uuid":"069a79f4-44e9-4726-a5be-fca90e38aaf5","nick":"Notch","old_value":"0","new_value":100,"date":1},' +
        '{"id":"e-2","action":"PLAYER_DISCORD_CONNECT","uuid":"069a79f4-44e9-4726-a5be-fca90e38aaf5","nick":"Notch","new_value":"123456789012345678901"}' +
        ']}',
    );
    expect(delays).toEqual([]);
  });

  it('resolves zeros without a request for no events', async () => {
    const { client, server } = await setup(acceptAll);
    await expect(client.send([])).resolves.toEqual({ accepted: 0, duplicates: 0, rejected: [] });
    expect(server.requests).toHaveLength(0);
  });

  it('retries a 503 with the identical body (same event ids) and then succeeds', async () => {
    const { client, server } = await setup(sequence(unavailable, unavailable, ok({ accepted: 3 })));

    await expect(client.send(voteEvents(3))).resolves.toEqual({ accepted: 3, duplicates: 0, rejected: [] });

    expect(server.requests).toHaveLength(3);
    const bodies = server.requests.map((request) => request.body);
    expect(new Set(bodies).size).toBe(1);
    expect(eventIds(bodies[0] ?? '')).toEqual(['survival:0', 'survival:1', 'survival:2']);
    // full jitter with random() = 0.5: floor(0.5 * 250 * 2^(retry-1))
    expect(delays).toEqual([125, 250]);
  });

  it('honours Retry-After (seconds) instead of the backoff', async () => {
    const { client, server } = await setup(
      sequence(
        {
          status: 429,
          headers: { 'retry-after': '7' },
          body: {
            status: 429,
            error: 'RATE_LIMITED',
            message: 'Příliš mnoho požadavků. Zkus to znovu za chvíli.',
          },
        },
        { ...unavailable, headers: { 'retry-after': '2' } },
        unavailable,
        ok({ accepted: 1 }),
      ),
    );

    await expect(client.send(voteEvents(1))).resolves.toEqual({ accepted: 1, duplicates: 0, rejected: [] });

    expect(server.requests).toHaveLength(4);
    expect(delays).toEqual([7000, 2000, 500]);
  });

  it('grows the backoff window exponentially up to maxDelayMs, with full jitter', async () => {
    const { client } = await setup(
      sequence(unavailable, unavailable, unavailable, unavailable, unavailable, ok()),
      {
        maxDelayMs: 1500,
        random: () => 0.999,
      },
    );

    await client.send(voteEvents(1));

    // windows 250, 500, 1000, 1500 (capped), 1500
    expect(delays).toEqual([249, 499, 999, 1498, 1498]);
  });

  it('gives up after maxAttempts with an IngestSendError carrying the last answer', async () => {
    const retries: Array<[number, number, number, string]> = [];
    const { client, server } = await setup(sequence(unavailable), {
      maxAttempts: 3,
      onRetry: (info) => retries.push([info.batch, info.attempt, info.delayMs, info.error.code]),
    });

    const error = await rejection(client.send(voteEvents(2)));

    expect(error).toBeInstanceOf(IngestSendError);
    expect(error).toBeInstanceOf(ApiError);
    const sendError = error as IngestSendError;
    expect([sendError.status, sendError.code, sendError.message]).toEqual([
      503,
      'UNAVAILABLE',
      'Služba je dočasně nedostupná, zkus to za chvíli.',
    ]);
    expect(sendError.pendingIndexes).toEqual([0, 1]);
    expect(sendError.completed).toEqual({ accepted: 0, duplicates: 0, rejected: [] });
    expect(server.requests).toHaveLength(3);
    expect(retries).toEqual([
      [0, 1, 125, 'UNAVAILABLE'],
      [0, 2, 250, 'UNAVAILABLE'],
    ]);
  });

  it.each([
    [400, 'BAD_REQUEST', 'Neplatný požadavek.'],
    [401, 'UNAUTHORIZED', 'Chybí nebo je neplatný přístupový token.'],
    [413, 'PAYLOAD_TOO_LARGE', 'Tělo požadavku je příliš velké.'],
  ])('does not retry %i and throws its ApiError at once', async (status, code, message) => {
    const { client, server } = await setup(sequence({ status, body: { status, error: code, message } }));

    const error = (await rejection(client.send(voteEvents(1)))) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message]).toEqual([status, code, message]);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries when the connection drops without an answer', async () => {
    const { client, server } = await setup(sequence('destroy', ok({ accepted: 2 })));

    await expect(client.send(voteEvents(2))).resolves.toEqual({ accepted: 2, duplicates: 0, rejected: [] });

    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toBe(server.requests[0]?.body);
    expect(delays).toEqual([125]);
  });

  it('retries NETWORK_ERROR when nothing listens, then throws it', async () => {
    const client = createIngestClient({
      baseUrl: await unusedBaseUrl(),
      token: 't',
      maxAttempts: 2,
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0,
    });

    const error = (await rejection(client.send(voteEvents(1)))) as IngestSendError;

    expect([error.status, error.code]).toEqual([0, 'NETWORK_ERROR']);
    expect(delays).toEqual([0]);
  });

  it('splits 2500 events into batches of 1000, 1000 and 500 and sums the answers', async () => {
    const { client, server } = await setup((request) => {
      const ids = eventIds(request.body);
      return ok({ accepted: ids.length - 1, duplicates: 1 });
    });
    const events = voteEvents(2500);

    await expect(client.send(events)).resolves.toEqual({ accepted: 2497, duplicates: 3, rejected: [] });

    expect(server.requests.map((request) => eventIds(request.body).length)).toEqual([1000, 1000, 500]);
    expect(server.requests.flatMap((request) => eventIds(request.body))).toEqual(
      events.map((event) => event.id),
    );
  });

  it("remaps rejected indexes to positions in the caller's array, sorted", async () => {
    const { client } = await setup((request) => {
      const ids = eventIds(request.body);
      return ok({
        accepted: ids.length - 2,
        rejected: [
          { index: 4, id: ids[4] ?? null, error: 'invalid uuid' },
          { index: 0, id: ids[0] ?? null, error: 'unknown action' },
        ],
      });
    });

    const result = await client.send(voteEvents(2500));

    expect(result.accepted).toBe(2494);
    expect(result.rejected).toEqual([
      { index: 0, id: 'survival:0', error: 'unknown action' },
      { index: 4, id: 'survival:4', error: 'invalid uuid' },
      { index: 1000, id: 'survival:1000', error: 'unknown action' },
      { index: 1004, id: 'survival:1004', error: 'invalid uuid' },
      { index: 2000, id: 'survival:2000', error: 'unknown action' },
      { index: 2004, id: 'survival:2004', error: 'invalid uuid' },
    ]);
  });

  it('honours maxBatch', async () => {
    const { client, server } = await setup(acceptAll, { maxBatch: 2 });
    await expect(client.send(voteEvents(5))).resolves.toEqual({ accepted: 5, duplicates: 0, rejected: [] });
    expect(server.requests.map((request) => eventIds(request.body))).toEqual([
      ['survival:0', 'survival:1'],
      ['survival:2', 'survival:3'],
      ['survival:4'],
    ]);
  });

  it('keeps every request body within 1 MiB, counting UTF-8 bytes', async () => {
    const { client, server } = await setup(acceptAll);
    const events = voteEvents(1000, { site: 'ěščřžýáíé'.repeat(200) }); // ~3.7 KB per event

    await expect(client.send(events)).resolves.toEqual({ accepted: 1000, duplicates: 0, rejected: [] });

    const sizes = server.requests.map((request) => Buffer.byteLength(request.body, 'utf8'));
    expect(server.requests.length).toBe(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(INGEST_MAX_BYTES);
    expect(Math.max(...sizes)).toBeGreaterThan(INGEST_MAX_BYTES - 4000);
    expect(server.requests.flatMap((request) => eventIds(request.body))).toEqual(
      events.map((event) => event.id),
    );
  });

  it('does not send an event larger than maxBytes and reports it as rejected', async () => {
    const { client, server } = await setup(acceptAll, { maxBytes: 400 });
    const events = voteEvents(3);
    events[1] = { ...events[1], site: 'x'.repeat(400) } as IngestEvent;

    const oversizedBody = JSON.stringify({ events: [events[1]] });
    expect(Buffer.byteLength(oversizedBody)).toBe(547);

    const result = await client.send(events);

    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([
      {
        index: 1,
        id: 'survival:1',
        error:
          'PAYLOAD_TOO_LARGE: the event alone serializes to 547 bytes, over the 400-byte request limit; not sent',
      },
    ]);
    expect(server.requests.flatMap((request) => eventIds(request.body))).toEqual([
      'survival:0',
      'survival:2',
    ]);
  });

  it('reports the acknowledged batches when a later batch fails', async () => {
    const { client } = await setup(
      sequence(ok({ accepted: 1, duplicates: 1 }), {
        status: 401,
        body: { status: 401, error: 'UNAUTHORIZED', message: 'Chybí nebo je neplatný přístupový token.' },
      }),
      { maxBatch: 2 },
    );

    const error = (await rejection(client.send(voteEvents(5)))) as IngestSendError;

    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.completed).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    expect(error.pendingIndexes).toEqual([2, 3, 4]);
  });

  it('stops retrying when the caller aborts', async () => {
    const controller = new AbortController();
    const { client, server } = await setup(sequence(unavailable), {
      sleep: async (ms) => {
        delays.push(ms);
        controller.abort();
      },
    });

    const error = await rejection(client.send(voteEvents(1), { signal: controller.signal }));

    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });

  it('throws INTERNAL_ERROR for a 200 answer of the wrong shape, without retrying', async () => {
    const { client, server } = await setup(sequence({ status: 200, body: { ok: true } }));

    const error = (await rejection(client.send(voteEvents(1)))) as ApiError;

    expect([error.status, error.code]).toEqual([200, 'INTERNAL_ERROR']);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [{ maxBatch: 0 }, 'maxBatch must be an integer in 1..1000, got 0'],
    [{ maxBatch: 1001 }, 'maxBatch must be an integer in 1..1000, got 1001'],
    [{ maxBytes: 2 * INGEST_MAX_BYTES }, 'maxBytes must be an integer in 15..1048576, got 2097152'],
    [{ maxAttempts: 0 }, 'maxAttempts must be an integer in 1..9007199254740991, got 0'],
  ])('rejects invalid options %j', (options, message) => {
    expect(() => createIngestClient({ baseUrl: 'http://x', token: 't', ...options })).toThrow(
      new RangeError(message),
    );
  });
});

describe('newEventId', () => {
  it('creates unique ids matching the event id pattern', () => {
    const ids = Array.from({ length: 1000 }, () => newEventId());
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('prefixes the id with "<prefix>:"', () => {
    const id = newEventId('survival-1');
    expect(id).toMatch(/^survival-1:[0-9a-f-]{36}$/);
    expect(EVENT_ID_PATTERN.test(newEventId('a'.repeat(27)))).toBe(true);
  });

  it.each([['a'.repeat(28)], ['lobby 1'], ['hráč']])('rejects the prefix %j', (prefix) => {
    expect(() => newEventId(prefix)).toThrow(RangeError);
  });

  it('falls back to getRandomValues and then Math.random without crypto.randomUUID', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    try {
      Object.defineProperty(globalThis, 'crypto', {
        configurable: true,
        value: { getRandomValues: (array: Uint8Array) => array.fill(0xff) },
      });
      expect(newEventId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');

      Object.defineProperty(globalThis, 'crypto', { configurable: true, value: undefined });
      const ids = [newEventId('x'), newEventId('x')];
      expect(ids[0]).not.toBe(ids[1]);
      for (const id of ids) expect(id.slice(2)).toMatch(uuidV4);
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
  });
});

describe('utf8ByteLength', () => {
  it.each([[''], ['abc'], ['ěščřžýáíé'], ['😀 emoji'], ['€ and 𝄞'], [JSON.stringify({ s: '\ud800' })]])(
    'equals the UTF-8 byte length of %j',
    (text) => {
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
    },
  );
});
