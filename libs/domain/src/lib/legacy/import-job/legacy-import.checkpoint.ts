import { LegacyCheckpoint, LegacyImportTarget } from './legacy-import.ports';

/** Where a run starts: after the checkpoint (unless from the start), dated with which as-of. */
export interface LegacyImportStart {
  checkpoint: LegacyCheckpoint | null;
  resumedAfterId: number;
  asOf: number;
  /** One line saying which as-of and why. */
  notice: string;
}

/**
 * The checkpoint phase, at the start: the stored checkpoint of `source`, and the as-of — the given
 * one, else the as-of of the import this run continues (kept with its checkpoint), else now, so a
 * resumed import dates its rows like the run it continues, in the same month and week.
 */
export async function startFromCheckpoint(
  target: LegacyImportTarget,
  source: string,
  options: { asOf?: number; fromStart?: boolean; now: () => number },
): Promise<LegacyImportStart> {
  const checkpoint = await target.readCheckpoint(source);
  const storedAsOf = checkpoint !== null && checkpoint.asOf > 0 ? checkpoint.asOf : undefined;
  const asOf = options.asOf ?? storedAsOf ?? options.now();
  const why =
    options.asOf !== undefined
      ? '--as-of'
      : storedAsOf !== undefined
        ? 'the --as-of of the import this run continues'
        : 'now';
  return {
    checkpoint,
    resumedAfterId: options.fromStart ? 0 : (checkpoint?.lastId ?? 0),
    asOf,
    notice: `as of ${new Date(asOf).toISOString()} (${why})`,
  };
}

/**
 * Which prefix of the legacy table is safely imported. Pages may commit out of order; the checkpoint
 * a page's transaction writes covers that page only if every earlier page has committed, else the
 * end of the contiguous committed prefix. Written as the larger of stored and new, so it never goes
 * back. After a kill, pages beyond the checkpoint that had committed are read again: their players
 * exist by then, so their events go through the event store and are recognised as already imported.
 */
export class CheckpointTracker {
  private readonly pages: Array<{ lastId: number; committed: boolean }> = [];
  private prefix = 0;

  constructor(private readonly startId: number) {}

  start(lastId: number): number {
    this.pages.push({ lastId, committed: false });
    return this.pages.length - 1;
  }

  committed(page: number): void {
    const entry = this.pages[page];
    if (entry) entry.committed = true;
    while (this.pages[this.prefix]?.committed) this.prefix++;
  }

  /** The checkpoint if `page` commits now. */
  committing(page: number): number {
    let end = this.prefix;
    while (end < this.pages.length && (end === page || this.pages[end]?.committed)) end++;
    return end === 0 ? this.startId : (this.pages[end - 1]?.lastId ?? this.startId);
  }

  /** The end of the committed prefix. */
  done(): number {
    return this.prefix === 0 ? this.startId : (this.pages[this.prefix - 1]?.lastId ?? this.startId);
  }
}
