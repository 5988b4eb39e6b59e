// Staff credentials: the argon2id password hasher and the constant-time adminKey check.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { RequestLog } from '@craftstats/platform';

/**
 * argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet: 19 MiB, 2 iterations, 1 lane).
 * The parameters are stored in each hash, so raising them later keeps old hashes verifiable.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes and verifies staff passwords. `verify(null, …)` checks against a dummy hash made at start
 * with the same parameters, so a login for an unknown user costs as much as a wrong password.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: string | undefined;

  async onModuleInit(): Promise<void> {
    await this.dummy();
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /**
   * True only for a stored hash that matches; `null` (no such account) always costs one verification
   * and fails. A stored hash that cannot be read is logged to `log` (the request's) and fails.
   */
  async verify(hash: string | null, password: string, log: Pick<RequestLog, 'warn'>): Promise<boolean> {
    const target = hash ?? (await this.dummy());
    try {
      const matches = await argon2.verify(target, password);
      return hash !== null && matches;
    } catch (error) {
      log.warn({
        msg: 'Stored password hash cannot be verified',
        reason: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  private async dummy(): Promise<string> {
    this.dummyHash ??= await argon2.hash(randomBytes(32), ARGON2_OPTIONS);
    return this.dummyHash;
  }
}

const digest = (value: string | Buffer): Buffer => createHash('sha256').update(value).digest();

/**
 * Compares a supplied adminKey with ADMIN_KEY in constant time: both are hashed to SHA-256 first, so
 * the comparison has a fixed length whatever the input (no throw, no early exit on a length mismatch).
 * Without a configured ADMIN_KEY nothing matches (compared against a random key, same cost).
 */
export class AdminKeyVerifier {
  private readonly expected: Buffer;
  private readonly configured: boolean;

  constructor(adminKey: string | null) {
    this.configured = adminKey !== null && adminKey !== '';
    this.expected = digest(this.configured ? (adminKey as string) : randomBytes(32));
  }

  matches(candidate: string): boolean {
    const equal = timingSafeEqual(digest(candidate), this.expected);
    return this.configured && equal;
  }
}
