import type { ErrorCode } from './common';

/**
 * Czech messages of the account endpoints (`{ success, message }` bodies). The first four are the
 * original API's exact texts and must never change, not even in punctuation.
 */
export const ACCOUNT_MESSAGES = {
  /** 200, `/account/register`: the password was set. */
  PASSWORD_SET: 'Heslo bylo úspěšně nastaveno!',
  /** 403, `/account/register`: the supplied adminKey differs from the server's. */
  ADMIN_KEY_MISMATCH: 'Adminkey se neshoduje s server AdminKey!',
  /** 404, `/account/register`: the username is not a staff member. */
  UNKNOWN_USERNAME: 'Neznámé uživatelské jméno!',
  /** 503, `/account/register`: storing the password failed; retry shortly. */
  UPDATE_FAILED: 'Update hesla selhal v API! Zkus to zachvilku!',
  /** 200, `/account/login`: logged in, the body carries the token. */
  LOGIN_OK: 'Přihlášení proběhlo úspěšně!',
  /** 401, `/account/login`: same text for an unknown user and a wrong password. */
  LOGIN_FAILED: 'Neplatné uživatelské jméno nebo heslo!',
  /** 429, both account endpoints: too many attempts (with `Retry-After`). */
  RATE_LIMITED: 'Příliš mnoho pokusů. Zkus to znovu za chvíli.',
  /** 400, both account endpoints: missing or invalid fields. */
  INVALID_BODY: 'Neplatný požadavek: vyplň uživatelské jméno a heslo.',
} as const;

/** Key of {@link ACCOUNT_MESSAGES}. */
export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** Any of the account endpoints' messages. */
export type AccountMessage = (typeof ACCOUNT_MESSAGES)[AccountMessageKey];

/**
 * Default Czech `message` of each {@link ErrorCode} in an error envelope. An endpoint may answer a more
 * specific text (for example naming the invalid field), so clients should display the received message
 * and use these only as a fallback.
 */
export const ERROR_MESSAGES = {
  BAD_REQUEST: 'Neplatný požadavek.',
  VALIDATION_FAILED: 'Požadavek neprošel kontrolou.',
  INVALID_UUID: 'Neplatné UUID hráče.',
  INVALID_NICK: 'Neplatný nick hráče.',
  PLAYER_NOT_FOUND: 'Hráč nebyl nalezen.',
  NOT_FOUND: 'Požadovaný zdroj neexistuje.',
  METHOD_NOT_ALLOWED: 'Metoda není pro tuto cestu povolena.',
  UNAUTHORIZED: 'Chybí nebo je neplatný přístupový token.',
  FORBIDDEN: 'Přístup odepřen.',
  PAYLOAD_TOO_LARGE: 'Tělo požadavku je příliš velké.',
  UNSUPPORTED_MEDIA_TYPE: 'Nepodporovaný typ obsahu, použij application/json.',
  RATE_LIMITED: 'Příliš mnoho požadavků. Zkus to znovu za chvíli.',
  UNAVAILABLE: 'Služba je dočasně nedostupná, zkus to za chvíli.',
  INTERNAL_ERROR: 'Nastala neočekávaná chyba.',
} as const satisfies Record<ErrorCode, string>;
