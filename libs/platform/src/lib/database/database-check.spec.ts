import { DatabaseStartError, type NamedDatabase, databaseStartError } from './database-check';

// The one-line messages of docs/operations.md ("Starting: what stops a start, in one line") for the
// drivers' error shapes, without a server: the e2e suites meet the real ones (start-failures.e2e-spec.ts),
// the refused login and the missing database only where MariaDB runs.

const MYSQL: NamedDatabase = {
  variable: 'DATABASE_URL',
  settings: {
    kind: 'mysql',
    flavor: 'mariadb',
    host: 'db.example.cz',
    port: 3306,
    user: 'craftstats',
    password: 'secret-password',
    database: 'craftstats',
  },
};
const SQLITE: NamedDatabase = {
  variable: 'DATABASE_URL',
  settings: { kind: 'sqlite', path: '/srv/x.sqlite' },
};

/** A mysql2 error as the driver makes it, wrapped as TypeORM wraps it when `wrapped`. */
function driverError(code: string, message: string, wrapped = false): Error {
  const error = Object.assign(new Error(message), { code, errno: 1045, sqlState: '28000', fatal: true });
  return wrapped ? Object.assign(new Error(`QueryFailedError: ${message}`), { driverError: error }) : error;
}

describe('databaseStartError: one line per expected failure of opening a database', () => {
  it.each([
    ['ECONNREFUSED', 'nothing accepts connections there', true],
    ['ENOTFOUND', 'the host name does not resolve', true],
    ['ETIMEDOUT', 'the server does not answer', true],
    ['ER_ACCESS_DENIED_ERROR', 'the server refused the login: check the user and password', false],
    ['ER_DBACCESS_DENIED_ERROR', 'the user may not use this database', false],
    ['ER_BAD_DB_ERROR', 'the database does not exist', false],
  ])(
    '%s: "%s", retried: %s; the line names the variable, host, port, user and the code',
    (code, reason, retry) => {
      for (const wrapped of [false, true]) {
        const failure = databaseStartError(driverError(code, `driver said ${code}`, wrapped), MYSQL);
        expect(failure).toBeInstanceOf(DatabaseStartError);
        expect(failure?.message).toMatch(
          new RegExp(
            `^cannot use the database of DATABASE_URL \\(database "craftstats" at db\\.example\\.cz:3306 as user "craftstats"\\): ${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* \\(${code}\\)$`,
          ),
        );
        expect(failure?.message).not.toContain('secret-password');
        expect(failure?.message).not.toContain('\n');
        expect([failure?.code, failure?.retry, failure?.variable]).toEqual([code, retry, 'DATABASE_URL']);
      }
    },
  );

  it('names the file of an SQLite database and the option a command was given', () => {
    const failure = databaseStartError(Object.assign(new Error('x'), { code: 'SQLITE_CANTOPEN' }), SQLITE);
    expect(failure?.message).toBe(
      'cannot use the database of DATABASE_URL (SQLite file /srv/x.sqlite): the file cannot be opened (SQLITE_CANTOPEN)',
    );
    const from = databaseStartError(driverError('ECONNREFUSED', 'x'), { ...MYSQL, variable: '--from' });
    expect(from?.message).toMatch(/^cannot use the database of --from \(/);
  });

  it('leaves anything unexpected to be reported as it is', () => {
    expect(databaseStartError(new TypeError('a bug'), MYSQL)).toBeNull();
    expect(databaseStartError(driverError('ER_PARSE_ERROR', 'syntax'), MYSQL)).toBeNull();
    expect(databaseStartError(undefined, MYSQL)).toBeNull();
  });
});
