import { LegacyImportEvent } from '../../events/event.types';
import { LegacyProfileRow, LegacyRowProblem, legacyProfileEvent } from '../legacy-profile';
import { LegacyProfileSource } from './legacy-import.ports';

/** A row that was not imported, with the reason (every one is reported, none silently dropped). */
export interface SkippedLegacyRow {
  legacyId: number;
  uuid: string;
  nick: string;
  problem: LegacyRowProblem;
  detail: string;
}

/**
 * For each row that is the same player as another row, the id of the row imported in its place: of
 * each group the first row by preference (`duplicateUuidGroups`) that is itself valid, so a preferred
 * row that is rejected (a bad nick, a value out of range) does not take its valid duplicate down with
 * it. A group without a valid row maps nothing: each of its rows is reported with its own problem.
 */
export async function duplicateRows(source: LegacyProfileSource, asOf: number): Promise<Map<number, number>> {
  const groups = await source.duplicateUuidGroups();
  const ids = groups.flat();
  const valid = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const row of await source.rows(ids.slice(i, i + 1000))) {
      if (legacyProfileEvent(row, asOf).ok) valid.add(Number(row['id']));
    }
  }
  const keptFor = new Map<number, number>();
  for (const group of groups) {
    const kept = group.find((id) => valid.has(id));
    if (kept === undefined) continue;
    for (const id of group) if (id !== kept) keptFor.set(id, kept);
  }
  return keptFor;
}

/**
 * The validate phase: each row of a page → its import event (the domain's `legacyProfileEvent`), or
 * a skipped row with its reason — an invalid value, or another row of the same player (`duplicates`).
 */
export function validatePage(
  rows: readonly LegacyProfileRow[],
  asOf: number,
  duplicates: ReadonlyMap<number, number>,
): { events: LegacyImportEvent[]; skipped: SkippedLegacyRow[] } {
  const events: LegacyImportEvent[] = [];
  const skipped: SkippedLegacyRow[] = [];
  for (const row of rows) {
    const result = legacyProfileEvent(row, asOf);
    const base = { legacyId: Number(row['id']), uuid: String(row['uuid']), nick: String(row['nick']) };
    if (!result.ok) {
      skipped.push({ ...base, problem: result.problem, detail: result.detail });
      continue;
    }
    const keptId = duplicates.get(base.legacyId);
    if (keptId !== undefined) {
      skipped.push({
        ...base,
        problem: 'DUPLICATE_UUID',
        detail: `same player (uuid ${result.event.uuid}) as row ${keptId}, which is imported`,
      });
      continue;
    }
    events.push(result.event);
  }
  return { events, skipped };
}
