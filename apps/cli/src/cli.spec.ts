import { ConfigError, DatabaseStartError } from '@craftstats/platform';
import { UsageError, exitCodeOf, failureText } from './cli';

describe("the operators' commands: how a failure is told", () => {
  const database = new DatabaseStartError(
    'DATABASE_URL',
    'ECONNREFUSED',
    true,
    'database "craftstats" at 127.0.0.1:3306 as user "stats"',
    'nothing accepts connections there',
  );

  it.each([
    [
      new ConfigError('TZ_COMMUNITY', 'is not an IANA time zone: "Mars"'),
      'rebuild: Invalid configuration: TZ_COMMUNITY is not an IANA time zone: "Mars"',
      78,
    ],
    [
      database,
      'rebuild: cannot use the database of DATABASE_URL (database "craftstats" at 127.0.0.1:3306 as user "stats"): nothing accepts connections there (ECONNREFUSED)',
      69,
    ],
    [
      new UsageError('Unknown option --x.', 'Usage: npm run rebuild'),
      'Unknown option --x.\nUsage: npm run rebuild',
      2,
    ],
    [
      new Error('The database has pending migrations'),
      'rebuild failed: The database has pending migrations',
      1,
    ],
  ])('%s → one message and its exit code', (error, text, code) => {
    expect([failureText('rebuild', error), exitCodeOf(error)]).toEqual([text, code]);
  });

  it('lets a command choose the exit code of its own failures (rebuild: 2), not of the expected ones', () => {
    expect([exitCodeOf(new Error('x'), 2), exitCodeOf(database, 2)]).toEqual([2, 69]);
  });
});
