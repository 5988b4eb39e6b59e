import type { JwtClaims } from '@craftstats/contracts';

/** The staff member a valid token stands for, as the request handlers see it (`@CurrentStaff()`). */
export interface StaffPrincipal {
  /** Dashed lower-case UUID (the token's `sub`). */
  uuid: string;
  /** Current nick and rank (looked up on every request, so they may be newer than the token's claims). */
  nick: string;
  rank: string;
  /** Expiry of the presented token, ms since epoch. */
  expiresAt: number;
}

export type StaffTokenClaims = JwtClaims;
