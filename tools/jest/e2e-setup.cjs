// globalSetup of the e2e suites: probe MariaDB once, and build the apps once per Jest run so that
// tests starting apps as processes (startAppProcess) all use the same build — no test file rebuilds
// `dist/` while another one's process is starting from it.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const probeMariaDb = require('./mariadb-probe.cjs');

module.exports = async function e2eSetup() {
  await probeMariaDb();
  const root = path.resolve(__dirname, '../..');
  // The apps' Nx build targets (cached: a second run with unchanged sources compiles nothing).
  execFileSync(process.execPath, [path.join(root, 'tools/build.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  process.env.CRAFTSTATS_APPS_BUILT = '1';
};
