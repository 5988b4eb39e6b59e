import { LegacyProfileRow } from '../legacy-profile';
import { LegacyProfileSource } from './legacy-import.ports';

/**
 * The read phase: the source's rows after `afterId`, a page at a time by primary key. The next page
 * is asked for as soon as a page is handed out, so it is read while the caller writes this one.
 * A failed read surfaces at the page it would have been.
 */
export async function* readPages(
  source: LegacyProfileSource,
  afterId: number,
  pageSize: number,
): AsyncGenerator<{ rows: LegacyProfileRow[]; lastId: number }> {
  let next = source.page(afterId, pageSize);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const lastId = Number(rows[rows.length - 1]?.['id']);
    // Read ahead while this page is written (a failure waits for the page it belongs to).
    next = source.page(lastId, pageSize);
    next.catch(() => undefined);
    yield { rows, lastId };
  }
}
