import { DOMAIN_ERROR_MESSAGES, DomainError, DomainErrorCode } from './domain-error';

describe('DomainError', () => {
  it('carries the code and the message', () => {
    const error = new DomainError('VALIDATION_FAILED', 'Pole "limit" musí být nejvýše 500.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Pole "limit" musí být nejvýše 500.');
    expect(error.name).toBe('DomainError');
  });

  it('uses the default message of the code when none is given', () => {
    expect(new DomainError('PLAYER_NOT_FOUND').message).toBe('Hráč nebyl nalezen.');
  });

  it.each<[DomainErrorCode, string]>([
    ['PLAYER_NOT_FOUND', 'Hráč nebyl nalezen.'],
    ['INVALID_UUID', 'Neplatné UUID hráče.'],
    ['INVALID_NICK', 'Neplatný nick hráče.'],
    ['VALIDATION_FAILED', 'Požadavek neprošel kontrolou.'],
  ])('DomainError.of(%s) has the Czech message "%s"', (code, message) => {
    const error = DomainError.of(code);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(DOMAIN_ERROR_MESSAGES[code]).toBe(message);
  });

  it('has a message for exactly the four domain codes (HTTP-level failures belong to the platform)', () => {
    expect(Object.keys(DOMAIN_ERROR_MESSAGES)).toHaveLength(4);
  });
});
