import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@craftstats/domain';
import { WithRouteConfig, routeConfigOf } from './route-config';

export const JSON_MEDIA_TYPE = 'application/json';
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Route config key of {@link AcceptsFormBody}. */
const ACCEPTS_FORM_BODY = 'craftstatsAcceptsFormBody';

/** The media type of a Content-Type header, lower-case, without its parameters ('' for none). */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** A form is read as UTF-8 (percent-escapes of UTF-8 bytes): another declared charset would garble it. */
function isUtf8(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Route metadata: the route takes its body as `application/x-www-form-urlencoded` (in UTF-8) as well as
 * JSON (the account endpoints: clients of the old API send forms, docs/legacy-clients.md). Nest's
 * Fastify adapter parses every form within the app's body limit (fast-querystring) into an object
 * without `Object.prototype`, one text per field and an array for a field sent more than once; the
 * route's DTO then validates it exactly as a JSON body (an array is not text, `__proto__` and
 * `constructor` are refused by name). Other routes keep refusing forms ({@link BodyMediaTypeGuard}).
 */
export function AcceptsFormBody(): MethodDecorator {
  return WithRouteConfig({ [ACCEPTS_FORM_BODY]: true });
}

export function acceptsFormBody(request: FastifyRequest): boolean {
  return routeConfigOf(request, ACCEPTS_FORM_BODY) === true;
}

/**
 * Refuses a request body that is not `application/json` — or a UTF-8 form, on a route that
 * {@link AcceptsFormBody} — with 415 UNSUPPORTED_MEDIA_TYPE (Fastify would parse `text/plain` into a
 * string, and Nest parses every form). List it before guards that count the request (the rate limit).
 */
@Injectable()
export class BodyMediaTypeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!hasBody(request)) return true;
    const type = mediaType(request.headers['content-type']);
    if (type === JSON_MEDIA_TYPE) return true;
    if (type === FORM_MEDIA_TYPE && acceptsFormBody(request) && isUtf8(request.headers['content-type'])) {
      return true;
    }
    throw DomainError.of('UNSUPPORTED_MEDIA_TYPE');
  }
}
