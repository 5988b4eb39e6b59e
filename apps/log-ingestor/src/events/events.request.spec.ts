import { ApiException } from '@craftstats/platform';
import { INGEST_BODY_ERRORS, readIngestEvents } from './events.request';

const JSON_TYPE = 'application/json';

function refusal(run: () => unknown): [number, string, string] {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return [error.getStatus(), error.code, error.message];
    throw error;
  }
  throw new Error('expected an ApiException');
}

describe('readIngestEvents', () => {
  it('returns the events array of a JSON body as it is', () => {
    const events = [{ id: 'a' }, 'not an event', null];
    expect(readIngestEvents(JSON_TYPE, { events })).toBe(events);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    'application/json ; x=y',
  ])('accepts the content type %s', (contentType) => {
    expect(readIngestEvents(contentType, { events: [1] })).toEqual([1]);
  });

  it.each([
    ['no content type', undefined],
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['a JSON look-alike', 'application/jsonp'],
    ['a +json type', 'application/vnd.craftstats+json'],
  ])('refuses %s with 415 UNSUPPORTED_MEDIA_TYPE', (_label, contentType) => {
    expect(refusal(() => readIngestEvents(contentType, { events: [1] }))).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Nepodporovaný typ obsahu, použij application/json.',
    ]);
  });

  it.each([
    ['null', null],
    ['an array', [{ id: 'a' }]],
    ['a string', '{"events":[]}'],
    ['a number', 42],
  ])('refuses a body that is %s with 400 VALIDATION_FAILED', (_label, body) => {
    expect(refusal(() => readIngestEvents(JSON_TYPE, body))).toEqual([
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
    ['only inherited', Object.create({ events: [{ id: 'a' }] }) as object],
    ['an accessor', Object.defineProperty({}, 'events', { get: () => [{ id: 'a' }], enumerable: true })],
  ])('refuses events that is %s with 400 VALIDATION_FAILED', (_label, body) => {
    expect(refusal(() => readIngestEvents(JSON_TYPE, body))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" musí být pole událostí.',
    ]);
  });

  it('reads a body with an own __proto__ key without following or changing any prototype', () => {
    const body = JSON.parse(
      '{"__proto__":{"events":[{"id":"evil"}]},"events":[{"id":"a","__proto__":{"x":1}}]}',
    ) as object;
    const events = readIngestEvents(JSON_TYPE, body);
    expect(events).toEqual([JSON.parse('{"id":"a","__proto__":{"x":1}}')]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();

    const onlyProto = JSON.parse('{"__proto__":{"events":[{"id":"evil"}]}}') as object;
    expect(refusal(() => readIngestEvents(JSON_TYPE, onlyProto))[2]).toBe(INGEST_BODY_ERRORS.eventsNotArray);
  });

  it('refuses an empty batch and one over 1000 events with 400 VALIDATION_FAILED, accepting exactly 1000', () => {
    expect(refusal(() => readIngestEvents(JSON_TYPE, { events: [] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" musí obsahovat alespoň jednu událost.',
    ]);
    expect(refusal(() => readIngestEvents(JSON_TYPE, { events: new Array(1001).fill({}) }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'Pole "events" smí obsahovat nejvýše 1000 událostí, přišlo 1001; rozděl je do více požadavků.',
    ]);
    expect(readIngestEvents(JSON_TYPE, { events: new Array(1000).fill({}) })).toHaveLength(1000);
  });
});
