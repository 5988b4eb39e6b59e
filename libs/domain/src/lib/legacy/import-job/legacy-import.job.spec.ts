import { EventStore, IngestContext, IngestOutcome } from '../../events/event.store';
import { GameEvent } from '../../events/event.types';
import { LegacyProfileRow } from '../legacy-profile';
import { CheckpointTracker } from './legacy-import.checkpoint';
import { runLegacyImport } from './legacy-import.job';
import {
  LegacyCheckpoint,
  LegacyCheckpointWrite,
  LegacyImportIndexes,
  LegacyImportTarget,
  LegacyProfileSource,
  ProjectedImport,
} from './legacy-import.ports';
import { validatePage } from './legacy-import.validate';

const AS_OF = Date.UTC(2026, 10, 20, 12);
const TZ = 'Europe/Prague';

/** Player n's uuid as the import stores it (the old table spells it without dashes). */
const uuidOf = (n: number) => `01234567-89ab-4def-8123-${n.toString(16).padStart(12, '0')}`;

/** A valid legacy row for player `n` (uuid ending in n, nick Hrac_n). */
function row(n: number, overrides: LegacyProfileRow = {}): LegacyProfileRow {
  return {
    id: n,
    discriminator: '0815',
    nick: `Hrac_${n}`,
    uuid: uuidOf(n).replace(/-/g, ''),
    registred: '1400000000000',
    last_online: '1700000000000',
    played_time: '60',
    craft_coins: '5',
    global_level: '1',
    total_votes: 3,
    month_votes: 1,
    week_votes: 0,
    ...overrides,
  };
}

class MemorySource extends LegacyProfileSource {
  readonly name = 'old-db:3306/oldstats';
  reads = 0;
  constructor(
    private readonly all: LegacyProfileRow[],
    private readonly failAfterPages = Number.POSITIVE_INFINITY,
    private readonly groups: number[][] = [],
  ) {
    super();
  }
  count(afterId: number): Promise<number> {
    return Promise.resolve(this.all.filter((r) => Number(r['id']) > afterId).length);
  }
  page(afterId: number, limit: number): Promise<LegacyProfileRow[]> {
    if (++this.reads > this.failAfterPages) return Promise.reject(new Error('old database lost'));
    return Promise.resolve(this.all.filter((r) => Number(r['id']) > afterId).slice(0, limit));
  }
  duplicateUuidGroups(): Promise<number[][]> {
    return Promise.resolve(this.groups);
  }
  rows(ids: readonly number[]): Promise<LegacyProfileRow[]> {
    return Promise.resolve(this.all.filter((r) => ids.includes(Number(r['id']))));
  }
}

class MemoryTarget extends LegacyImportTarget {
  readonly maxConcurrentPages = 2;
  checkpoint: LegacyCheckpoint | null = null;
  players = new Map<string, number>();
  writes = 0;
  readCheckpoint(): Promise<LegacyCheckpoint | null> {
    return Promise.resolve(this.checkpoint);
  }
  knownPlayers(uuids: readonly string[]): Promise<Map<string, number>> {
    return Promise.resolve(
      new Map(uuids.filter((u) => this.players.has(u)).map((u) => [u, this.players.get(u) ?? 0])),
    );
  }
  processedIds(): Promise<Set<string>> {
    return Promise.resolve(new Set());
  }
  createPlayers(
    players: readonly ProjectedImport[],
    _receivedAt: number,
    checkpoint: LegacyCheckpointWrite,
  ): Promise<{ registrations: number }> {
    this.writes++;
    for (const { player } of players) this.players.set(player.uuid, player.registred);
    this.record(checkpoint);
    return Promise.resolve({ registrations: players.filter((p) => p.player.registred !== 0).length });
  }
  writeCheckpoint(checkpoint: LegacyCheckpointWrite): Promise<void> {
    this.record(checkpoint);
    return Promise.resolve();
  }
  advanceCheckpoint(_source: string, lastId: number): Promise<void> {
    if (this.checkpoint) this.checkpoint.lastId = Math.max(this.checkpoint.lastId, lastId);
    return Promise.resolve();
  }
  private record(c: LegacyCheckpointWrite): void {
    const before = this.checkpoint ?? { lastId: 0, imported: 0, skipped: 0, asOf: 0 };
    this.checkpoint = {
      lastId: Math.max(before.lastId, c.lastId()),
      imported: before.imported + c.imported,
      skipped: before.skipped + c.skipped,
      asOf: c.asOf,
    };
  }
}

class MemoryIndexes extends LegacyImportIndexes {
  missing = 0;
  constructor(private readonly empty: boolean | null) {
    super();
  }
  state(): Promise<{ expected: number; missing: number } | null> {
    return Promise.resolve(this.empty === null ? null : { expected: 16, missing: this.missing });
  }
  tablesEmpty(): Promise<boolean> {
    return Promise.resolve(this.empty === true);
  }
  dropAll(): Promise<number> {
    this.missing = 16;
    return Promise.resolve(16);
  }
  addMissing(): Promise<number> {
    const added = this.missing;
    this.missing = 0;
    return Promise.resolve(added);
  }
}

class RecordingStore extends EventStore {
  batches: GameEvent[][] = [];
  ingest(events: readonly GameEvent[], _ctx: IngestContext): Promise<IngestOutcome> {
    this.batches.push([...events]);
    return Promise.resolve({ accepted: events.length, duplicates: 0 });
  }
}

describe('validatePage', () => {
  it('turns valid rows into events and reports invalid rows and duplicates with their reason', () => {
    const { events, skipped } = validatePage(
      [row(1), row(2, { nick: 'bad nick' }), row(3)],
      AS_OF,
      new Map([[3, 1]]),
    );
    expect(events.map((e) => e.uuid)).toEqual([uuidOf(1)]);
    expect(skipped.map((s) => [s.legacyId, s.problem])).toEqual([
      [2, 'INVALID_NICK'],
      [3, 'DUPLICATE_UUID'],
    ]);
    expect(skipped[1]?.detail).toMatch(/as row 1, which is imported/);
  });
});

describe('CheckpointTracker', () => {
  it('covers only the contiguous prefix of committed pages, whatever order they commit in', () => {
    const tracker = new CheckpointTracker(100);
    const a = tracker.start(110);
    const b = tracker.start(120);
    expect(tracker.committing(b)).toBe(100); // page a still open: b cannot move the checkpoint
    tracker.committed(b);
    expect(tracker.done()).toBe(100);
    expect(tracker.committing(a)).toBe(120); // a commits after b: both are covered
    tracker.committed(a);
    expect(tracker.done()).toBe(120);
  });
});

describe('runLegacyImport', () => {
  it('runs the phases: drops the indexes of an empty target, loads every page, moves the checkpoint, adds them back', async () => {
    const source = new MemorySource([row(1), row(2), row(3, { nick: 'x y' }), row(4), row(5)]);
    const target = new MemoryTarget();
    const indexes = new MemoryIndexes(true);
    const notices: string[] = [];
    const progress: number[] = [];
    const summary = await runLegacyImport(
      { source, target, indexes, events: new RecordingStore() },
      {
        timeZone: TZ,
        asOf: AS_OF,
        pageSize: 2,
        onNotice: (line) => notices.push(line),
        onProgress: (p) => progress.push(p.rows),
      },
    );
    expect(summary).toMatchObject({
      rowsRead: 5,
      created: 4,
      merged: 0,
      lastId: 5,
      indexes: 'deferred',
      totals: { imported: 4, skipped: 1 },
    });
    expect(target.checkpoint).toEqual({ lastId: 5, imported: 4, skipped: 1, asOf: AS_OF });
    expect(indexes.missing).toBe(0);
    expect(progress).toEqual([2, 4, 5]);
    expect(notices[0]).toBe(`as of ${new Date(AS_OF).toISOString()} (--as-of)`);
    expect(notices.slice(1, 2)).toEqual([
      'empty target: 16 secondary indexes dropped for the bulk load, added back at the end',
    ]);
  });

  it('sends players the target already knows through the event store, and resumes after the checkpoint with its as-of', async () => {
    const source = new MemorySource([row(1), row(2), row(3)]);
    const target = new MemoryTarget();
    target.checkpoint = { lastId: 1, imported: 1, skipped: 0, asOf: AS_OF - 1000 };
    target.players.set(uuidOf(2), 0);
    const store = new RecordingStore();
    const summary = await runLegacyImport(
      { source, target, indexes: new MemoryIndexes(false), events: store },
      { timeZone: TZ, now: () => AS_OF },
    );
    expect(summary).toMatchObject({
      resumedAfterId: 1,
      asOf: AS_OF - 1000,
      rowsRead: 2,
      created: 1,
      merged: 1,
    });
    expect(store.batches.flat().map((e) => e.uuid)).toEqual([uuidOf(2)]);
    expect(summary.indexes).toBe('kept');
  });

  it('lets the pages in flight finish when the source fails, keeps the checkpoint they reached and says the indexes are still dropped', async () => {
    const source = new MemorySource([row(1), row(2), row(3), row(4), row(5)], 2);
    const target = new MemoryTarget();
    const indexes = new MemoryIndexes(true);
    await expect(
      runLegacyImport(
        { source, target, indexes, events: new RecordingStore() },
        { timeZone: TZ, asOf: AS_OF, pageSize: 2 },
      ),
    ).rejects.toThrow('old database lost (16 secondary indexes are still dropped: run the import again');
    expect(target.checkpoint?.lastId).toBe(4);
    expect(indexes.missing).toBe(16);
  });

  it('writes nothing on a dry run', async () => {
    const target = new MemoryTarget();
    const indexes = new MemoryIndexes(true);
    const summary = await runLegacyImport(
      { source: new MemorySource([row(1), row(2)]), target, indexes, events: new RecordingStore() },
      { timeZone: TZ, asOf: AS_OF, dryRun: true },
    );
    expect(summary).toMatchObject({ dryRun: true, created: 2, indexes: 'kept' });
    expect([target.writes, target.checkpoint, indexes.missing]).toEqual([0, null, 0]);
  });
});
