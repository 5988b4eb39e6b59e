/** Codes of the failures the domain knows about; the API maps each to one HTTP status in one place. */
export type DomainErrorCode =
  | 'PLAYER_NOT_FOUND'
  | 'INVALID_UUID'
  | 'INVALID_NICK'
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'UNAVAILABLE';

/** The default Czech message of each code, as shown to API clients. */
export const DOMAIN_ERROR_MESSAGES: Readonly<Record<DomainErrorCode, string>> = {
  PLAYER_NOT_FOUND: 'Hráč nebyl nalezen.',
  INVALID_UUID: 'Neplatné UUID hráče.',
  INVALID_NICK: 'Neplatný nick hráče.',
  VALIDATION_FAILED: 'Požadavek neprošel kontrolou.',
  UNAUTHORIZED: 'Chybí nebo je neplatný přístupový token.',
  NOT_FOUND: 'Požadovaný zdroj neexistuje.',
  UNAVAILABLE: 'Služba je dočasně nedostupná, zkus to za chvíli.',
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
