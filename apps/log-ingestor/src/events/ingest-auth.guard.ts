import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  createParamDecorator,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, IngestorConfig, IngestCredential } from '@craftstats/platform';
import { DomainError } from '@craftstats/domain';

/** Where the guard leaves the authenticated server name on the request. */
const INGEST_SERVER = Symbol('ingestServer');
type AuthenticatedRequest = FastifyRequest & { [INGEST_SERVER]?: string };

/** `Bearer <token>`; the scheme is case-insensitive, the token has no whitespace. */
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The game servers' credentials from `INGEST_TOKENS`. Tokens are compared as SHA-256 digests with
 * `timingSafeEqual` (equal lengths, constant time), against every configured token without an early
 * exit, so the answer time tells nothing about the token or which server it belongs to.
 */
export class IngestTokens {
  private readonly digests: ReadonlyArray<{ server: string; digest: Buffer }>;

  constructor(credentials: readonly IngestCredential[]) {
    this.digests = credentials.map(({ server, token }) => ({ server, digest: sha256(token) }));
  }

  get configured(): boolean {
    return this.digests.length > 0;
  }

  /** The server name of the credential whose token is `presented`, or null. */
  serverFor(presented: string): string | null {
    const candidate = sha256(presented);
    let server: string | null = null;
    for (const credential of this.digests) {
      const equal = timingSafeEqual(candidate, credential.digest);
      if (equal && server === null) server = credential.server;
    }
    return server;
  }

  /** The server authenticated by an `Authorization` header value, or null. */
  authenticate(authorization: string | undefined): string | null {
    const match = authorization === undefined ? null : BEARER.exec(authorization);
    return match === null ? null : this.serverFor(match[1]);
  }
}

/**
 * Admits only requests with `Authorization: Bearer <token>` of a configured game server and records
 * the server's name (the token's name in `INGEST_TOKENS`) for {@link IngestServer}. Anything else is
 * 401 UNAUTHORIZED; with no `INGEST_TOKENS` every request is (and a warning says so at start).
 */
@Injectable()
export class IngestAuthGuard implements CanActivate, OnApplicationBootstrap {
  private readonly logger = new Logger('IngestAuth');
  private readonly tokens: IngestTokens;

  constructor(@Inject(APP_CONFIG) config: IngestorConfig) {
    this.tokens = new IngestTokens(config.ingestTokens);
  }

  onApplicationBootstrap(): void {
    if (!this.tokens.configured) {
      this.logger.warn({
        msg: 'INGEST_TOKENS is not set: POST /v1/events refuses every event with 401 until game-server tokens are configured',
      });
    }
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const server = this.tokens.authenticate(request.headers.authorization);
    if (server === null) throw DomainError.of('UNAUTHORIZED');
    request[INGEST_SERVER] = server;
    return true;
  }
}

/** The server name {@link IngestAuthGuard} authenticated the request as. */
export const IngestServer = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const server = context.switchToHttp().getRequest<AuthenticatedRequest>()[INGEST_SERVER];
  if (server === undefined) throw new Error('@IngestServer() used on a route without IngestAuthGuard');
  return server;
});
