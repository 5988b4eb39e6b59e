import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_LIFETIME_SECONDS, LEGACY_TOKEN_HEADER } from '@craftstats/contracts';
import { StaffAccountRepository, normalizeUuid } from '@craftstats/domain';
import { APP_CONFIG, AppConfig } from '@craftstats/platform';
import { isStaffRank } from './auth.staff';
import { StaffPrincipal } from './auth.types';

/** Name of the passport strategy (`AuthGuard(JWT_STRATEGY)`). */
export const JWT_STRATEGY = 'jwt';

/** Algorithms a token may be signed with: HS256 only (no `none`, no HS512, no RS*-with-HMAC-key confusion). */
export const JWT_ALGORITHMS = ['HS256'] as const;

/**
 * Verifies the login JWT, presented as `Authorization: Bearer <jwt>` or (the panel's earlier API)
 * `x-access-token: <jwt>`. passport-jwt/jsonwebtoken check the signature, the algorithm and `exp`;
 * `validate` adds what they don't: `exp` and `iat` must be present with `exp - iat` = 4 h (a token
 * without `exp` would otherwise never expire), and the subject must still be staff now — a cheap
 * indexed lookup per request, so a demoted, renamed or removed staff member loses access at once
 * instead of at the token's expiry.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StaffAccountRepository) private readonly accounts: StaffAccountRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        ExtractJwt.fromHeader(LEGACY_TOKEN_HEADER),
      ]),
      secretOrKey: config.jwtSecret,
      algorithms: [...JWT_ALGORITHMS],
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 0 },
    });
  }

  /** Returns the principal, or `false` (→ 401) for claims that are malformed or no longer staff. */
  async validate(payload: unknown): Promise<StaffPrincipal | false> {
    if (payload === null || typeof payload !== 'object') return false;
    const { sub, nick, rank, iat, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || normalizeUuid(sub) !== sub) return false;
    if (typeof nick !== 'string' || nick === '' || typeof rank !== 'string') return false;
    if (!Number.isSafeInteger(iat) || !Number.isSafeInteger(exp)) return false;
    if ((exp as number) - (iat as number) !== JWT_LIFETIME_SECONDS) return false;

    const staff = await this.accounts.findByNick(nick);
    if (!staff || staff.uuid !== sub || !isStaffRank(staff.rank, this.config)) return false;
    return { uuid: staff.uuid, nick: staff.nick, rank: staff.rank, expiresAt: (exp as number) * 1000 };
  }
}
