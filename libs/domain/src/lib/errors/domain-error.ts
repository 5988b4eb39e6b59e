import { ERROR_MESSAGES } from '@craftstats/contracts';

/**
 * Codes of the failures the domain itself detects. HTTP-level failures (unauthorized, not found,
 * unavailable) are not the domain's: the platform maps those (see libs/platform errors).
 */
export type DomainErrorCode = 'PLAYER_NOT_FOUND' | 'INVALID_UUID' | 'INVALID_NICK' | 'VALIDATION_FAILED';

/** The default Czech message of each code: the wire contract's message of the same code. */
export const DOMAIN_ERROR_MESSAGES: Readonly<Record<DomainErrorCode, string>> = {
  PLAYER_NOT_FOUND: ERROR_MESSAGES.PLAYER_NOT_FOUND,
  INVALID_UUID: ERROR_MESSAGES.INVALID_UUID,
  INVALID_NICK: ERROR_MESSAGES.INVALID_NICK,
  VALIDATION_FAILED: ERROR_MESSAGES.VALIDATION_FAILED,
};

/** A failure with a code; `message` is Czech text safe to show to clients. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string = DOMAIN_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The error with its default message. */
  static of(code: DomainErrorCode): DomainError {
    return new DomainError(code, DOMAIN_ERROR_MESSAGES[code]);
  }
}
