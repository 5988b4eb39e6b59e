// Whether this machine can start the private MariaDB servers of the fault suite: `mariadbd` and
// `mariadb-install-db` must be on PATH (the harness spawns them by name). Used by tools/test.mjs to
// skip the suite with a reason on a newcomer's machine without MariaDB, and by the suite's
// globalSetup, which fails with that reason under CI=true, where the suite is mandatory.
const { accessSync, constants } = require('node:fs');
const path = require('node:path');

const BINARIES = ['mariadbd', 'mariadb-install-db'];

function onPath(name) {
  return (process.env.PATH || '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** null when both binaries are there, else why the fault suite can't run here. */
function privateMariaDbMissing() {
  const missing = BINARIES.filter((name) => !onPath(name));
  return missing.length === 0 ? null : `${missing.join(' and ')} not found on PATH`;
}

module.exports = { privateMariaDbMissing };
