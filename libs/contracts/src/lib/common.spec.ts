import { assertType, type Equal } from '../../test/type-assertions';
import { ERROR_CODES, ERROR_HTTP_STATUS, isErrorCode, isErrorEnvelope, type ErrorCode } from './common';

describe('ERROR_CODES', () => {
  it('lists the fourteen error codes', () => {
    expect(ERROR_CODES).toEqual([
      'BAD_REQUEST',
      'VALIDATION_FAILED',
      'INVALID_UUID',
      'INVALID_NICK',
      'PLAYER_NOT_FOUND',
      'NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'RATE_LIMITED',
      'UNAVAILABLE',
      'INTERNAL_ERROR',
    ]);
    assertType<
      Equal<
        ErrorCode,
        | 'BAD_REQUEST'
        | 'VALIDATION_FAILED'
        | 'INVALID_UUID'
        | 'INVALID_NICK'
        | 'PLAYER_NOT_FOUND'
        | 'NOT_FOUND'
        | 'METHOD_NOT_ALLOWED'
        | 'UNAUTHORIZED'
        | 'FORBIDDEN'
        | 'PAYLOAD_TOO_LARGE'
        | 'UNSUPPORTED_MEDIA_TYPE'
        | 'RATE_LIMITED'
        | 'UNAVAILABLE'
        | 'INTERNAL_ERROR'
      >
    >();
  });

  it('maps each code to its HTTP status', () => {
    expect(ERROR_HTTP_STATUS).toEqual({
      BAD_REQUEST: 400,
      VALIDATION_FAILED: 400,
      INVALID_UUID: 400,
      INVALID_NICK: 400,
      PLAYER_NOT_FOUND: 404,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
      INTERNAL_ERROR: 500,
    });
  });
});

describe('isErrorCode / isErrorEnvelope', () => {
  it('accepts only known codes', () => {
    expect(isErrorCode('PLAYER_NOT_FOUND')).toBe(true);
    expect(isErrorCode('player_not_found')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('accepts exactly the { status, error, message } shape', () => {
    expect(isErrorEnvelope({ status: 404, error: 'PLAYER_NOT_FOUND', message: 'Hráč nebyl nalezen.' })).toBe(
      true,
    );
    expect(isErrorEnvelope({ status: 404, error: 'SOMETHING', message: 'x' })).toBe(false);
    expect(isErrorEnvelope({ status: '404', error: 'NOT_FOUND', message: 'x' })).toBe(false);
    expect(isErrorEnvelope({ success: false, message: 'x' })).toBe(false);
    expect(isErrorEnvelope(null)).toBe(false);
    expect(isErrorEnvelope('NOT_FOUND')).toBe(false);
  });
});
