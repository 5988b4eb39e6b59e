import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LEGACY_DDL_PATH } from './legacy-database';

// The tests and the import bench create the old table from a copy of the old system's DDL, which lives
// beside this repository (../shared) and not in it: the copy must stay the same text.
const ORIGINAL = path.resolve(__dirname, '../../../../../shared/legacy/player_profile.sql');
const missing = existsSync(ORIGINAL) ? '' : ` — skipped: ${ORIGINAL} is not next to this checkout`;

(missing ? describe.skip : describe)(`legacy DDL fixture${missing}`, () => {
  it("is the old system's player_profile.sql, unchanged", () => {
    expect(readFileSync(LEGACY_DDL_PATH, 'utf8')).toBe(readFileSync(ORIGINAL, 'utf8'));
  });
});
