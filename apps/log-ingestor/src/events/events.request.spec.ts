import { ExecutionContext } from '@nestjs/common';
import { DomainError } from '@craftstats/domain';
import { CzechValidationPipe, toErrorEnvelope } from '@craftstats/platform';
import { IngestRequestDto } from './events.dto';
import { INGEST_BODY_ERRORS, IngestContentTypeGuard } from './events.request';

const JSON_TYPE = 'application/json';
const pipe = new CzechValidationPipe();
const guard = new IngestContentTypeGuard();

function contextWith(contentType: string | undefined): ExecutionContext {
  const request = { headers: contentType === undefined ? {} : { 'content-type': contentType } };
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

/** What `POST /v1/events` does before the service: the content-type guard, then the global pipe. */
async function readIngestEvents(contentType: string | undefined, body: unknown): Promise<readonly unknown[]> {
  guard.canActivate(contextWith(contentType));
  const dto = (await pipe.transform(body, { type: 'body', metatype: IngestRequestDto })) as IngestRequestDto;
  return dto.events as readonly unknown[];
}

async function refusal(run: () => Promise<unknown>): Promise<[number, string, string]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) {
      const { status, error: code, message } = toErrorEnvelope(error).envelope;
      return [status, code, message];
    }
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('the ingestion envelope: content-type guard and IngestRequestDto through the global pipe', () => {
  it('returns the events array of a JSON body as it is (the same array, items not copied)', async () => {
    const events = [{ id: 'a' }, 'not an event', null];
    expect(await readIngestEvents(JSON_TYPE, { events })).toBe(events);
  });

  it('ignores other top-level fields', async () => {
    const events = [{ id: 'a' }];
    expect(await readIngestEvents(JSON_TYPE, { events, batch: 7, constructor: 'x' })).toBe(events);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    'application/json ; x=y',
  ])('accepts the content type %s', async (contentType) => {
    expect(await readIngestEvents(contentType, { events: [1] })).toEqual([1]);
  });

  it.each([
    ['no content type', undefined],
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['a JSON look-alike', 'application/jsonp'],
    ['a +json type', 'application/vnd.craftstats+json'],
  ])(
    'refuses %s with 415 UNSUPPORTED_MEDIA_TYPE, before looking at the body',
    async (_label, contentType) => {
      for (const body of [{ events: [1] }, 'text', undefined])
        expect(await refusal(() => readIngestEvents(contentType, body))).toEqual([
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Nepodporovaný typ obsahu, použij application/json.',
        ]);
    },
  );

  it.each([
    ['null', null],
    ['an array', [{ id: 'a' }]],
    ['a string', '{"events":[]}'],
    ['a number', 42],
    ['missing', undefined],
  ])('refuses a body that is %s with 400 VALIDATION_FAILED', async (_label, body) => {
    expect(await refusal(() => readIngestEvents(JSON_TYPE, body))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Tělo požadavku musí být objekt JSON tvaru { "events": [ ... ] }.',
    ]);
  });

  it.each([
    ['missing', {}],
    ['an object', { events: { 0: { id: 'a' }, length: 1 } }],
    ['a string', { events: '[]' }],
    ['null', { events: null }],
    ['an accessor', Object.defineProperty({}, 'events', { get: () => [{ id: 'a' }], enumerable: true })],
  ])('refuses events that is %s with 400 VALIDATION_FAILED', async (_label, body) => {
    expect(await refusal(() => readIngestEvents(JSON_TYPE, body))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" musí být pole událostí.',
    ]);
  });

  it('reads a body with an own __proto__ key without following or changing any prototype', async () => {
    const body = JSON.parse(
      '{"__proto__":{"events":[{"id":"evil"}]},"events":[{"id":"a","__proto__":{"x":1}}]}',
    ) as object;
    const events = await readIngestEvents(JSON_TYPE, body);
    expect(events).toEqual([JSON.parse('{"id":"a","__proto__":{"x":1}}')]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();

    const onlyProto = JSON.parse('{"__proto__":{"events":[{"id":"evil"}]}}') as object;
    expect((await refusal(() => readIngestEvents(JSON_TYPE, onlyProto)))[2]).toBe(
      INGEST_BODY_ERRORS.eventsNotArray,
    );
  });

  it('refuses an empty batch and one over 1000 events with 400 VALIDATION_FAILED, accepting exactly 1000', async () => {
    expect(await refusal(() => readIngestEvents(JSON_TYPE, { events: [] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" musí obsahovat alespoň jednu událost.',
    ]);
    expect(await refusal(() => readIngestEvents(JSON_TYPE, { events: new Array(1001).fill({}) }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" smí obsahovat nejvýše 1000 událostí, přišlo 1001; rozděl je do více požadavků.',
    ]);
    expect(await readIngestEvents(JSON_TYPE, { events: new Array(1000).fill({}) })).toHaveLength(1000);
  });
});
