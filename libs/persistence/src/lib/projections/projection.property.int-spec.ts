import fc from 'fast-check';
import { eventSpecificArbitrary as specific } from '@craftstats/domain/testing';
import { SourcedEvent, foldEvents, parseEvent, votePeriodKeys } from '@craftstats/domain';
import { DataSource } from 'typeorm';
import { createDataSource } from '../database/data-source';
import { describeEachDialect } from '../../testing';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { TypeOrmPlayerRepository } from '../players/player.typeorm-repository';
import { rebuildProjections } from './projection.rebuild';

const TZ = 'Europe/Prague';
/** Sun 29 Mar 2026 00:30 UTC: the histories cross a DST change, a month and a week boundary. */
const T0 = Date.parse('2026-03-29T00:30:00Z');
const RECEIVED = T0 + 86_400_000;
const NICKS = ['Pepa', 'pepa', 'Jana', 'Admin_Karel'];
const SERVERS = ['lobby', 'survival', 'Lobby'];
const SOURCES = ['lobby', 'survival', 'Lobby'];
/** Histories per dialect in `npm test`; PROPERTY_RUNS raises it for a longer local run. */
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 200);

const item = fc.record({
  specific,
  player: fc.nat({ max: 2 }),
  nick: fc.constantFrom(...NICKS),
  server: fc.constantFrom(...SERVERS),
  source: fc.constantFrom(...SOURCES),
  date: fc.integer({ min: 0, max: 30 }).map((n) => T0 + n * 7 * 60_000),
});

/** A history (as raw items) plus its delivery: shuffled, some events repeated, cut into batches on two lanes. */
const scenario = fc.array(item, { minLength: 1, maxLength: 18 }).chain((items) =>
  fc.record({
    items: fc.constant(items),
    order: fc.shuffledSubarray([...items.keys()], { minLength: items.length, maxLength: items.length }),
    repeats: fc.array(fc.nat({ max: items.length - 1 }), { maxLength: 4 }),
    cuts: fc.array(fc.nat({ max: items.length + 4 }), { maxLength: 5 }),
    lanes: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  }),
);

let run = 0;

function uuidFor(runNo: number, player: number): string {
  return `00000000-0000-4000-9${player}00-${runNo.toString(16).padStart(12, '0')}`;
}

describeEachDialect('projections under any delivery order (property)', (fx) => {
  let second: DataSource;
  let stores: TypeOrmEventStore[];
  let players: TypeOrmPlayerRepository;

  beforeAll(async () => {
    // MariaDB: a second event store on its own connection pool, as a second ingestor process would have.
    second = fx.dialect === 'mysql' ? createDataSource(fx.db.settings) : fx.dataSource;
    if (!second.isInitialized) await second.initialize();
    stores = [new TypeOrmEventStore(fx.dataSource), new TypeOrmEventStore(second)];
    players = new TypeOrmPlayerRepository(fx.dataSource);
  });

  afterAll(async () => {
    if (second !== fx.dataSource && second?.isInitialized) await second.destroy();
  });

  it(`gives the replay of the whole log sorted by date for ${RUNS} random histories and deliveries`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ items, order, repeats, cuts, lanes }) => {
        run += 1;
        const events = items.map((it, index) => {
          const raw = {
            ...it.specific,
            id: `r${run}-${index}`,
            uuid: uuidFor(run, it.player),
            nick: it.nick,
            server: it.server,
            date: it.date,
          };
          const parsed = parseEvent(raw, { defaultServer: it.source, receivedAt: RECEIVED });
          if (!parsed.ok) throw new Error(parsed.error);
          return { source: it.source, event: parsed.event } satisfies SourcedEvent;
        });
        const sequence = [...order, ...repeats].map((i) => events[i] as SourcedEvent);
        const bounds = [...new Set([0, ...cuts.filter((c) => c < sequence.length), sequence.length])].sort(
          (a, b) => a - b,
        );
        // A batch carries one source's events (one ingest token per request).
        const batches = bounds.slice(1).flatMap((end, i) => {
          const slice = sequence.slice(bounds[i], end);
          return SOURCES.map((source) => slice.filter((e) => e.source === source)).filter(
            (b) => b.length > 0,
          );
        });
        // Two lanes delivered at the same time (on MariaDB through two stores), each lane in order.
        const lane = (n: number) =>
          batches
            .filter((_, i) => Number(lanes[i % lanes.length]) === n)
            .reduce(
              (previous, batch) =>
                previous.then(() =>
                  stores[fx.dialect === 'mysql' ? n : 0]?.ingest(
                    batch.map((b) => b.event),
                    { source: batch[0]?.source as string, receivedAt: RECEIVED, timeZone: TZ },
                  ),
                ),
              Promise.resolve<unknown>(undefined),
            );
        await Promise.all([lane(0), lane(1)]);

        const uuids = [...new Set(events.map((e) => e.event.uuid))];
        const report = await rebuildProjections(fx.dataSource, {
          verify: true,
          timeZone: TZ,
          playerUuids: uuids,
        });
        expect(report.drift).toEqual([]);
        expect(report.events).toBe(events.length);
        for (const uuid of uuids) {
          const expected = foldEvents(
            null,
            events.filter((e) => e.event.uuid === uuid),
            { timeZone: TZ },
          );
          const stored = await players.findByUuid(uuid, votePeriodKeys(T0, TZ));
          expect(stored?.player).toEqual(expected.player);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
