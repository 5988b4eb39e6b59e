import { ApiError, backoffDelayMs, errorCodeForStatus, isApiError, joinUrl, parseRetryAfter } from './http';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or invalid value', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('errorCodeForStatus', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [405, 'METHOD_NOT_ALLOWED'],
    [409, 'BAD_REQUEST'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [422, 'VALIDATION_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'INTERNAL_ERROR'],
    [502, 'UNAVAILABLE'],
    [503, 'UNAVAILABLE'],
    [504, 'UNAVAILABLE'],
  ])('maps %i to %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe('joinUrl', () => {
  it('joins without doubling or losing slashes and appends the query', () => {
    expect(joinUrl('https://api.example.cz', '/health')).toBe('https://api.example.cz/health');
    expect(joinUrl('https://api.example.cz//', '/health')).toBe('https://api.example.cz/health');
    expect(joinUrl('/api/', '/health', new URLSearchParams({ a: '1' }))).toBe('/api/health?a=1');
    expect(joinUrl('', '/health', new URLSearchParams())).toBe('/health');
  });
});

describe('backoffDelayMs', () => {
  it('draws from [0, min(max, base * 2^(retry-1)))', () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffDelayMs(retry, options))).toEqual([
      50, 100, 200, 400, 500, 500,
    ]);
    expect(backoffDelayMs(3, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('isApiError', () => {
  it('recognises ApiError instances and look-alikes from another copy of the package', () => {
    expect(isApiError(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' }))).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', status: 503, code: 'UNAVAILABLE' });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 1, code: 'X' })).toBe(false);
  });
});
