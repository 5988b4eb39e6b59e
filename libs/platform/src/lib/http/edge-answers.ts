import { IncomingMessage, STATUS_CODES, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, ErrorEnvelope } from '@craftstats/contracts';
import { DomainError } from '@craftstats/domain';
import { sendErrorAnswer } from '../errors/error-envelope.filter';
import { SECURITY_HEADERS } from './edge';

/** Message of the 417 for an `Expect` header other than `100-continue`. */
export const EXPECTATION_FAILED_MESSAGE = 'Hlavičku Expect s touto hodnotou server nepodporuje.';
/** Message of the 400 for a missing or malformed `Host` header. */
export const BAD_HOST_MESSAGE = 'Chybí nebo je neplatná hlavička Host.';

/** A Host header: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Whether a Host header is present and well formed; a request without one gets the 400 below. */
export function isValidHost(host: string | string[] | undefined): boolean {
  return typeof host === 'string' && HOST.test(host);
}

/** The headers and body of an error envelope written outside Fastify (HEAD: headers only). */
function envelopeHead(envelope: ErrorEnvelope): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(envelope);
  return {
    headers: {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    },
    body,
  };
}

/** The complete raw HTTP/1.1 answer carrying `envelope`, for a socket without a response object. */
export function rawEnvelopeAnswer(envelope: ErrorEnvelope, head: boolean): string {
  const { headers, body } = envelopeHead(envelope);
  return [
    `HTTP/1.1 ${envelope.status} ${STATUS_CODES[envelope.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    head ? '' : body,
  ].join('\r\n');
}

/**
 * Answers that Node's HTTP server or Fastify would otherwise give outside the envelope:
 * - `Expect` other than `100-continue`: Node's automatic 417 with an empty body → the envelope;
 * - `CONNECT`: Node drops the connection → 405 METHOD_NOT_ALLOWED envelope;
 * - a missing or malformed `Host`: Node's empty 400 (its `requireHostHeader` is switched off in the
 *   adapter so the request reaches this check) → the 400 envelope.
 * Requests that arrive on open connections during shutdown are answered as usual (graceful-close.ts).
 * HEAD answers never carry a body. Returns the Host check: it answers a bad Host and says so.
 */
export function installEdgeAnswers(
  app: NestFastifyApplication,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const server = app.getHttpServer() as Server;

  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const { headers, body } = envelopeHead({
      status: 417,
      error: 'BAD_REQUEST',
      message: EXPECTATION_FAILED_MESSAGE,
    });
    response.writeHead(417, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    const answer = rawEnvelopeAnswer(
      { status: 405, error: 'METHOD_NOT_ALLOWED', message: ERROR_MESSAGES.METHOD_NOT_ALLOWED },
      false,
    );
    socket.end(answer);
  });

  // Called by the app's one `onRequest` hook (http-app.ts) before anything else reads the request.
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (isValidHost(request.headers.host)) return false;
    void reply.header('connection', 'close');
    sendErrorAnswer(new DomainError('BAD_REQUEST', BAD_HOST_MESSAGE), request, reply, 'Http', app);
    return true;
  };
}
