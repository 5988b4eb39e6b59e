/**
 * A real `node:http` server for the client tests: records every request and answers with scripted
 * replies. Test-only code (uses Node modules), outside `src/` so it is never part of the package.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/panel/economy/log?limit=10`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Raw body text. */
  body: string;
}

/** How the server answers one request. */
export type Reply =
  | {
      status: number;
      headers?: Record<string, string>;
      /** Serialized as JSON unless it is a string (sent as is). */
      body?: unknown;
      /** Wait this long before answering. */
      delayMs?: number;
    }
  /** Drop the connection without an answer (a network error for the client). */
  | 'destroy';

export type ReplyFn = (request: RecordedRequest, index: number) => Reply;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers the scripted replies in order; the last one repeats. */
export function sequence(...replies: Reply[]): ReplyFn {
  if (replies.length === 0) throw new Error('sequence() needs at least one reply');
  return (_request, index) => replies[Math.min(index, replies.length - 1)] as Reply;
}

/** `{ status: 200, data }` */
export function dataReply(data: unknown): Exclude<Reply, 'destroy'> {
  return { status: 200, body: { status: 200, data } };
}

function send(response: ServerResponse, reply: Exclude<Reply, 'destroy'>): void {
  const body =
    reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const contentType =
    typeof reply.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  response.writeHead(reply.status, { 'content-type': contentType, ...reply.headers });
  response.end(body);
}

/** Starts a server on 127.0.0.1, port chosen by the OS. */
export async function startTestServer(replyFn: ReplyFn): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.length;
      requests.push(recorded);
      const reply = replyFn(recorded, index);
      if (reply === 'destroy') {
        req.socket.destroy();
        return;
      }
      if (reply.delayMs === undefined) {
        send(res, reply);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, reply);
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A base URL on which nothing listens (connection refused). */
export async function unusedBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
