// Decides once per test run whether the MariaDB suites run. Without CI=true an unreachable server
// turns them into skipped suites (reported as skipped, with the reason); with CI=true it fails the run.
const mysql = require('mysql2/promise');

const DEFAULT_URL = 'mariadb://root@127.0.0.1:3306/';

module.exports = async function probeMariaDb() {
  const url = process.env.MARIADB_TEST_URL || DEFAULT_URL;
  process.env.MARIADB_TEST_URL = url;
  if (process.env.CRAFTSTATS_MARIADB) return; // already probed by the parent process
  const parsed = new URL(url);
  try {
    const connection = await mysql.createConnection({
      host: parsed.hostname,
      port: Number(parsed.port || 3306),
      user: decodeURIComponent(parsed.username || 'root'),
      password: decodeURIComponent(parsed.password),
      connectTimeout: 3000,
    });
    await connection.query('SELECT 1');
    await connection.end();
    process.env.CRAFTSTATS_MARIADB = 'available';
  } catch (error) {
    const reason = `MariaDB not reachable at ${parsed.host} (${error.code || error.message})`;
    if (process.env.CI === 'true') {
      throw new Error(`${reason}: with CI=true the MariaDB suites are mandatory.`);
    }
    process.env.CRAFTSTATS_MARIADB = `unavailable: ${reason}`;
    process.stderr.write(
      `\n[craftstats] ${reason}: MariaDB suites are skipped (CI=true makes them mandatory).\n`,
    );
  }
};
