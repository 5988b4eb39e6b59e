import { ERROR_CODES } from './common';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from './messages';

describe('ACCOUNT_MESSAGES', () => {
  it('holds the seed texts and the login/validation texts exactly', () => {
    expect(ACCOUNT_MESSAGES).toEqual({
      PASSWORD_SET: 'Heslo bylo úspěšně nastaveno!',
      ADMIN_KEY_MISMATCH: 'Adminkey se neshoduje s server AdminKey!',
      UNKNOWN_USERNAME: 'Neznámé uživatelské jméno!',
      UPDATE_FAILED: 'Update hesla selhal v API! Zkus to zachvilku!',
      LOGIN_OK: 'Přihlášení proběhlo úspěšně!',
      LOGIN_FAILED: 'Neplatné uživatelské jméno nebo heslo!',
      RATE_LIMITED: 'Příliš mnoho pokusů. Zkus to znovu za chvíli.',
      INVALID_BODY: 'Neplatný požadavek: vyplň uživatelské jméno a heslo.',
    });
  });

  it('is stored in NFC form (composed Czech letters), as the seed is', () => {
    for (const message of Object.values(ACCOUNT_MESSAGES)) expect(message).toBe(message.normalize('NFC'));
  });
});

describe('ERROR_MESSAGES', () => {
  it('has the exact Czech default of every error code', () => {
    expect(ERROR_MESSAGES).toEqual({
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
    });
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });
});
