import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { CorsConfig } from '../config/edge-config';
import type { AppLogger } from '../logging/logger';
import { requestIdOf } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { addCorsFields } from './edge';
import { isValidHost } from './edge-answers';
import { PreparedAnswer, ServedAnswers, preparedAnswerHead } from './prepared-answer';
import { HeaderFields, securityHeaderFields } from './reply-headers';

export type { HeaderFields } from './reply-headers';

/** The request id header: reused from the request when sane (`requestIdOf`), always echoed. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an app decides about its early answers (the API: its public rate limit, rate-limit.hook.ts).
 * Without one, nothing is remembered and nothing is answered early.
 */
export interface EarlyAdmission {
  /** When a controller's answer is written: whether answers of its route may be repeated early. */
  servesEarly(request: FastifyRequest): boolean;
  /**
   * Before an early answer: counts the request from `client` (its address, as `request.ip` would be)
   * and adds its header fields. False hands the request to Fastify instead (a refusal, answered there
   * without counting it again).
   */
  admit(req: IncomingMessage, client: () => string, fields: HeaderFields): boolean;
}

/** What early answers share with the app's Fastify hooks (http-app.ts). */
export interface EarlyAnswerContext {
  /** The app's clock (freshness, Cache-Control). */
  now(): number;
  cors: CorsConfig | undefined;
  /** TRUST_PROXY as Fastify's `trustProxy` (`trustedProxies`). */
  trustProxy: ((address: string) => boolean) | false;
  metrics: Metrics;
  /** The app's logger when LOG_REQUESTS writes a line per request, else undefined. */
  requestLogger: AppLogger | undefined;
}

/** The line LOG_REQUESTS writes per request, from Fastify's `onResponse` hook or an early answer. */
export function requestLine(
  method: string,
  route: string,
  url: string,
  status: number,
  ip: string,
  seconds: number,
): Record<string, unknown> {
  return {
    msg: 'request',
    method,
    route,
    path: url.split('?')[0].slice(0, 200),
    status,
    ip,
    ms: Math.round(seconds * 10_000) / 10,
  };
}

/**
 * Fresh prepared answers repeated before Fastify (ADR 0082, amending 0075). The app's adapter remembers
 * each answer a controller returns for a GET or HEAD, per request target, when the app's
 * `EarlyAdmission` says its route's answers may be repeated and the answer is not one made for its
 * request only (`PreparedAnswer.forThisRequestOnly`, ADR 0083). A later GET of the same target, while that
 * answer is fresh, is answered from the server's `request` event, before Fastify makes a request and a
 * reply, routes and runs its hooks: with the same header fields in the same order as through Fastify
 * (helmet's, CORS's, the request id, the app's own such as the RateLimit headers, then
 * `preparedAnswerHead`'s), counted in the request metrics under its route and logged as any request.
 * Everything else goes on to Fastify: HEAD, a missing or malformed Host (its 400 is Fastify's), an
 * answer that is no longer fresh, a request the admission refuses.
 */
export class EarlyAnswers {
  private readonly served = new ServedAnswers();
  private admission: EarlyAdmission | undefined;

  constructor(private readonly context: EarlyAnswerContext) {}

  /** Sets what decides which routes are repeated and what each early answer counts and carries. */
  admitWith(admission: EarlyAdmission): void {
    this.admission = admission;
  }

  /** Called for every prepared answer a controller returns (the app's adapter). */
  remember(request: FastifyRequest, answer: PreparedAnswer): void {
    if (!answer.repeatable) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (this.admission?.servesEarly(request) !== true) return;
    this.served.remember(request.url, answer, request.routeOptions.url ?? 'unmatched');
  }

  /** Answers `req` if it may be answered early; false when Fastify must. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const admission = this.admission;
    if (admission === undefined || req.method !== 'GET' || !isValidHost(req.headers.host)) return false;
    const context = this.context;
    const now = context.now();
    const served = this.served.fresh(req.url ?? '', now);
    if (served === undefined) return false;
    const started = process.hrtime.bigint();
    const id = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    const fields = securityHeaderFields();
    if (context.cors !== undefined) addCorsFields(context.cors, req, fields);
    fields[REQUEST_ID_HEADER] = id;
    let ip: string | undefined;
    const client = () => (ip ??= clientAddress(req, context.trustProxy));
    if (!admission.admit(req, client, fields)) return false;
    const answer = served.answer;
    const status = preparedAnswerHead(req.headers['if-none-match'], answer, now, fields);
    if (status === 200) fields['content-length'] = String(answer.body.length);
    res.writeHead(status, fields);
    res.end(status === 200 ? answer.body : undefined);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    context.metrics.observe('GET', served.route, status, seconds);
    context.requestLogger?.info({
      reqId: id,
      ...requestLine('GET', served.route, req.url ?? '', status, client(), seconds),
    });
    return true;
  }
}

/**
 * The client address of `req` exactly as Fastify's `request.ip` gives it: the socket's address, or
 * behind trusted proxies the first untrusted address of X-Forwarded-For read from the right, with the
 * library Fastify itself uses.
 */
export function clientAddress(
  req: IncomingMessage,
  trustProxy: ((address: string) => boolean) | false,
): string {
  if (trustProxy === false) return req.socket.remoteAddress ?? '';
  const addresses = proxyAddr.all(req, trustProxy);
  return addresses[addresses.length - 1] ?? '';
}

/**
 * Puts `early` in front of Fastify on `server`: its `request` listener (the one Fastify installs when
 * it creates the server) runs only for requests `early` does not answer. A failure while answering
 * early is logged; the request then goes to Fastify if nothing was written yet, else its connection
 * is closed.
 */
export function installEarlyAnswers(server: Server, early: EarlyAnswers, logger: AppLogger): void {
  const listeners = server.listeners('request') as RequestListener[];
  const fastify = listeners[0];
  if (listeners.length !== 1 || fastify === undefined)
    throw new Error(
      `installEarlyAnswers: expected Fastify's one request listener, found ${listeners.length}`,
    );
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (early.answer(req, res)) return;
    } catch (error) {
      logger.error({ msg: 'Early answer failed', err: error });
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    fastify(req, res);
  });
}
