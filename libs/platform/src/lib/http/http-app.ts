import { type IncomingHttpHeaders, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { ERROR_MESSAGES, ErrorEnvelope } from '@craftstats/contracts';
import { CorsConfig } from '../config/edge-config';
import { DomainError } from '@craftstats/domain';
import { ErrorEnvelopeFilter, sendErrorAnswer } from '../errors/error-envelope.filter';
import { LoggingConfig } from '../config/config-parsers';
import { AppLogger, createLogger, lazyChildLogger, requestIdOf } from '../logging/logger';
import { NestPinoLogger } from '../logging/nest-logger';
import { CzechValidationPipe } from '../validation/validation.pipe';
import { Metrics } from '../metrics/metrics';
import { SECURITY_HEADERS, corsHook, trustedProxies } from './edge';
import { PreparedAnswer, writePreparedAnswer } from './prepared-answer';
import { EarlyAnswers, REQUEST_ID_HEADER, installEarlyAnswers, requestLine } from './early-answers';
import { Clock } from '../time/clock';
import type { ServiceConfig } from '../config/app-config';
import { installEdgeAnswers, rawEnvelopeAnswer } from './edge-answers';
import { setSecurityHeaders } from './reply-headers';
import { installGracefulClose } from './graceful-close';
import { bodyMediaTypeHook } from './request-body';

export interface HttpAppOptions {
  /** App name in logs and metrics. */
  name: string;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit: number;
  metrics: Metrics;
  /** LOG_LEVEL, LOG_FORMAT, LOG_REQUESTS. */
  logging: LoggingConfig;
  /** The process's pino logger (`runApp` makes it; tests pass one writing to memory); default stdout. */
  logger?: AppLogger;
  /**
   * Addresses/CIDRs of trusted reverse proxies (TRUST_PROXY): only a request from one of them has its
   * client address (`request.ip`: rate limits, logs) taken from X-Forwarded-For. Default none.
   */
  trustProxy?: string[];
  /** Browser access from other origins (CORS_ORIGINS); omitted = no CORS headers at all. */
  cors?: CorsConfig;
}

/** Message of the 431 for a request line and headers over Node's limit (`maxHeaderSize`, 16 KiB). */
export const HEADERS_TOO_LARGE_MESSAGE = 'Hlavičky nebo adresa požadavku jsou příliš dlouhé.';

/** Message of the 408 for a request that did not arrive in time (only with a `requestTimeout`). */
export const REQUEST_TIMEOUT_MESSAGE = 'Požadavek nedorazil včas.';

/**
 * The complete raw HTTP/1.1 answer to a request Node's HTTP parser refused before Fastify saw it
 * (the error of a `clientError` event): 431 for a request line and headers over the size limit,
 * 408 for a request timeout, 400 for anything else unparsable — always the error envelope, as
 * `connection: close`. Undefined for a connection the client reset (nothing to answer).
 */
export function clientErrorResponse(error: { code?: string; rawPacket?: unknown }): string | undefined {
  if (error.code === 'ECONNRESET') return undefined;
  const envelope: ErrorEnvelope =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, error: 'BAD_REQUEST', message: HEADERS_TOO_LARGE_MESSAGE }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, error: 'BAD_REQUEST', message: REQUEST_TIMEOUT_MESSAGE }
        : { status: 400, error: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST };
  // A HEAD request gets the headers only, even when the rest of it was unparsable:
  // a body after them would be read by the client as a corrupt next answer.
  const head =
    Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  return rawEnvelopeAnswer(envelope, head);
}

/**
 * Fastify's `clientErrorHandler`: there is no request or reply object, so the answer is written to the
 * socket directly — only while it is writable and no answer of an earlier (keep-alive) request has
 * started on it (raw bytes would corrupt that one) — and the socket is then destroyed.
 */
function answerClientError(error: { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (socket.destroyed) return;
  const response = clientErrorResponse(error);
  // Node's own default handler checks the same internal field before writing its 400.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (response !== undefined && socket.writable && inFlight?.headersSent !== true) socket.write(response);
  socket.destroy();
}

/**
 * Nest's Fastify adapter, writing a controller's {@link PreparedAnswer} with `writePreparedAnswer` at the
 * app's Clock (`now`, set once the app exists) and handing it to the app's early answers (`early`, see
 * {@link earlyAnswersOf}); every other return value is sent as Nest sends it.
 */
class AppFastifyAdapter extends FastifyAdapter {
  now: () => number = Date.now;
  early: EarlyAnswers | undefined;

  override reply(response: FastifyReply | ServerResponse, body: unknown, statusCode?: number): FastifyReply {
    if (body instanceof PreparedAnswer && !(response instanceof ServerResponse)) {
      this.early?.remember(response.request, body);
      return writePreparedAnswer(response.request, response, body, this.now());
    }
    return super.reply(response, body, statusCode);
  }
}

/**
 * The early answers of an app made by `createHttpApp` (ADR 0082): the API gives them its
 * `EarlyAdmission` (its public rate limit) at module init. `httpAdapter` is the app's
 * (`HttpAdapterHost`).
 */
export function earlyAnswersOf(httpAdapter: unknown): EarlyAnswers {
  if (!(httpAdapter instanceof AppFastifyAdapter) || httpAdapter.early === undefined)
    throw new Error('earlyAnswersOf: the app was not made by createHttpApp');
  return httpAdapter.early;
}

function appClock(app: NestFastifyApplication): Clock | undefined {
  try {
    return app.get(Clock, { strict: false });
  } catch {
    return undefined;
  }
}

const started = Symbol('startedAt');
type TimedRequest = FastifyRequest & { [started]?: bigint };

/**
 * Creates a NestJS app on Fastify with everything both apps share: pino logs (nestjs-pino; a request id
 * per request, reused from a sane X-Request-Id and echoed, in every line the request logs), the error envelope
 * for every failure (including body-parser errors raised before Nest routing and requests Node's
 * HTTP parser refuses), request metrics and
 * graceful shutdown on `app.close()` (stop accepting, answer every request already received or arriving
 * on an open connection, close the database; `runApp` calls it on SIGTERM/SIGINT; graceful-close.ts).
 */
export async function createHttpApp(
  module: Type | DynamicModule,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(options.name, options.logging);
  const trustProxy = trustedProxies(options.trustProxy ?? []);
  const adapter = new AppFastifyAdapter({
    // No Nest middleware: what runs on every request is a Fastify hook (CORS, security headers, request
    // id and logger, edge answers below), so @fastify/middie, Nest's middleware layer, is not installed.
    skipMiddie: true,
    bodyLimit: options.bodyLimit,
    // Fastify's logger is the app's pino: each request gets a child logger carrying its id (`reqId`).
    // Fastify's own request lines are off; the one line per request is written below (LOG_REQUESTS).
    loggerInstance: logger as FastifyBaseLogger,
    // …created when the request first logs (most cached reads never do).
    childLoggerFactory: (parent: FastifyBaseLogger, bindings: Bindings, childOptions: ChildLoggerOptions) =>
      lazyChildLogger(parent as AppLogger, bindings, childOptions),
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (raw: { headers: IncomingHttpHeaders }) => requestIdOf(raw.headers[REQUEST_ID_HEADER]),
    trustProxy,
    // Keep-alive sockets without a request in flight are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    // Requests on open connections during shutdown are processed and answered with `Connection: close`
    // (installGracefulClose), never refused with Fastify's 503. A missing/bad Host, Expect and CONNECT
    // are answered in the envelope by installEdgeAnswers instead of Fastify's and Node's own answers.
    return503OnClosing: false,
    http: { requireHostHeader: false },
    // A doubled slash is matched as one (`//player/x` is `/player/x`): clients that join a base URL
    // ending in "/" with a path starting with "/" send them (docs/legacy-clients.md). `request.url`
    // keeps what was sent; the route (metrics label, request log) is the matched one.
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    // Errors the router raises before Nest sees the request (a malformed %-escape in the path, a path
    // parameter over maxParamLength: Fastify's 400/414) become the 400 BAD_REQUEST envelope.
    // They are answered before the hooks run, so helmet's headers are set here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendErrorAnswer(
        (error.statusCode ?? 500) < 500 ? DomainError.of('BAD_REQUEST') : error,
        request,
        reply.headers(SECURITY_HEADERS).header(REQUEST_ID_HEADER, request.id),
        'Http',
      ),
    // Errors of Node's HTTP parser (headers over 16 KiB → 431, an unparsable request → 400) happen
    // before Fastify has a request; without this they would get Fastify's own JSON, not the envelope.
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as Type, adapter, {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
    abortOnError: false,
  });
  // The one error path. Nest installs Fastify's error handler (once, at init) and sends what it catches
  // there (body parser, body limit) through this global filter too; the filter picks the answer shape
  // the route declares (`@AnswerErrorsWith`), by default the envelope.
  app.useGlobalFilters(new ErrorEnvelopeFilter(app));
  // Prepared answers' max-age follows the app's Clock (a module without one: the system clock).
  const clock = appClock(app);
  if (clock !== undefined) adapter.now = () => clock.now();
  // The one validation path: every DTO-typed parameter, 400 VALIDATION_FAILED in Czech.
  app.useGlobalPipes(new CzechValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  // Decided once: with LOG_REQUESTS=off (or a level above info) a request builds no log line at all.
  const logRequests = options.logging.requests && logger.isLevelEnabled('info');
  // Fresh answers of public reads are repeated before Fastify makes a request at all (ADR 0082), with
  // the headers the hooks below set and counted and logged as they do; the app says which routes and
  // what each answer counts (`earlyAnswersOf(...).admitWith`).
  adapter.early = new EarlyAnswers({
    now: () => adapter.now(),
    cors: options.cors,
    trustProxy,
    metrics: options.metrics,
    requestLogger: logRequests ? logger : undefined,
  });
  installEarlyAnswers(app.getHttpServer() as Server, adapter.early, logger);
  // CORS first: a preflight is answered there, before the other hooks.
  if (options.cors !== undefined) fastify.addHook('onRequest', corsHook(options.cors));
  const refusedHost = installEdgeAnswers(app);
  installGracefulClose(app);
  // Routes that check their body's media type (`ChecksBodyMediaType`): after parsing, before anything counts.
  fastify.addHook('preValidation', bodyMediaTypeHook);

  // What every request goes through first, in one callback hook (no promise, one hook to run):
  // - helmet's headers (HELMET_OPTIONS) on every answer; they do not depend on the request, so they are
  //   computed once (SECURITY_HEADERS) instead of running helmet's middleware chain each time, and set
  //   in a header object shaped for them (reply-headers.ts);
  // - the Host check of installEdgeAnswers, which answers a bad one there;
  // - the request's id on its answer, its start time for the metrics and the request log.
  // What logs during a request writes through `request.log` (requestLog, `@RequestLogger()`), which
  // carries the request's id.
  fastify.addHook('onRequest', (request: TimedRequest, reply: FastifyReply, done: () => void) => {
    setSecurityHeaders(reply);
    if (refusedHost(request, reply)) return;
    request[started] = process.hrtime.bigint();
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // A callback hook, not an async one: no promise per request.
  fastify.addHook('onResponse', (request: TimedRequest, reply: FastifyReply, done: () => void) => {
    const seconds = Number(process.hrtime.bigint() - (request[started] ?? process.hrtime.bigint())) / 1e9;
    const route = request.routeOptions?.url ?? 'unmatched';
    options.metrics.observe(request.method, route, reply.statusCode, seconds);
    if (logRequests) {
      request.log.info(
        requestLine(request.method, route, request.url, reply.statusCode, request.ip, seconds),
      );
    }
    done();
  });

  return app;
}

/**
 * One of the apps (the API, the log-ingestor): its name in logs and metrics, its root module, its body
 * limit, and what it serves beside its controllers. `createApp` builds any of them the same way.
 */
export interface AppDefinition<C extends ServiceConfig> {
  name: string;
  module: (config: C, metrics: Metrics) => DynamicModule;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit: number;
  /** Browser access from other origins (the API's CORS_ORIGINS); omitted = no CORS headers at all. */
  cors?: (config: C) => CorsConfig;
  /** Routes Fastify serves beside the controllers (documentation, the website), before `init`. */
  install?: (app: NestFastifyApplication, config: C) => void | Promise<void>;
}

/** Builds an app without listening: `runApp` listens on its port, tests on an ephemeral one. */
export async function createApp<C extends ServiceConfig>(
  definition: AppDefinition<C>,
  config: C,
  logger?: AppLogger,
): Promise<NestFastifyApplication> {
  const metrics = new Metrics(definition.name);
  const app = await createHttpApp(definition.module(config, metrics), {
    name: definition.name,
    bodyLimit: definition.bodyLimit,
    metrics,
    logging: config.logging,
    logger,
    trustProxy: config.trustProxy,
    cors: definition.cors?.(config),
  });
  await definition.install?.(app, config);
  await app.init();
  return app;
}
