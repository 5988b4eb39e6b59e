import type { DataEnvelope, RankId } from './common';

/** Body of `POST /account/register`: sets a staff member's password. */
export interface RegisterRequest {
  /** Staff member nick. */
  username: string;
  password: string;
  /** The server's shared admin key. */
  adminKey: string;
}

/**
 * Answer of `POST /account/register` with one of `ACCOUNT_MESSAGES`:
 * 200 `PASSWORD_SET`, 403 `ADMIN_KEY_MISMATCH`, 404 `UNKNOWN_USERNAME`, 503 `UPDATE_FAILED`,
 * 400 `INVALID_BODY`, 429 `RATE_LIMITED`.
 */
export interface RegisterResponse {
  success: boolean;
  message: string;
}

/** Body of `POST /account/login`. */
export interface LoginRequest {
  username: string;
  password: string;
}

/**
 * Answer of `POST /account/login`: 200 with the JWT, otherwise `success: false` (401 `LOGIN_FAILED`,
 * 400 `INVALID_BODY`, 429 `RATE_LIMITED`). Narrow on `success`.
 */
export type LoginResponse =
  | {
      success: true;
      message: string;
      /** HS256 JWT, valid {@link JWT_LIFETIME_SECONDS}; send as `Authorization: Bearer <token>`. */
      token: string;
    }
  | {
      success: false;
      message: string;
    };

/** `data` of `GET /account/me` (requires the token): the logged-in staff member. */
export interface AccountMe {
  nick: string;
  uuid: string;
  /** Rank identifier, numeric text ({@link RankId}). */
  rank: RankId;
  /** When the presented token expires, milliseconds since epoch. */
  expiresAt: number;
}

export type AccountMeResponse = DataEnvelope<AccountMe>;

/** Claims of the login JWT. `exp` is exactly `iat` + {@link JWT_LIFETIME_SECONDS}. */
export interface JwtClaims {
  /** Staff member's dashed lower-case UUID. */
  sub: string;
  nick: string;
  /** Rank identifier, numeric text ({@link RankId}). */
  rank: RankId;
  /** Issued at, seconds since epoch. */
  iat: number;
  /** Expiry, seconds since epoch. */
  exp: number;
  /**
   * When the staff member's password current at login was set, ms since epoch (the password's version:
   * it strictly increases with every change). The token is valid only while it equals the stored one.
   */
  pwd_at: number;
}

/** The login token is valid for 4 hours. */
export const JWT_LIFETIME_SECONDS = 4 * 60 * 60;

/** The legacy header the API also accepts instead of `Authorization: Bearer` (the panel's earlier API). */
export const LEGACY_TOKEN_HEADER = 'x-access-token';
