import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '@craftstats/platform';
import { AnsweredTargets, writeCachedAnswer } from './fast-path';
import { CachedResponse } from './micro-cache';

export { matchesIfNoneMatch, remainingMaxAge } from './fast-path';

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
 * a body. Controllers take `@Res()` and hand the reply here. It also remembers which bytes answered the
 * request target, so the fast path (ADR 0050) can answer the same target again while they are fresh.
 */
@Injectable()
export class CachedReplies {
  constructor(
    private readonly clock: Clock,
    private readonly targets?: AnsweredTargets,
  ) {}

  send(
    request: FastifyRequest,
    reply: FastifyReply,
    cached: CachedResponse,
    options: ReplyCacheOptions = {},
  ): void {
    this.targets?.remember(request.url, cached, options.immutableMaxAge);
    writeCachedAnswer(request, reply, cached, this.clock.now(), options.immutableMaxAge);
  }
}
