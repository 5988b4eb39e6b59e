import 'reflect-metadata';
import { ConfigError, DatabaseStartError, EXIT_CONFIG, EXIT_UNAVAILABLE } from '@craftstats/platform';

/** A wrong argument: the message and the usage are printed, the exit code is 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Exit code of a command that could not do its work (its message says why). */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * Runs an operator's command (`npm run migration:*`, `rebuild`, `import:legacy`): its exit code is what
 * `main` resolves with. The expected failures are one line on stderr, never a stack: a bad variable
 * (ConfigError, exit 78, the apps' message), a database that cannot be used (DatabaseStartError, exit
 * 69, naming the variable, host, user and the driver's code) and a wrong argument (exit 2).
 */
export function runCli(name: string, main: () => Promise<number>, failedCode = EXIT_FAILED): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failureText(name, error)}\n`);
      process.exit(exitCodeOf(error, failedCode));
    },
  );
}

export function failureText(name: string, error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n${error.usage}`;
  if (error instanceof ConfigError || error instanceof DatabaseStartError) return `${name}: ${error.message}`;
  return `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
}

export function exitCodeOf(error: unknown, failedCode = EXIT_FAILED): number {
  if (error instanceof UsageError) return EXIT_USAGE;
  if (error instanceof ConfigError) return EXIT_CONFIG;
  if (error instanceof DatabaseStartError) return EXIT_UNAVAILABLE;
  return failedCode;
}
