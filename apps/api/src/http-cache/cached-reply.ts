import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '@craftstats/platform';
import { CachedResponse } from './micro-cache';

/** True when an `If-None-Match` header names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/**
 * Seconds a client may keep the answer: what is left of the server-side TTL, so that the data a
 * client shows is never older than the endpoint's TTL, micro-cache and client cache together.
 */
export function remainingMaxAge(cached: CachedResponse, now: number): number {
  return Math.max(0, Math.floor((cached.expiresAt - now) / 1000));
}

export interface ReplyCacheOptions {
  /**
   * For data that never changes again (a closed vote period): `Cache-Control: public,
   * max-age=<this>, immutable` instead of the remaining micro-cache TTL.
   */
  immutableMaxAge?: number;
}

/**
 * Writes a cached answer: `ETag`, `Cache-Control: public, max-age=<remaining TTL>`, and either the
 * pre-serialized bytes (200) or, when the client already holds them (`If-None-Match`), 304 without
 * a body. Controllers take `@Res()` and hand the reply here.
 */
@Injectable()
export class CachedReplies {
  constructor(private readonly clock: Clock) {}

  send(
    request: FastifyRequest,
    reply: FastifyReply,
    cached: CachedResponse,
    options: ReplyCacheOptions = {},
  ): void {
    const cacheControl =
      options.immutableMaxAge === undefined
        ? `public, max-age=${remainingMaxAge(cached, this.clock.now())}`
        : `public, max-age=${options.immutableMaxAge}, immutable`;
    void reply.header('etag', cached.etag).header('cache-control', cacheControl);
    if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) {
      void reply.code(304).send();
      return;
    }
    void reply.code(200).header('content-type', 'application/json; charset=utf-8').send(cached.body);
  }
}
