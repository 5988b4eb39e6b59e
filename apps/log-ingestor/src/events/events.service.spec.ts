import { EventStore, GameEvent, IngestContext, IngestOutcome } from '@craftstats/domain';
import { Clock, IngestorConfig, Metrics } from '@craftstats/platform';
import { EventsService } from './events.service';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';

class FakeStore extends EventStore {
  readonly calls: Array<{ events: readonly GameEvent[]; ctx: IngestContext }> = [];
  outcome: IngestOutcome | Error = { accepted: 0, duplicates: 0 };

  async ingest(events: readonly GameEvent[], ctx: IngestContext): Promise<IngestOutcome> {
    this.calls.push({ events, ctx });
    if (this.outcome instanceof Error) throw this.outcome;
    return this.outcome;
  }
}

async function counted(metrics: Metrics): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric('ingest_events_total')?.get();
  return Object.fromEntries((metric?.values ?? []).map((v) => [String(v.labels['result']), v.value]));
}

describe('EventsService', () => {
  let store: FakeStore;
  let metrics: Metrics;
  let service: EventsService;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    store = new FakeStore();
    metrics = new Metrics('log-ingestor');
    service = new EventsService(store, { timeZone: 'Europe/Prague' } as IngestorConfig, metrics, {
      now: () => Date.now(),
    } as Clock);
  });

  afterEach(() => jest.restoreAllMocks());

  it('stores the valid events in order and lists the invalid ones with their index, id and Czech reason', async () => {
    store.outcome = { accepted: 2, duplicates: 1 };
    const response = await service.ingest('survival', [
      { id: 'v1', action: 'PLAYER_VOTE', uuid: UUID, nick: 'Notch', site: 'craftlist.org', date: NOW - 5 },
      { id: 'bad-action', action: 'PLAYER_DANCE', uuid: UUID, nick: 'Notch' },
      'not an object',
      {
        id: 'r1',
        action: 'PLAYER_UPDATE_RANK',
        uuid: UUID.replace(/-/g, ''),
        nick: 'Notch',
        new_value: 12,
        server: 'lobby',
      },
      { action: 'ECONOMY_REGISTER', uuid: UUID, nick: 'Notch' },
      { id: 'coins', action: 'ECONOMY_KARMA_ADD', uuid: UUID, nick: 'Notch', new_value: 1.5 },
      { id: 'v1', action: 'PLAYER_VOTE', uuid: UUID, nick: 'Notch', site: 'craftlist.org' },
    ]);

    expect(response).toEqual({
      accepted: 2,
      duplicates: 1,
      rejected: [
        { index: 1, id: 'bad-action', error: 'Neznámá akce "PLAYER_DANCE".' },
        { index: 2, id: null, error: 'Událost musí být objekt JSON.' },
        { index: 4, id: null, error: 'Chybí povinné pole "id".' },
        { index: 5, id: 'coins', error: 'Pole "new_value" musí být celé číslo.' },
      ],
    });
    expect(store.calls).toHaveLength(1);
    const [{ events, ctx }] = store.calls;
    expect(ctx).toEqual({ source: 'survival', receivedAt: NOW, timeZone: 'Europe/Prague' });
    expect(events.map((e) => [e.id, e.action, e.uuid, e.server, e.sender, e.date, e.newValue])).toEqual([
      ['v1', 'PLAYER_VOTE', UUID, 'survival', 'survival', NOW - 5, '0'],
      ['r1', 'PLAYER_UPDATE_RANK', UUID, 'lobby', 'lobby', NOW, '12'],
      ['v1', 'PLAYER_VOTE', UUID, 'survival', 'survival', NOW, '0'],
    ]);
  });

  it('does not call the store when every event is invalid', async () => {
    const response = await service.ingest('survival', [{}, []]);
    expect(response).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [
        { index: 0, id: null, error: 'Chybí povinné pole "id".' },
        { index: 1, id: null, error: 'Událost musí být objekt JSON.' },
      ],
    });
    expect(store.calls).toEqual([]);
  });

  it('counts ingest_events_total by result after the store committed', async () => {
    expect(await counted(metrics)).toEqual({ accepted: 0, duplicate: 0, rejected: 0 });
    store.outcome = { accepted: 1, duplicates: 2 };
    const vote = (id: string) => ({ id, action: 'PLAYER_VOTE', uuid: UUID, nick: 'Notch', site: 's' });
    await service.ingest('survival', [vote('a'), vote('b'), vote('c'), { id: 'x' }]);
    await service.ingest('survival', [{ id: 'y' }]);
    expect(await counted(metrics)).toEqual({ accepted: 1, duplicate: 2, rejected: 2 });
    expect(await metrics.registry.metrics()).toContain(
      'ingest_events_total{result="accepted",app="log-ingestor"} 1',
    );
  });

  it('propagates a store failure and counts nothing of that batch', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    store.outcome = down;
    await expect(
      service.ingest('survival', [
        { id: 'a', action: 'PLAYER_VOTE', uuid: UUID, nick: 'Notch', site: 's' },
        {},
      ]),
    ).rejects.toBe(down);
    expect(await counted(metrics)).toEqual({ accepted: 0, duplicate: 0, rejected: 0 });
  });
});
