import { LegacyImportEvent } from '../../events/event.types';
import { EventStore, IngestContext } from '../../events/event.store';
import { foldEvents } from '../../players/player.history';
import { LegacyCheckpointWrite, LegacyImportTarget, ProjectedImport } from './legacy-import.ports';

/** Events per `EventStore.ingest` call for players the database already knows. */
const STORE_BATCH = 200;

/**
 * What the event store's fold gives for each event on a player nobody knew yet — including the
 * row's newest-event key, so a later, older live event replays the player (ADR 0015).
 */
export function projectNewPlayers(
  events: readonly LegacyImportEvent[],
  ctx: { source: string; timeZone: string },
): ProjectedImport[] {
  return events.map((event) => {
    const { player, votes } = foldEvents(null, [{ source: ctx.source, event }], ctx);
    return { event, player, votes };
  });
}

export interface PageOutcome {
  created: number;
  merged: number;
  alreadyImported: number;
  registrations: number;
}

export interface LoadPorts {
  target: LegacyImportTarget;
  events: EventStore;
}

/**
 * The load phase for one page (ADR 0027, 0028): events of players the database already knows go
 * through the event store like any batch, so live events and the import combine under the same
 * rules; the others take the bulk path, written with the page's checkpoint in one transaction. If a
 * live event created one of those players meanwhile, the whole rest of the page goes through the
 * store. A dry run only counts what would happen.
 */
export async function loadPage(
  ports: LoadPorts,
  events: readonly LegacyImportEvent[],
  ctx: IngestContext,
  checkpoint: Omit<LegacyCheckpointWrite, 'imported' | 'updatedAt'>,
  dryRun: boolean,
): Promise<PageOutcome> {
  const { target } = ports;
  const known = await target.knownPlayers([...new Set(events.map((event) => event.uuid))]);
  const fresh = events.filter((event) => !known.has(event.uuid));
  const merging = events.filter((event) => known.has(event.uuid));
  const registeredBy = (list: readonly LegacyImportEvent[]) =>
    list.filter((event) => event.snapshot.registred !== 0 && (known.get(event.uuid) ?? 0) === 0).length;

  if (dryRun) {
    const seen = merging.length > 0 ? await target.processedIds(merging.map((e) => e.id)) : new Set();
    const pending = merging.filter((event) => !seen.has(event.id));
    return {
      created: fresh.length,
      merged: pending.length,
      alreadyImported: merging.length - pending.length,
      registrations: registeredBy(fresh) + registeredBy(pending),
    };
  }

  let merged = 0;
  let alreadyImported = 0;
  const ingest = async (list: readonly LegacyImportEvent[]) => {
    for (let i = 0; i < list.length; i += STORE_BATCH) {
      const outcome = await ports.events.ingest(list.slice(i, i + STORE_BATCH), ctx);
      merged += outcome.accepted;
      alreadyImported += outcome.duplicates;
    }
  };
  // Known players first, through the store (idempotent on its own); the page's transaction below then
  // records the checkpoint, so a kill in between only makes the resumed run see those as duplicates.
  const mergedRegistrations = registeredBy(merging);
  await ingest(merging);

  const written = await target.createPlayers(projectNewPlayers(fresh, ctx), ctx.receivedAt, {
    ...checkpoint,
    imported: merged + fresh.length,
    updatedAt: ctx.receivedAt,
  });
  if (written !== 'conflict') {
    return {
      created: fresh.length,
      merged,
      alreadyImported,
      registrations: written.registrations + mergedRegistrations,
    };
  }
  // A live event created one of these players meanwhile: the whole page goes through the store.
  const createdBefore = merged;
  await ingest(fresh);
  await target.writeCheckpoint({ ...checkpoint, imported: merged, updatedAt: ctx.receivedAt });
  return {
    created: 0,
    merged,
    alreadyImported,
    registrations: mergedRegistrations + (merged - createdBefore > 0 ? registeredBy(fresh) : 0),
  };
}
