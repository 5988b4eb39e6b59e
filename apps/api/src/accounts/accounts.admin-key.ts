import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
