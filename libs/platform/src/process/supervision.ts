/**
 * Processes run by `npm start` (tools/start.mjs) are supervised: the supervisor alone decides when they
 * stop, so a Ctrl+C that the terminal sends to the whole process group, or a SIGTERM sent to every
 * process, cannot stop the apps before the simulator has delivered its last events. The supervisor
 * sets CRAFTSTATS_SUPERVISED=1 and talks to its children over Node's IPC channel.
 */

/** The message the supervisor sends to stop a child gracefully. */
export const SHUTDOWN_MESSAGE = 'shutdown';

/**
 * The message a supervised app sends once it listens: the supervisor waits for it (not for an answer
 * on the port, which another process may give) before it starts the simulator and prints `ready`.
 */
export interface ListeningMessage {
  type: 'listening';
  port: number;
}

/** Tells the supervisor, if there is one, that this app listens on `port`. */
export function tellSupervisorListening(port: number): void {
  if (!isSupervised()) return;
  const message: ListeningMessage = { type: 'listening', port };
  process.send?.(message);
}

/** True in a process started by the supervisor (the variable is set and the IPC channel is open). */
export function isSupervised(env: Record<string, string | undefined> = process.env): boolean {
  return env['CRAFTSTATS_SUPERVISED'] === '1' && typeof process.send === 'function' && process.connected;
}

/**
 * Ignores SIGINT and SIGTERM and calls `stop` once: on the supervisor's shutdown message, or when the
 * IPC channel closes (the supervisor is gone, so nobody would ever stop this process otherwise).
 */
export function stopWhenSupervisorSays(stop: () => void): void {
  let stopped = false;
  const once = () => {
    if (stopped) return;
    stopped = true;
    stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
  process.on('message', (message) => {
    if (message === SHUTDOWN_MESSAGE) once();
  });
  process.once('disconnect', once);
}
