import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { trimOldest } from '../collections/bounded-map';
import type { HeaderFields } from './reply-headers';

/**
 * A `{ status: 200, data }` answer serialized once, with its strong ETag, written as it is to every
 * request that gets it: what a public read's controller returns (the micro-caches make them). The app's
 * Fastify adapter writes it with `writePreparedAnswer` (ETag, Cache-Control, 304), the one writer of
 * cached answers; any other return value is sent as Nest sends it.
 */
export class PreparedAnswer {
  private constructor(
    /** UTF-8 JSON bytes of the whole envelope. */
    readonly body: Buffer,
    /** Strong validator: a quoted hash of `body`. */
    readonly etag: string,
    /** When the data was read (ms): the staleness bound counts from here. */
    readonly createdAt: number,
    /** When the answer stops being served (ms). */
    readonly expiresAt: number,
    /**
     * For data that never changes again (a closed vote period): `Cache-Control: public,
     * max-age=<this>, immutable` instead of what is left of the TTL.
     */
    readonly immutableMaxAge: number | undefined,
    /** See {@link PreparedAnswer.whileCurrent}; undefined = valid until `expiresAt`. */
    private readonly current?: () => boolean,
    /** False for an answer made for one request only (see {@link PreparedAnswer.forThisRequestOnly}). */
    readonly repeatable = true,
  ) {}

  /** Serializes `{ status: 200, data }` read at `createdAt`, served for `ttlMs`. */
  static of(data: unknown, createdAt: number, ttlMs: number, immutableMaxAge?: number): PreparedAnswer {
    const json = JSON.stringify({ status: 200, data });
    // A buffer of its own, not a slice of Node's shared 8 KB pool (which `Buffer.from` uses below
    // 4 KB, most answers): a cached answer would keep its whole slab alive, and with thousands of
    // profiles cached that was up to ~8 MB of external memory (docs/performance.md, "Where a profile
    // lookup's time goes").
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json, 'utf8'));
    body.write(json, 'utf8');
    // One-shot hashing (Node 20.12+): no Hash object per answer.
    const etag = `"${hash('sha256', body, 'base64url').slice(0, 32)}"`;
    return new PreparedAnswer(body, etag, createdAt, createdAt + ttlMs, immutableMaxAge);
  }

  /**
   * The same answer (the same bytes) for a request whose meaning changes with time, such as the board
   * of the current vote month: served again by {@link ServedAnswers} only while `current()` holds. The
   * micro-caches keep the answer itself, whose data stays true for its key (the period) until it expires.
   */
  whileCurrent(current: () => boolean): PreparedAnswer {
    return this.copy(current, this.repeatable);
  }

  /**
   * The same answer, written to the request it was made for and never repeated to another one before
   * Fastify (ADR 0083): what a micro-cache returns when it does not keep a load's answer, so that the
   * answer is garbage as soon as it is written.
   */
  forThisRequestOnly(): PreparedAnswer {
    return this.copy(this.current, false);
  }

  /** The same bytes and times, with another currency check and repeatability. */
  private copy(current: (() => boolean) | undefined, repeatable: boolean): PreparedAnswer {
    return new PreparedAnswer(
      this.body,
      this.etag,
      this.createdAt,
      this.expiresAt,
      this.immutableMaxAge,
      current,
      repeatable,
    );
  }

  /** True while the answer may be served at `now`: its TTL has not run out and it is still current. */
  isFresh(now: number): boolean {
    return now < this.expiresAt && (this.current === undefined || this.current());
  }

  /**
   * `Cache-Control` at `now`: what is left of the server-side TTL, so that the data a client shows is
   * never older than the endpoint's TTL, micro-cache and client cache together.
   */
  cacheControl(now: number): string {
    return this.immutableMaxAge === undefined
      ? `public, max-age=${Math.max(0, Math.floor((this.expiresAt - now) / 1000))}`
      : `public, max-age=${this.immutableMaxAge}, immutable`;
  }
}

/** True when an `If-None-Match` header names `etag` (weak comparison: a `W/` prefix is ignored) or is `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The status and header fields of a prepared answer at `now`, added to `fields`: `ETag`,
 * `Cache-Control`, and either `Content-Type` (200, the bytes follow) or nothing more (304: the client
 * already holds them, its `If-None-Match` names the ETag). What both writers of prepared answers
 * write: `writePreparedAnswer` through Fastify, and early answers before it (early-answers.ts).
 */
export function preparedAnswerHead(
  ifNoneMatch: string | string[] | undefined,
  answer: PreparedAnswer,
  now: number,
  fields: HeaderFields,
): 200 | 304 {
  fields['etag'] = answer.etag;
  fields['cache-control'] = answer.cacheControl(now);
  if (matchesIfNoneMatch(ifNoneMatch, answer.etag)) return 304;
  fields['content-type'] = JSON_TYPE;
  return 200;
}

/** Writes a prepared answer through Fastify (`preparedAnswerHead`): a 200 with the bytes, or a 304. */
export function writePreparedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  now: number,
): FastifyReply {
  const fields: HeaderFields = {};
  const status = preparedAnswerHead(request.headers['if-none-match'], answer, now, fields);
  void reply.code(status).headers(fields);
  return status === 304 ? reply.send() : reply.send(answer.body);
}

/**
 * Upper bound of request targets {@link ServedAnswers} remembers. Each holds only a reference to an
 * answer a micro-cache made, so the bound limits the keys and how long an evicted answer stays alive.
 */
export const SERVED_ANSWERS_MAX_TARGETS = 4_096;

/** A remembered answer and the route (its template, the metrics' label) it was answered by. */
export interface ServedAnswer {
  answer: PreparedAnswer;
  route: string;
}

/**
 * Per request target (`request.url`: path and query string as sent), the prepared answer last written
 * for it and its route (ADRs 0075, 0082). A later request for the same target, while that answer is
 * fresh, gets it without Fastify's router and hooks or Nest: the target was routed, validated and
 * looked up to exactly this answer, and it depends on nothing else of the request. Bounded; the
 * oldest targets go first.
 */
export class ServedAnswers {
  private readonly targets = new Map<string, ServedAnswer>();

  constructor(private readonly maxTargets = SERVED_ANSWERS_MAX_TARGETS) {}

  /** Remembers that `target` was answered with `answer` by `route`. */
  remember(target: string, answer: PreparedAnswer, route: string): void {
    if (this.targets.get(target)?.answer === answer) return;
    this.targets.set(target, { answer, route });
    trimOldest(this.targets, this.maxTargets);
  }

  /** What was remembered for `target` if its answer is fresh at `now` (a stale one is forgotten). */
  fresh(target: string, now: number): ServedAnswer | undefined {
    const served = this.targets.get(target);
    if (served === undefined) return undefined;
    if (served.answer.isFresh(now)) return served;
    this.targets.delete(target);
    return undefined;
  }

  /** Number of targets remembered (tests). */
  get size(): number {
    return this.targets.size;
  }
}
