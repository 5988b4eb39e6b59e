/**
 * Processes run by `npm start` (tools/start.mjs) are supervised: the supervisor alone decides when they
 * stop, so a Ctrl+C that the terminal sends to the whole process group, or a SIGTERM sent to every
 * process, cannot stop the apps before the simulator has delivered its last events. The supervisor
 * sets this variable and talks to its children over Node's IPC channel.
 */
export const SUPERVISED_ENV = 'CRAFTSTATS_SUPERVISED';

/** The message the supervisor sends to stop a child gracefully. */
export const SHUTDOWN_MESSAGE = 'shutdown';

/** True in a process started by the supervisor (the variable is set and the IPC channel is open). */
export function isSupervised(env: Record<string, string | undefined> = process.env): boolean {
  return env[SUPERVISED_ENV] === '1' && typeof process.send === 'function' && process.connected;
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
