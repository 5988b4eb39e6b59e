import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_LIFETIME_SECONDS, LEGACY_TOKEN_HEADER } from '@craftstats/contracts';
import { StaffAccountRepository, normalizeUuid } from '@craftstats/domain';
import { APP_CONFIG, ApiConfig, Clock } from '@craftstats/platform';
import { isStaffRank } from './auth.staff';
import { StaffPrincipal } from './auth.types';

/** Name of the passport strategy (`AuthGuard(JWT_STRATEGY)`). */
export const JWT_STRATEGY = 'jwt';

/** Algorithms a token may be signed with: HS256 only (no `none`, no HS512, no RS*-with-HMAC-key confusion). */
export const JWT_ALGORITHMS = ['HS256'] as const;

/**
 * How far a token's `iat` may lie ahead of this instance's clock, in seconds. Tokens are only issued
 * by the API itself with `iat` = its current second, so on one clock `iat` is never ahead; the few
 * seconds cover API instances whose clocks differ slightly (a fresh token must not bounce off another
 * instance). Anything further ahead — a token minted for the future with a leaked key, or by a
 * misconfigured clock — is refused: it would otherwise outlive the 4 h bound counted from now.
 */
export const JWT_IAT_CLOCK_SKEW_SECONDS = 5;

/**
 * Verifies the login JWT, presented as `Authorization: Bearer <jwt>` or (the panel's earlier API)
 * `x-access-token: <jwt>`. passport-jwt/jsonwebtoken check the signature, the algorithm and `exp`;
 * `validate` adds what they don't: `exp` and `iat` must be present with `exp - iat` = 4 h (a token
 * without `exp` would otherwise never expire), `iat` must not lie in the future (beyond
 * JWT_IAT_CLOCK_SKEW_SECONDS), and the subject must still be staff now, still have a staff account, with
 * the password the token was issued under — a cheap lookup by the uuid in `sub` per request, so a demoted
 * or removed staff member, or one whose password was changed, loses access at once instead of at the
 * token's expiry, while a renamed one keeps it (ADR 0017).
 *
 * "The password the token was issued under" is an exact comparison, not a time order: the token's
 * `pwd_at` must equal the account's stored `password_set_at` (ms), which strictly increases with every
 * password change (the repository guarantees it, even for two changes within one millisecond). So a
 * token issued in the same second as a change — before it — is refused, the login right after it is
 * accepted, and no clock difference between API instances can make either go wrong (ADR 0044).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
    @Inject(StaffAccountRepository) private readonly accounts: StaffAccountRepository,
    @Inject(Clock) private readonly clock: Clock,
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

  /**
   * Returns the principal, or `false` (→ 401) for claims that are malformed, issued in the future, no
   * longer staff, or issued under another password than the staff member's current one.
   */
  async validate(payload: unknown): Promise<StaffPrincipal | false> {
    if (payload === null || typeof payload !== 'object') return false;
    const { sub, nick, rank, iat, exp, pwd_at: passwordSetAt } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || normalizeUuid(sub) !== sub) return false;
    if (typeof nick !== 'string' || nick === '' || typeof rank !== 'string') return false;
    if (!Number.isSafeInteger(iat) || !Number.isSafeInteger(exp)) return false;
    if (!Number.isSafeInteger(passwordSetAt)) return false;
    const issuedAt = iat as number;
    const expiresAt = exp as number;
    if (expiresAt - issuedAt !== JWT_LIFETIME_SECONDS) return false;
    if (issuedAt * 1000 > this.clock.now() + JWT_IAT_CLOCK_SKEW_SECONDS * 1000) return false;

    // The identity is the uuid (ADR 0017): a rename keeps the session, a player using the same nick
    // is somebody else. `nick` and `rank` are only informative.
    const staff = await this.accounts.findByUuid(sub);
    if (!staff || !isStaffRank(staff.rank, this.config)) return false;
    // The staff account must still exist: a token outlives neither its account nor its password.
    if (staff.passwordHash === null || staff.passwordSetAt === null) return false;
    if (staff.passwordSetAt !== passwordSetAt) return false;
    return { uuid: staff.uuid, nick: staff.nick, rank: staff.rank, expiresAt: expiresAt * 1000 };
  }
}
