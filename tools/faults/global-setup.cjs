// globalSetup of the fault suite: build the apps once (the tests run them as processes). Unlike the
// e2e setup it does not probe the machine's MariaDB: the fault suite only uses servers it starts.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const { privateMariaDbMissing } = require('./mariadb-binaries.cjs');

module.exports = async function faultsSetup() {
  const missing = privateMariaDbMissing();
  if (missing) {
    throw new Error(
      `The fault suite starts its own MariaDB servers, but ${missing}. Install MariaDB (Debian: mariadb-server); ` +
        '`npm test` skips this suite on such a machine unless CI=true.',
    );
  }
  const root = path.resolve(__dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'tools/build.mjs')], { cwd: root, stdio: 'ignore' });
  process.env.CRAFTSTATS_APPS_BUILT = '1';
};
