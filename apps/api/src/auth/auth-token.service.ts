import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_LIFETIME_SECONDS } from '@craftstats/contracts';

export interface TokenSubject {
  uuid: string;
  nick: string;
  rank: string;
}

/**
 * Issues the login JWT: HS256, claims `sub` (uuid), `nick`, `rank`, `iat`, and `exp` = `iat` + 4 h
 * exactly (both in whole seconds, so the difference is exact). Verification is the JwtStrategy's.
 */
@Injectable()
export class AuthTokenService {
  constructor(@Inject(JwtService) private readonly jwt: JwtService) {}

  issue(subject: TokenSubject, nowMs: number = Date.now()): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return this.jwt.signAsync(
      { sub: subject.uuid, nick: subject.nick, rank: subject.rank, iat, exp: iat + JWT_LIFETIME_SECONDS },
      { algorithm: 'HS256' },
    );
  }
}
