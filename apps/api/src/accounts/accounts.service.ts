import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@craftstats/contracts';
import { DomainError, StaffAccountRepository, StaffCredentials } from '@craftstats/domain';
import {
  APP_CONFIG,
  ApiConfig,
  Clock,
  RequestLog,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@craftstats/platform';
import { AuthTokenService } from '../auth/auth-token.service';
import { isStaffRank } from '../auth/auth.staff';
import { AdminKeyVerifier } from './accounts.credentials';
import { LoginDto, RegisterDto } from './accounts.dto';
import { ACCOUNT_BODY_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './accounts.dto';
import { PasswordHasher } from './accounts.credentials';

/** Length in characters as people count them (code points, so an emoji is one). */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Staff passwords and login (README, "API": `/account/register`, `/account/login`). Staff = a player whose current rank is in
 * STAFF_RANK_IDS. Passwords are never logged, returned or kept beyond the argon2id hash.
 */
@Injectable()
export class AccountsService {
  private readonly adminKey: AdminKeyVerifier;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ApiConfig,
    @Inject(StaffAccountRepository) private readonly accounts: StaffAccountRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.adminKey = new AdminKeyVerifier(config.adminKey);
  }

  /**
   * Sets a staff member's password. Order: adminKey (403, constant time, before anything that could
   * reveal who is staff), password policy (400), staff lookup (404), hash and store (503 on failure).
   * `log` is the request's (`@RequestLogger('Accounts')`).
   */
  async register(request: RegisterDto, log: RequestLog): Promise<void> {
    if (!this.adminKey.matches(request.adminKey))
      throw new DomainError('FORBIDDEN', ACCOUNT_MESSAGES.ADMIN_KEY_MISMATCH);
    const length = characters(request.password);
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      throw new DomainError('VALIDATION_FAILED', ACCOUNT_BODY_MESSAGES.PASSWORD_POLICY);
    }
    const staff = await this.step(log, 'lookup', () => this.accounts.findByNick(request.username));
    if (!staff || !isStaffRank(staff.rank, this.config))
      throw new DomainError('NOT_FOUND', ACCOUNT_MESSAGES.UNKNOWN_USERNAME);
    await this.step(log, 'update', async () => {
      const hash = await this.passwords.hash(request.password);
      await this.accounts.setPasswordHash(staff.playerId, hash, this.clock.now());
    });
    log.log({ msg: 'Staff password set', nick: staff.nick, uuid: staff.uuid });
  }

  /**
   * Returns a token for a staff member with a matching password. Unknown user, not staff, no password
   * yet and a wrong password all fail alike (401, same text) and cost one argon2 verification each.
   */
  async login(request: LoginDto, log: RequestLog): Promise<string> {
    const found = await this.accounts.findByNick(request.username);
    const staff: StaffCredentials | null = found && isStaffRank(found.rank, this.config) ? found : null;
    const hash = staff?.passwordHash ?? null;
    // Always one verification (against a dummy hash when there is nothing to check), then decide.
    const valid = await this.passwords.verify(hash, request.password, log);
    if (!staff || hash === null || staff.passwordSetAt === null || !valid)
      throw new DomainError('UNAUTHORIZED', ACCOUNT_MESSAGES.LOGIN_FAILED);
    // The token carries the version (set time) of the password it was checked against (ADR 0044).
    const token = await this.tokens.issue(
      { uuid: staff.uuid, nick: staff.nick, rank: staff.rank, passwordSetAt: staff.passwordSetAt },
      this.clock.now(),
    );
    log.log({ msg: 'Staff logged in', nick: staff.nick, uuid: staff.uuid });
    return token;
  }

  /** Runs a storage step of the registration; any failure is the original API's "update failed" 503. */
  private async step<T>(log: RequestLog, name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      log.error({
        msg: 'Setting a staff password failed',
        step: name,
        reason: error instanceof Error ? error.message : String(error),
      });
      throw new DomainError('UNAVAILABLE', ACCOUNT_MESSAGES.UPDATE_FAILED, {
        retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
    }
  }
}
