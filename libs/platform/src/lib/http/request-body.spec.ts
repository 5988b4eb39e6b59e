import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';
import { toErrorEnvelope } from '../errors/error-envelope';
import { AcceptsFormBody, bodyMediaTypeError } from './request-body';
import { WithRouteConfig } from './route-config';

class Routes {
  @AcceptsFormBody()
  @WithRouteConfig({ other: 1 })
  takesForms(): string {
    return 'form or JSON';
  }

  @WithRouteConfig({ other: 2 })
  @AcceptsFormBody()
  takesFormsToo(): string {
    return 'form or JSON';
  }

  jsonOnly(): string {
    return 'JSON';
  }
}

const configOf = (handler: () => string) =>
  Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined;

/** The check's verdict on a request with `headers` to a route with `handler`'s config. */
function verdict(handler: () => string, headers: Record<string, string>): number {
  const request = { headers, routeOptions: { config: configOf(handler) ?? {} } } as unknown as FastifyRequest;
  const error = bodyMediaTypeError(request);
  return error === undefined ? 200 : toErrorEnvelope(error).envelope.status;
}

const body = (contentType: string) => ({ 'content-type': contentType, 'content-length': '20' });

describe('route config decorators', () => {
  it('add to the route config whatever their order, instead of replacing it', () => {
    expect(configOf(Routes.prototype.takesForms)).toEqual({ other: 1, craftstatsAcceptsFormBody: true });
    expect(configOf(Routes.prototype.takesFormsToo)).toEqual({ other: 2, craftstatsAcceptsFormBody: true });
  });
});

describe('bodyMediaTypeError', () => {
  it('lets JSON bodies through everywhere, and bodiless requests whatever their content type', () => {
    const { jsonOnly, takesForms } = Routes.prototype;
    expect(verdict(jsonOnly, body('application/json'))).toBe(200);
    expect(verdict(jsonOnly, body('Application/JSON; charset=utf-8'))).toBe(200);
    expect(verdict(takesForms, body('application/json'))).toBe(200);
    expect(verdict(jsonOnly, { 'content-type': 'text/plain', 'content-length': '0' })).toBe(200);
  });

  it('lets a UTF-8 form through only where the route accepts forms', () => {
    const { jsonOnly, takesForms, takesFormsToo } = Routes.prototype;
    const form = 'application/x-www-form-urlencoded';
    expect(verdict(takesForms, body(form))).toBe(200);
    expect(verdict(takesFormsToo, body(`${form}; charset=UTF-8`))).toBe(200);
    expect(
      verdict(takesForms, { 'content-type': `${form};charset="utf8"`, 'transfer-encoding': 'chunked' }),
    ).toBe(200);
    expect(verdict(jsonOnly, body(form))).toBe(415);
    expect(verdict(takesForms, body(`${form}; charset=iso-8859-2`))).toBe(415);
  });

  it('refuses every other media type with 415', () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml', '']) {
      expect({ type, status: verdict(Routes.prototype.takesForms, body(type)) }).toEqual({
        type,
        status: 415,
      });
    }
  });
});
