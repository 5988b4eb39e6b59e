import { DynamicModule, Logger, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../errors/error-envelope';
import { ErrorEnvelopeFilter, sendErrorEnvelope } from '../errors/error-envelope.filter';
import { JsonLogger } from '../logging/json-logger';
import { Metrics } from '../metrics/metrics';

export interface HttpAppOptions {
  /** App name in logs and metrics. */
  name: string;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit: number;
  metrics: Metrics;
  logger?: JsonLogger;
}

const started = Symbol('startedAt');
type TimedRequest = FastifyRequest & { [started]?: bigint };

/**
 * Creates a NestJS app on Fastify with everything both apps share: JSON logs, the error envelope
 * for every failure (including body-parser errors raised before Nest routing), request metrics and
 * graceful shutdown (SIGTERM → stop accepting, finish in-flight requests, close the database).
 */
export async function createHttpApp(module: Type | DynamicModule, options: HttpAppOptions): Promise<NestFastifyApplication> {
  const logger = options.logger ?? new JsonLogger(options.name);
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    logger: false,
    // Keep-alive sockets without a request in flight are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Errors the router raises before Nest sees the request (a malformed %-escape in the path, a path
    // parameter over maxParamLength: Fastify's 400/414) become the 400 BAD_REQUEST envelope.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendErrorEnvelope(
        (error.statusCode ?? 500) < 500 ? new ApiException(400, 'BAD_REQUEST') : error,
        request,
        reply,
        new Logger('Http'),
      ),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as Type, adapter, {
    logger,
    bufferLogs: false,
    abortOnError: false,
  });
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);

  const fastify = app.getHttpAdapter().getInstance();
  const requestLogger = new Logger('Http');
  fastify.addHook('onRequest', async (request: TimedRequest) => {
    request[started] = process.hrtime.bigint();
  });
  fastify.addHook('onResponse', async (request: TimedRequest, reply: FastifyReply) => {
    const seconds = Number(process.hrtime.bigint() - (request[started] ?? process.hrtime.bigint())) / 1e9;
    const route = request.routeOptions?.url ?? 'unmatched';
    options.metrics.observe(request.method, route, reply.statusCode, seconds);
    requestLogger.log({
      msg: 'request',
      method: request.method,
      route,
      path: request.url.split('?')[0].slice(0, 200),
      status: reply.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
    });
  });
  return app;
}
