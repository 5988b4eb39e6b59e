import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@craftstats/contracts';

/** Shortest and longest accepted password of `/account/register`, in characters (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Czech messages of the account endpoints beyond the seed's (ACCOUNT_MESSAGES in the contracts):
 * the precise 400s. Candidates for ACCOUNT_MESSAGES.
 */
export const ACCOUNT_BODY_MESSAGES = {
  /** 400 `/account/login`: username or password missing, empty, too long or not text. */
  LOGIN_INVALID: ACCOUNT_MESSAGES.INVALID_BODY,
  /** 400 `/account/register`: username, password or adminKey missing, empty, too long or not text. */
  REGISTER_INVALID: 'Neplatný požadavek: vyplň uživatelské jméno, heslo a adminKey.',
  /** 400: the body is not valid JSON or not a JSON object. */
  MALFORMED: 'Neplatný požadavek: tělo musí být JSON objekt.',
  /** 400 `/account/register`: the password policy. */
  PASSWORD_POLICY: `Heslo musí mít ${PASSWORD_MIN_LENGTH} až ${PASSWORD_MAX_LENGTH} znaků.`,
  PAYLOAD_TOO_LARGE: ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  UNAVAILABLE: ERROR_MESSAGES.UNAVAILABLE,
  INTERNAL_ERROR: ERROR_MESSAGES.INTERNAL_ERROR,
} as const;

/** The JSON body an endpoint expects, as a newcomer types it: `{"username","password"}`. */
export const bodyShape = (fields: readonly string[]): string => `{${fields.map((f) => `"${f}"`).join(',')}}`;

/** 400s that name the field at fault and show the expected body. */
export const ACCOUNT_FIELD_MESSAGES = {
  missing: (field: string, fields: readonly string[]) =>
    `Neplatný požadavek: chybí pole "${field}" (tělo je ${bodyShape(fields)}).`,
  unknown: (field: string, fields: readonly string[]) =>
    `Neplatný požadavek: pole "${field}" není povolené (tělo je ${bodyShape(fields)}).`,
  invalid: (field: string, maxLength: number) =>
    `Neplatný požadavek: pole "${field}" musí být text o 1 až ${maxLength} znacích.`,
} as const;
