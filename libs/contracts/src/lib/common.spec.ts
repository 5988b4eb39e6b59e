import { assertType, type Equal } from '../../test/type-assertions';
import { ERROR_CODES, ERROR_HTTP_STATUS, isErrorCode, isErrorEnvelope, type ErrorCode } from './common';

// The codes named after an HTTP status use exactly that status; the others use their family's.
const HTTP_REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

describe('ERROR_HTTP_STATUS', () => {
  it('maps exactly the error codes, each to an error status', () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    const notAnError = ERROR_CODES.filter((code) => !(ERROR_HTTP_STATUS[code] in HTTP_REASON));
    expect(notAnError).toEqual([]);
    assertType<Equal<ErrorCode, (typeof ERROR_CODES)[number]>>();
  });

  it('answers a code named after an HTTP status with that status', () => {
    const asCode = (reason: string) => reason.toUpperCase().replace(/ /g, '_');
    const named = ERROR_CODES.filter((code) => Object.values(HTTP_REASON).some((r) => asCode(r) === code));
    expect(named.length).toBeGreaterThanOrEqual(7);
    const wrong = named
      .filter((code) => asCode(HTTP_REASON[ERROR_HTTP_STATUS[code]] ?? '') !== code)
      .map((code) => `${code} → ${ERROR_HTTP_STATUS[code]}`);
    expect(wrong).toEqual([]);
  });

  it('answers bad input 400, an unknown player 404, too many requests 429 and an outage 503', () => {
    const families = {
      400: ['VALIDATION_FAILED', 'INVALID_UUID', 'INVALID_NICK'],
      404: ['PLAYER_NOT_FOUND'],
      429: ['RATE_LIMITED'],
      503: ['UNAVAILABLE'],
      500: ['INTERNAL_ERROR'],
    } as const;
    const wrong = Object.entries(families).flatMap(([status, codes]) =>
      codes
        .filter((code) => ERROR_HTTP_STATUS[code] !== Number(status))
        .map((code) => `${code} → ${ERROR_HTTP_STATUS[code]}`),
    );
    expect(wrong).toEqual([]);
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
