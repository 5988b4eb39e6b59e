import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@craftstats/domain';
import { WithRouteConfig, routeConfigOf } from './route-config';

export const JSON_MEDIA_TYPE = 'application/json';
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Route config key of {@link AcceptsFormBody}. */
const ACCEPTS_FORM_BODY = 'craftstatsAcceptsFormBody';
/** Route config key of {@link ChecksBodyMediaType}. */
const CHECKS_BODY_MEDIA_TYPE = 'craftstatsChecksBodyMediaType';

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
 * `constructor` are refused by name). Other routes keep refusing forms ({@link ChecksBodyMediaType}).
 */
export function AcceptsFormBody(): MethodDecorator {
  return WithRouteConfig({ [ACCEPTS_FORM_BODY]: true });
}

export function acceptsFormBody(request: FastifyRequest): boolean {
  return routeConfigOf(request, ACCEPTS_FORM_BODY) === true;
}

/**
 * Route metadata: a request body that is not `application/json` — or a UTF-8 form, on a route that
 * {@link AcceptsFormBody} — is refused with 415 UNSUPPORTED_MEDIA_TYPE (Fastify would parse `text/plain`
 * into a string, and Nest parses every form). Checked by {@link bodyMediaTypeHook}, a `preValidation`
 * hook: before the `preHandler` hooks that count the request (the API's rate limits), so a 415 is not counted.
 */
export function ChecksBodyMediaType(): MethodDecorator {
  return WithRouteConfig({ [CHECKS_BODY_MEDIA_TYPE]: true });
}

/** The 415 for a request whose body's media type its route does not take, else undefined. */
export function bodyMediaTypeError(request: FastifyRequest): DomainError | undefined {
  if (!hasBody(request)) return undefined;
  const type = mediaType(request.headers['content-type']);
  if (type === JSON_MEDIA_TYPE) return undefined;
  if (type === FORM_MEDIA_TYPE && acceptsFormBody(request) && isUtf8(request.headers['content-type'])) {
    return undefined;
  }
  return DomainError.of('UNSUPPORTED_MEDIA_TYPE');
}

/** Fastify `preValidation` hook of {@link ChecksBodyMediaType} (createHttpApp installs it). */
export function bodyMediaTypeHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(routeConfigOf(request, CHECKS_BODY_MEDIA_TYPE) === true ? bodyMediaTypeError(request) : undefined);
}
