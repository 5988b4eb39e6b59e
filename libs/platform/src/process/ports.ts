import net from 'node:net';

/**
 * Whether `port` can be listened on at `host` right now: null if so, else one line naming the variable,
 * the port and the system's error code (EADDRINUSE: another process has it). Port 0 (any free port)
 * is always free. Used by the apps before they start and by `npm start` before it starts anything.
 */
export function portProblem(variable: string, host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      resolve(listenFailureLine(error, variable, port, host)),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** One line for a port that cannot be listened on (taken, not allowed, not an address here). */
export function listenFailureLine(error: unknown, variable: string, port: number, host: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `${variable}=${port}: the port is already in use on ${host} (EADDRINUSE); stop the other process or choose another port`;
  if (code === 'EACCES') return `${variable}=${port}: not allowed to listen on ${host} (EACCES)`;
  if (code === 'EADDRNOTAVAIL') return `HOST=${host}: not an address of this machine (EADDRNOTAVAIL)`;
  return `${variable}=${port}: cannot listen on ${host} (${typeof code === 'string' ? code : String(error)})`;
}
