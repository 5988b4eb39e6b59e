import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Resolves after the event loop has polled for I/O once more: whatever the kernel already holds when
 * it is called (connections waiting to be accepted, request bytes on open connections) has been taken
 * in by then. The first immediate runs in this turn's check phase, the second in the next turn's,
 * after that turn's poll.
 */
function afterNextPoll(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(
    () => new Promise<void>((resolve) => setImmediate(resolve)),
  );
}

/**
 * How the HTTP server closes on `app.close()` (SIGTERM/SIGINT through `runApp`; docs/adr/0067):
 * nothing the server has already received is refused or cut off.
 *
 * - Every request on an open connection is processed as usual and answered, with `Connection: close`:
 *   the ones in flight when the close begins, the ones whose bytes were waiting in the socket (the event
 *   loop may have been busy, e.g. with a synchronous SQLite write, when SIGTERM came), and the ones
 *   that arrive on a connection before the server closes it. A connection ends after its answer.
 * - Before the listener stops, the event loop polls once more, so that connections waiting in the
 *   listen backlog are accepted, and once more after, so that their request bytes are read. Only then
 *   are the idle connections closed (Node's `server.close()`, called by Fastify), and those that never
 *   sent a byte; a connection whose request has begun to arrive is not idle.
 * - A keep-alive answer that was already on its way when the close began (a stream) cannot carry the
 *   header; once it ends, its connection is closed as soon as it is idle.
 *
 * Fastify's own 503 for requests during the close (`return503OnClosing`) stays off. The whole stop is
 * bounded by SHUTDOWN_TIMEOUT_MS (`runApp`); the database closes after the last answer (Nest closes the
 * HTTP server before its shutdown hooks run).
 */
export function installGracefulClose(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const server = app.getHttpServer() as Server;
  // Tracked per connection, not per request (keep-alive connections carry many requests), so that
  // normal operation pays nothing per request; what a request needs is done once the close begins.
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  const closeIdleConnections = () => {
    void afterNextPoll().then(() => server.closeIdleConnections());
  };
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
    if (res.writableFinished) closeIdleConnections();
    else res.once('finish', closeIdleConnections);
  };

  fastify.addHook('preClose', async () => {
    // The answer in flight on each connection (Node's own field, which its `closeIdleConnections`
    // reads too), then every request that begins from now on: the raw server's event, not a Fastify
    // hook, so that it also sees what Fastify answers before its hooks (router errors, preflights).
    for (const socket of connections) {
      const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (res) lastOnItsConnection(res);
    }
    // First among the listeners: an early answer (early-answers.ts) is written synchronously in the one
    // after it, and must carry the header too.
    server.prependListener('request', (_request: IncomingMessage, res: ServerResponse) =>
      lastOnItsConnection(res),
    );
    await afterNextPoll();
    // Stop accepting connections without closing the idle ones yet (`http.Server#close` would).
    NetServer.prototype.close.call(server);
    await afterNextPoll();
    // Connections that have not sent a byte (a client that connected and waits, a preconnect) are not
    // idle to Node and would hold the close until the deadline.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
}
