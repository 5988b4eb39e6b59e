import { RouteConfig } from '@nestjs/platform-fastify';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';

/**
 * Route metadata in the Fastify route config (`request.routeOptions.config`), which Fastify has before
 * Nest runs the route: for the body parser, and for errors raised before Nest's pipeline. Adds
 * `entries` to what other decorators of the same handler put there (Nest's `RouteConfig` alone would
 * replace it), whatever their order.
 */
export function WithRouteConfig(entries: Record<string, unknown>): MethodDecorator {
  return (target, key, descriptor) => {
    const current = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, descriptor.value as object) as
      Record<string, unknown> | undefined;
    return RouteConfig({ ...current, ...entries })(target, key, descriptor);
  };
}

/** A value a request's route declared with {@link WithRouteConfig}; undefined for none. */
export function routeConfigOf(request: FastifyRequest, key: string): unknown {
  const config = request.routeOptions?.config as unknown as Record<string, unknown> | undefined;
  return config?.[key];
}
