import { DomainError } from '@craftstats/domain';
import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ERROR_MESSAGES } from '@craftstats/contracts';

import { StaffPrincipal } from './auth.types';
import { JWT_STRATEGY } from './jwt.strategy';

/** Message of the 401 for a token that was valid but has expired (log in again). */
export const TOKEN_EXPIRED_MESSAGE = 'Platnost přístupového tokenu vypršela, přihlas se znovu.';

/**
 * Requires a valid staff JWT (see JwtStrategy). Anything wrong with the token — missing, malformed,
 * tampered, wrong algorithm or key, expired, no `exp`, `iat` in the future, issued under another
 * password than the current one (`pwd_at`, ADR 0044), no longer staff — answers
 * 401 `{ status: 401, error: 'UNAUTHORIZED', message }` with `WWW-Authenticate: Bearer`.
 * Errors that are not about the token (the database is down) keep their own status (503).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  override handleRequest<TUser = StaffPrincipal>(err: unknown, user: unknown, info: unknown): TUser {
    if (err) throw err;
    if (!user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw new DomainError('UNAUTHORIZED', expired ? TOKEN_EXPIRED_MESSAGE : ERROR_MESSAGES.UNAUTHORIZED);
    }
    return user as TUser;
  }
}
