import type { FastifyReply } from 'fastify';
import { SECURITY_HEADERS } from './edge';

/** Header fields of an answer as they are written, in the order they are set. */
export type HeaderFields = Record<string, string | number | string[] | undefined>;

/**
 * A reply's header fields, made holding helmet's headers (SECURITY_HEADERS) from the start. Fastify
 * keeps a reply's headers in a plain `{}` it fills one key at a time; V8 turns such an object into a
 * slow dictionary at its 20th key, and every answer of the API has 20 or more (helmet's 12, the
 * request id, the three RateLimit headers, ETag, Cache-Control, Content-Type, Content-Length). Both
 * the filling and Node's walk over the fields when it writes the head then cost two to three times as much
 * (docs/performance.md, "Per-request work, third pass"). Objects of a class whose constructor stores
 * the first fields keep room for more, and stay fast up to 25 fields.
 */
class AnswerHeaders {
  constructor() {
    const fields = this as unknown as HeaderFields;
    for (const name of SECURITY_NAMES) fields[name] = SECURITY_HEADERS[name];
  }
}

const SECURITY_NAMES = Object.keys(SECURITY_HEADERS);

/** A new set of header fields holding helmet's headers, shaped as every reply's (`AnswerHeaders`). */
export function securityHeaderFields(): HeaderFields {
  return new AnswerHeaders() as HeaderFields;
}

/**
 * The one Fastify internal this code reaches: the key under which a reply keeps its header object
 * (`kReplyHeaders` in fastify/lib/symbols.js, `Symbol('fastify.reply.headers')`; Fastify's version is
 * pinned in package-lock.json). Found on the first reply; null when a Fastify version has none.
 */
let headersKey: symbol | null | undefined;

function headersKeyOf(reply: FastifyReply): symbol | null {
  headersKey ??=
    Object.getOwnPropertySymbols(reply).find((key) => key.description === 'fastify.reply.headers') ?? null;
  return headersKey;
}

/**
 * Sets helmet's headers on `reply` (every answer of both apps carries them): its header object is
 * replaced by an `AnswerHeaders` holding them, with any field set before (CORS) copied over. Should a
 * Fastify version keep its headers elsewhere, they are set the documented way (`reply.headers`).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  const key = headersKeyOf(reply);
  const holder = reply as unknown as Record<symbol, HeaderFields | undefined>;
  const before = key === null ? undefined : holder[key];
  if (key === null || before === undefined) {
    void reply.headers(SECURITY_HEADERS);
    return;
  }
  const headers = securityHeaderFields();
  for (const name in before) headers[name] = before[name];
  holder[key] = headers;
}
