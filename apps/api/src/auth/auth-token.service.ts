import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_LIFETIME_SECONDS } from '@craftstats/contracts';
import { StaffTokenClaims } from './auth.types';

export interface TokenSubject {
  uuid: string;
  nick: string;
  rank: string;
  /** When the password the login was checked against was set, ms (the stored `password_set_at`). */
  passwordSetAt: number;
}

/**
 * Issues the login JWT: HS256, claims `sub` (uuid), `nick`, `rank`, `iat`, `exp` = `iat` + 4 h
 * exactly (both in whole seconds, so the difference is exact) and `pwd_at`, the exact set time (ms) of
 * the password the login was checked against — the password's version, compared on every request
 * (ADR 0044). Verification is the JwtStrategy's.
 */
@Injectable()
export class AuthTokenService {
  constructor(@Inject(JwtService) private readonly jwt: JwtService) {}

  issue(subject: TokenSubject, nowMs: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    const claims: StaffTokenClaims = {
      sub: subject.uuid,
      nick: subject.nick,
      rank: subject.rank,
      iat,
      exp: iat + JWT_LIFETIME_SECONDS,
      pwd_at: subject.passwordSetAt,
    };
    return this.jwt.signAsync(claims, { algorithm: 'HS256' });
  }
}
